import type { Attempt } from "../../core/model.ts";
import type { PlayEpisode } from "./episode.ts";

/** What the server holds of one instance being played, until its sample is stored. */
export interface LiveInstance {
  /** When the server first showed the instance (ms since the epoch): the player's clock starts here. */
  firstShownMs: number;
  /** Every submission so far, in order. */
  attempts: Attempt[];
  /** What each submission said (the answer's text), in the same order; stored with the sample. */
  submitted: string[];
  /** Rule checks asked while drawing (stored with the sample: the player saw rules checked). */
  checks: number;
  /** The environment being played, for episode tasks. */
  episode: PlayEpisode | null;
}

/** Instances held at most, and how long one is kept without being touched. */
const MAX_LIVE = 256;
const IDLE_MS = 2 * 3600 * 1000;

/**
 * The instances being played, by (store, run, instance hash): bounded, least recently used first
 * out, and forgotten after two idle hours. A forgotten instance starts again (its clock, its
 * unstored attempts, its episode); what was stored stays.
 */
export class LiveInstances {
  private readonly map = new Map<string, { live: LiveInstance; touched: number }>();

  constructor(
    private readonly max = MAX_LIVE,
    private readonly idleMs = IDLE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The instance's live state, created (its clock started) on first use. */
  get(db: string, run: string, hash: string): LiveInstance {
    const key = JSON.stringify([db, run, hash]);
    const t = this.now();
    this.expire(t);
    const held = this.map.get(key);
    this.map.delete(key);
    const live = held?.live ?? { firstShownMs: t, attempts: [], submitted: [], checks: 0, episode: null };
    this.map.set(key, { live, touched: t });
    while (this.map.size > this.max) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
    }
    return live;
  }

  /** Forgets the instance (its sample is stored for good). */
  drop(db: string, run: string, hash: string): void {
    this.map.delete(JSON.stringify([db, run, hash]));
  }

  private expire(t: number): void {
    for (const [key, { touched }] of this.map) {
      if (t - touched <= this.idleMs) break;
      this.map.delete(key);
    }
  }
}

export const liveInstances = new LiveInstances();
