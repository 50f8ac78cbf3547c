import type { AnyTask, Instance, Observation, Prompt, PromptOptions } from "../../core/task.ts";
import type { Verdict } from "../../core/verdict.ts";

/** Turns of an episode whose environment sets no budget and whose run gives no --max-steps (runs, play, sessions). */
export const EPISODE_TURN_CAP = 200;

export interface CheckerOptions {
  /**
   * Worker threads (default: os.availableParallelism()). 0 runs everything on the calling thread, with
   * the same API and results but no isolation and no timeout (for library use and ad-hoc tasks).
   */
  size?: number;
  /**
   * URL of an ES module, imported in each worker, exporting `registerAllTasks(): void`, which registers
   * every task the jobs name (production: src/suites/catalog.ts). Unused when size is 0: tasks are then
   * taken as given.
   */
  tasks: string;
  /**
   * URL of an ES module exporting `runTextJob(kind: string, input: string): Promise<string>`, for
   * work a layer above defines (the reward service parses, checks and runs whole requests in the
   * threads). Imported in each worker after the tasks module; in the calling thread when size is 0.
   */
  textJobs?: string;
  /** A job (one grade, one combine, one environment call) running longer than this is an error and its worker is replaced. */
  jobTimeoutMs?: number;
  /**
   * V8 heap limit of each worker (MB; default a share of the machine's memory, 512 to 4096): a job that
   * exhausts it is an error and its worker is replaced.
   */
  maxMemoryMb?: number;
}

export interface GradeJobOptions {
  maxResponseBytes?: number;
  lenient?: boolean;
}

/** How the calling side takes a grade or verify job that ran out of time or lost its thread. */
export interface CallOptions {
  /**
   * Reject with a JobError (reason `timeout` or `lost`) instead of giving an `error` verdict: for a
   * service that answers a timeout as such. What the task itself throws stays an `error` verdict.
   */
  strict?: boolean;
}

/** Where generation, prompts, parse, verify, judge-combine and environment steps run (a worker pool, or this thread). */
export interface Checker {
  /** core/grade.ts gradeResponse (parse, then verify; anything the task throws is an `error` verdict). */
  grade(
    task: AnyTask,
    instance: Instance,
    text: string,
    opts?: GradeJobOptions,
    call?: CallOptions,
  ): Promise<{ answer: unknown; verdict: Verdict }>;
  /**
   * core/grade.ts verifyAnswer on an answer the caller has checked with the task's answer schema;
   * anything the task throws is an `error` verdict.
   */
  verify(task: AnyTask, instance: Instance, answer: unknown, call?: CallOptions): Promise<Verdict>;
  /**
   * core/instances.ts generateInstances with parameters already resolved (resolveParams). Rejects
   * with a JobError: `input` for an InputError of the task (too few distinct instances), `task` for
   * any other throw, `timeout` or `lost`.
   */
  generate(task: AnyTask, params: unknown, count: number, seed: string): Promise<Instance[]>;
  /** core/prompt-template.ts buildPrompt without a template (images carry Uint8Array data); rejects as `generate` does. */
  prompt(task: AnyTask, instance: Instance, opts?: Omit<PromptOptions, "template">): Promise<Prompt>;
  /**
   * The `textJobs` module's runTextJob(kind, input), text in and text out (no object is cloned
   * between threads). Rejects with a JobError: `task` for what it throws (or when there is no such
   * module), `timeout` or `lost`.
   */
  textJob(kind: string, input: string): Promise<string>;
  /** task.judge.combine(instance, verdict, grade, note); a throw is an `error` verdict. */
  combine(
    task: AnyTask,
    instance: Instance,
    verdict: Verdict,
    grade: number | null,
    note: string,
  ): Promise<Verdict>;
  /**
   * Opens task.env(instance, envOptions); the environment lives where it was opened until the episode
   * is closed. Rejects when the task has no environment or opening it throws.
   */
  openEpisode(task: AnyTask, instance: Instance, envOptions?: Record<string, unknown>): Promise<Episode>;
  /**
   * Starts every thread now rather than when jobs first wait for them, and resolves when they are all
   * ready (their tasks registered); rejects when they cannot start.
   */
  warm(): Promise<void>;
  /** Stops every worker. Jobs still pending, and any submitted later, reject. */
  close(): Promise<void>;
}

export interface EpisodeState {
  done: boolean;
  success: boolean;
  steps: number;
  maxSteps?: number;
  optimalSteps?: number;
  /** The environment's answer so far, when it gives one. */
  answer?: unknown;
  /** The environment's verdict, once done, when it gives one. */
  verdict?: Verdict;
}

/** One reply played in an episode: what the runner stores for the step, and where the episode is now. */
export interface StepOutcome {
  /** The action read from the reply; null when none could be read. */
  action: unknown;
  /** Why no action could be read (the step was not taken). */
  invalid?: string;
  reward: number;
  /** The environment refused the action (the episode goes on). */
  error?: string;
  /** The environment threw (or its worker was lost): the episode ends with this `error` verdict. */
  crashed?: Verdict;
  /** The observation after the step (unchanged when it crashed). */
  observation: Observation;
  state: EpisodeState;
}

export interface Episode {
  readonly instructions: string;
  /** The current observation (images carry Uint8Array data). */
  observation(): Observation;
  state(): EpisodeState;
  /** Reads the reply with core/grade.ts readAction and steps with stepSafely, where the environment lives. */
  step(reply: string, maxResponseBytes?: number): Promise<StepOutcome>;
  /** env.legalActions(), for the random agent. Rejects when the environment throws or was lost. */
  legalActions(): Promise<unknown[]>;
  /** env.referenceAction(), for the oracle agent. Rejects when the environment throws or was lost. */
  referenceAction(): Promise<unknown | undefined>;
  /** Frees the environment; never rejects. */
  close(): Promise<void>;
}
