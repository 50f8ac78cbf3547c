import type { Observation, StepResult } from "./task.ts";

/** What a step of a finished episode says by default. */
export const EPISODE_OVER = "the episode is over";

/**
 * The bookkeeping every environment keeps: steps taken, whether the episode is over and whether
 * it was solved, and the answer to a step taken once it is over (nothing happens, reward 0).
 * An environment holds one and exposes `done`, `success` and `steps` from it.
 */
export class EpisodeProgress {
  private stepCount = 0;
  private isDone = false;
  private isSuccess = false;

  /** @param overError the error a step of the finished episode reports. */
  constructor(private readonly overError: string = EPISODE_OVER) {}

  get done(): boolean {
    return this.isDone;
  }

  get success(): boolean {
    return this.isSuccess;
  }

  get steps(): number {
    return this.stepCount;
  }

  /**
   * Once the episode is over, what a step returns instead of acting: the observation as it is,
   * reward 0 and the "over" error. Undefined while the episode runs.
   */
  afterEnd(observe: () => Observation, success: boolean = this.isSuccess): StepResult | undefined {
    if (!this.isDone) return undefined;
    return { observation: observe(), reward: 0, done: true, success, error: this.overError };
  }

  /** Counts a step taken (refused ones included); the steps taken so far, this one included. */
  count(): number {
    this.stepCount++;
    return this.stepCount;
  }

  /** Marks the episode solved (it is over only once `end` is called). */
  solve(): void {
    this.isSuccess = true;
  }

  /** Ends the episode, solved when `success` says so (else as it stands). */
  end(success?: boolean): void {
    this.isDone = true;
    if (success !== undefined) this.isSuccess = success;
  }
}
