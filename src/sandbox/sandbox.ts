import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, constants, tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { clip } from "../core/clip.ts";
import { classify, type RawRun, stoppedBy } from "./classify.ts";
import { type Environment, type LaunchPlan, probeEnvironment } from "./environment.ts";
import { OutputCapture } from "./output-capture.ts";
import { seccompFilter } from "./seccomp.ts";
import { Semaphore } from "./semaphore.ts";
import { DEFAULT_LIMITS, type SandboxIsolation, type SandboxLimits, type SandboxResult } from "./types.ts";

export interface SandboxOptions {
  /** The command that finds Python, run once with the normal environment. Default "python3". */
  python?: string;
  /** The bubblewrap program. Default: `bwrap` on the PATH. */
  bubblewrap?: string;
  /** Processes allowed at once. Default: the number of CPUs. */
  concurrency?: number;
  /**
   * The audit-hook tripwire that names a forbidden operation (default on). It is defence in depth only:
   * the hostile tests turn it off to show the jail holds without it.
   */
  tripwire?: boolean;
}

export interface RunOptions {
  limits?: Partial<SandboxLimits>;
  /**
   * The payload's strings, for a verifier that can evaluate text: any of them that holds code outside
   * the pure expression language makes the run `refused` before the verifier starts.
   */
  strings?: readonly string[];
  /** Run directly, without isolation, when this machine cannot isolate (--unsafe-verifiers). */
  unisolated?: boolean;
}

/** A payload's value as the jailed evaluation reported it (tagged JSON, checked by the caller), or why not. */
export type Evaluation =
  | { ok: true; value: unknown; ms: number; isolation: SandboxIsolation }
  | { ok: false; reason: string; ms: number; isolation: SandboxIsolation }
  | { ok: false; unavailable: string };

export interface Sandbox {
  /** Runs `code` as `__main__` with `stdin` as its input. Never throws for what the code does. */
  run(code: string, stdin: string, options?: RunOptions): Promise<SandboxResult>;
  /** Evaluates a payload expression (or statements) in a jail of its own. Never throws for what it does. */
  evaluate(payload: string, options?: Omit<RunOptions, "strings">): Promise<Evaluation>;
  /** The probed launch plans, or why verifiers cannot run. */
  environment(): Promise<Environment>;
}

const REPORT_LIMIT = 16 * 1024;
/** The largest evaluated payload accepted, as tagged JSON. */
const EVALUATION_LIMIT = 16 * 1024 * 1024;

let bootstrapSource: string | undefined;
let lockdown: string | undefined;

function bootstrap(): string {
  bootstrapSource ??= readFileSync(new URL("./bootstrap.py", import.meta.url), "utf8");
  return bootstrapSource;
}

/** The filter the bootstrap installs before untrusted code runs (hex): the jail's, plus no exec. */
function lockdownFilter(): string {
  lockdown ??= seccompFilter({ exec: "deny" })?.toString("hex") ?? "";
  return lockdown;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const semaphore = new Semaphore(options.concurrency ?? availableParallelism());
  const tripwire = options.tripwire ?? true;
  let probed: Promise<Environment> | undefined;
  const environment = () => {
    probed ??= probeEnvironment(options.python ?? "python3", options.bubblewrap);
    return probed;
  };
  return {
    environment,

    async run(code, stdin, opts = {}) {
      const limits = checkLimits({ ...DEFAULT_LIMITS, ...opts.limits });
      const plan = planFor(await environment(), opts.unisolated === true);
      if ("unavailable" in plan) return unavailable(plan.unavailable);
      const job = JSON.stringify({ code, strings: opts.strings ?? [] });
      const started = performance.now();
      const stdout = new OutputCapture(limits.outputBytes);
      const stderr = new OutputCapture(limits.outputBytes);
      const raw = await semaphore.use(() =>
        launch(plan, "verify", job, stdin, limits, { stdout, stderr, fd4Limit: REPORT_LIMIT, tripwire }),
      );
      return {
        ...classify(raw, limits),
        stdout: stdout.text(),
        stderr: stderr.text(),
        exitCode: raw.exitCode,
        signal: raw.signal,
        ms: Math.round(performance.now() - started),
        isolation: { ...plan.isolation, limits },
      };
    },

    async evaluate(payload, opts = {}) {
      const limits = checkLimits({ ...DEFAULT_LIMITS, ...opts.limits });
      const plan = planFor(await environment(), opts.unisolated === true);
      if ("unavailable" in plan) return { ok: false, unavailable: plan.unavailable };
      const started = performance.now();
      const raw = await semaphore.use(() =>
        launch(plan, "evaluate", "", payload, limits, {
          stdout: new OutputCapture(1024),
          stderr: new OutputCapture(1024),
          fd4Limit: EVALUATION_LIMIT,
          tripwire,
        }),
      );
      const ms = Math.round(performance.now() - started);
      const isolation = { ...plan.isolation, limits };
      const failed = (reason: string): Evaluation => ({ ok: false, reason, ms, isolation });
      if (raw.fd4Overflow) return failed(`its value is larger than ${EVALUATION_LIMIT / 2 ** 20} MiB`);
      const stopped = stoppedBy(raw, limits);
      if (stopped !== undefined) return failed(stopped.reason.replace(/^The verifier/, "evaluating it"));
      if (raw.exitCode !== 0) return failed(`evaluating it exited with code ${raw.exitCode}`);
      let result: unknown;
      try {
        result = JSON.parse(raw.reports);
      } catch {
        return failed("its evaluation produced no value");
      }
      if (typeof result !== "object" || result === null) return failed("its evaluation produced no value");
      const { error } = result as { error?: unknown };
      // The payload can write this report itself: only a short string is kept.
      if (typeof error === "string") return failed(clip(error, 300));
      return { ok: true, value: result, ms, isolation };
    },
  };
}

