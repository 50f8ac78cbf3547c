/**
 * How an answer failed: unreadable (`parse`), malformed for the task (`invalid`), readable and
 * legal but not a solution (`wrong`), left without the judge's grade it needs (`unscored`), or not
 * judged because the task's own code failed on it (`error`: a bug in Plumb, not in the answer).
 */
export type FailureKind = "parse" | "invalid" | "wrong" | "unscored" | "error";

export interface Check {
  name: string;
  ok: boolean;
  detail?: string;
}

export interface Verdict {
  /** 0..1 */
  score: number;
  passed: boolean;
  checks: Check[];
  failure?: { kind: FailureKind; message: string };
  /**
   * Where untrusted code ran to reach this verdict, when any could have: a sandbox's name ("bwrap"),
   * "none" (run unisolated, by --unsafe-verifiers), or "native" (a port ran instead; no untrusted code).
   */
  isolation?: string;
  /**
   * Numbers the task measured on this answer besides its score, by name (ComBench: "proof before
   * gating"); reports average each over the samples of the tasks that give it, a sample without it
   * counting 0.
   */
  metrics?: Record<string, number>;
}

/** What `Task.parse` returns when no answer can be read from a model's text. */
export class ParseFailure {
  readonly kind = "parse" as const;
  constructor(readonly message: string) {}
}

export function isParseFailure(x: unknown): x is ParseFailure {
  return x instanceof ParseFailure;
}

export function parseFailureVerdict(failure: ParseFailure): Verdict {
  return {
    score: 0,
    passed: false,
    checks: [{ name: "parse", ok: false, detail: failure.message }],
    failure: { kind: "parse", message: failure.message },
  };
}

/** The verdict when the task's own code threw on an answer: kept as an error, never a crashed run. */
export function errorVerdict(stage: string, error: unknown): Verdict {
  const message = `${stage} failed inside Plumb: ${error instanceof Error ? error.message : String(error)}`;
  return {
    score: 0,
    passed: false,
    checks: [{ name: "task.error", ok: false, detail: message }],
    failure: { kind: "error", message },
  };
}

/**
 * The usual pass/fail verdict from named checks: it passes when every check holds.
 * `invalid` names the checks whose failure makes the answer malformed rather than wrong.
 */
export function verdictFromChecks(checks: Check[], invalid: ReadonlySet<string> = new Set()): Verdict {
  const failed = checks.filter((c) => !c.ok);
  if (failed.length === 0) return { score: 1, passed: true, checks };
  const kind: FailureKind = failed.some((c) => invalid.has(c.name)) ? "invalid" : "wrong";
  const message = failed.map((c) => (c.detail ? `${c.name}: ${c.detail}` : c.name)).join("; ");
  return { score: 0, passed: false, checks, failure: { kind, message } };
}