let shared: Sandbox | undefined;

/** The process-wide sandbox the ComBench tasks share (probed once, at first use). */
export function sharedSandbox(): Sandbox {
  shared ??= createSandbox();
  return shared;
}

function planFor(env: Environment, unisolated: boolean): LaunchPlan | { unavailable: string } {
  if (!env.available) return { unavailable: env.reason };
  if (env.jailed) return env.jailed;
  if (!unisolated) {
    return {
      unavailable: `untrusted verifiers are not run without isolation (${env.why}); install bubblewrap, or pass --unsafe-verifiers to run them anyway`,
    };
  }
  const note = `no isolation (${env.why}): run anyway by --unsafe-verifiers`;
  return {
    ...env.direct,
    isolation: { ...env.direct.isolation, notes: [...env.direct.isolation.notes, note] },
  };
}

function unavailable(reason: string): SandboxResult {
  return {
    status: "unavailable",
    reason,
    stdout: "",
    stderr: "",
    exitCode: null,
    signal: null,
    ms: 0,
    isolation: undefined,
  };
}

function checkLimits(limits: SandboxLimits): SandboxLimits {
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new RangeError(`sandbox limit ${name} must be a positive integer, got ${value}`);
    }
  }
  return limits;
}

interface Streams {
  stdout: OutputCapture;
  stderr: OutputCapture;
  /** Bytes kept from fd 4 (reports, or the evaluated value); more sets `fd4Overflow`. */
  fd4Limit: number;
  tripwire: boolean;
}

/** One jailed (or, when allowed, direct) run; a direct run gets a read-only scratch directory of its own. */
async function launch(
  plan: LaunchPlan,
  mode: "verify" | "evaluate",
  job: string,
  stdin: string,
  limits: SandboxLimits,
  streams: Streams,
): Promise<RawRun & { fd4Overflow: boolean }> {
  if (plan.seccomp !== undefined) return spawnJob(plan, "/", mode, job, stdin, limits, streams);
  const cwd = await mkdtemp(join(tmpdir(), "plumb-verifier-"));
  try {
    await chmod(cwd, 0o555);
    return await spawnJob(plan, cwd, mode, job, stdin, limits, streams);
  } finally {
    await chmod(cwd, 0o700);
    await rm(cwd, { recursive: true, force: true });
  }
}

function signalName(n: number): NodeJS.Signals | undefined {
  return (Object.entries(constants.signals) as [NodeJS.Signals, number][]).find(([, v]) => v === n)?.[0];
}

function spawnJob(
  plan: LaunchPlan,
  cwd: string,
  mode: "verify" | "evaluate",
  job: string,
  stdin: string,
  limits: SandboxLimits,
  { stdout, stderr, fd4Limit, tripwire }: Streams,
): Promise<RawRun & { fd4Overflow: boolean }> {
  const args = [
    ...plan.prefix,
    "-I",
    "-B",
    "-X",
    "utf8",
    "-c",
    bootstrap(),
    mode,
    lockdownFilter(),
    tripwire ? "tripwire" : "no-tripwire",
    String(limits.cpuSeconds),
    String(limits.memoryBytes),
    String(limits.openFiles),
  ];
  return new Promise((resolve) => {
    // detached: the launch leads its own process group, so one kill reaches bubblewrap and, through
    // --die-with-parent, everything in the jail.
    const child = spawn(plan.command, args, {
      cwd,
      env: {},
      detached: true,
      uid: plan.uid,
      gid: plan.gid,
      stdio: ["pipe", "pipe", "pipe", "pipe", "pipe", plan.seccomp ? "pipe" : "ignore"],
    });
    let timedOut = false;
    let flooded = false;
    let written = 0;
    const fd4: Buffer[] = [];
    let fd4Bytes = 0;
    let fd4Overflow = false;
    let settled = false;
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // the group is already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, limits.timeoutMs);
    const finish = (exitCode: number | null, signal: NodeJS.Signals | null, spawnError?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // bubblewrap reports a jailed process killed by a signal as exit code 128 + the signal.
      const jailSignal =
        plan.seccomp && exitCode !== null && exitCode > 128 ? signalName(exitCode - 128) : undefined;
      resolve({
        exitCode: jailSignal ? null : exitCode,
        signal: jailSignal ?? signal,
        timedOut,
        flooded,
        reports: Buffer.concat(fd4).toString("utf8"),
        lastLine: stdout.lastLine(),
        spawnError,
        fd4Overflow,
      });
    };

    const output = (capture: OutputCapture) => (chunk: Buffer) => {
      written += chunk.length;
      if (written > limits.floodBytes) {
        flooded = true;
        killGroup();
      }
      capture.push(chunk);
    };
    child.stdout?.on("data", output(stdout));
    child.stderr?.on("data", output(stderr));
    (child.stdio[4] as Readable).on("data", (chunk: Buffer) => {
      if (fd4Bytes + chunk.length > fd4Limit) {
        fd4Overflow = true;
        killGroup();
        return;
      }
      fd4.push(chunk);
      fd4Bytes += chunk.length;
    });
    // The job may end without reading its inputs; the broken pipe is not our failure.
    const [stdinPipe, , , jobPipe, , seccompPipe] = child.stdio as unknown as (Writable | null)[];
    for (const input of [stdinPipe, jobPipe, seccompPipe]) input?.on("error", () => {});
    if (plan.seccomp) seccompPipe?.end(plan.seccomp);
    jobPipe?.end(job);
    stdinPipe?.end(stdin);

    child.on("exit", killGroup);
    child.on("error", (error) => finish(null, null, error.message));
    child.on("close", (exitCode, signal) => finish(exitCode, signal));
  });
}
