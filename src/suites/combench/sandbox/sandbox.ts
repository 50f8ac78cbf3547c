import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { classify, type RawRun } from "./classify.ts";
import { type Environment, type LaunchPlan, probeEnvironment } from "./environment.ts";
import { OutputCapture } from "./output-capture.ts";
import { Semaphore } from "./semaphore.ts";
import { DEFAULT_LIMITS, type SandboxLimits, type SandboxResult } from "./types.ts";

export interface SandboxOptions {
  /** The command that finds Python, run once with the normal environment. Default "python3". */
  python?: string;
  /** Verifier processes allowed at once. Default: the number of CPUs. */
  concurrency?: number;
}

export interface Sandbox {
  /** Runs `code` as `__main__` with `payload` on stdin. Never throws for what the verifier or payload does. */
  run(code: string, payload: string, limits?: Partial<SandboxLimits>): Promise<SandboxResult>;
  /** The probed launch plan, or why verifiers cannot run. */
  environment(): Promise<Environment>;
}

const REPORT_LIMIT = 16 * 1024;

let bootstrapSource: string | undefined;

function bootstrap(): string {
  bootstrapSource ??= readFileSync(new URL("./bootstrap.py", import.meta.url), "utf8");
  return bootstrapSource;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const semaphore = new Semaphore(options.concurrency ?? availableParallelism());
  let probed: Promise<Environment> | undefined;
  const environment = () => {
    probed ??= probeEnvironment(options.python ?? "python3");
    return probed;
  };
  return {
    environment,
    async run(code, payload, overrides = {}) {
      const limits = checkLimits({ ...DEFAULT_LIMITS, ...overrides });
      const env = await environment();
      if (!env.available) {
        return {
          status: "unavailable",
          reason: env.reason,
          stdout: "",
          stderr: "",
          exitCode: null,
          signal: null,
          ms: 0,
          isolation: undefined,
        };
      }
      return semaphore.use(() => runIsolated(env.plan, code, payload, limits));
    },
  };
}

let shared: Sandbox | undefined;

/**
 * Runs a ComBench record's Python verifier on a payload in the shared sandbox (see `createSandbox`).
 * Pass ⇔ the process exits with code 0, nothing was blocked, and its last non-blank stdout line, trimmed,
 * is exactly `True`: a verifier that prints True and then crashes does not pass.
 */
export function runVerifier(
  code: string,
  payload: string,
  limits?: Partial<SandboxLimits>,
): Promise<SandboxResult> {
  shared ??= createSandbox();
  return shared.run(code, payload, limits);
}

function checkLimits(limits: SandboxLimits): SandboxLimits {
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new RangeError(`sandbox limit ${name} must be a positive integer, got ${value}`);
    }
  }
  return limits;
}

async function runIsolated(
  plan: LaunchPlan,
  code: string,
  payload: string,
  limits: SandboxLimits,
): Promise<SandboxResult> {
  const started = performance.now();
  const cwd = await mkdtemp(join(tmpdir(), "plumb-verifier-"));
  try {
    await chmod(cwd, 0o555);
    const stdout = new OutputCapture(limits.outputBytes);
    const stderr = new OutputCapture(limits.outputBytes);
    const raw = await spawnVerifier(plan, cwd, code, payload, limits, stdout, stderr);
    return {
      ...classify(raw, limits),
      stdout: stdout.text(),
      stderr: stderr.text(),
      exitCode: raw.exitCode,
      signal: raw.signal,
      ms: Math.round(performance.now() - started),
      isolation: { ...plan.isolation, limits },
    };
  } finally {
    await chmod(cwd, 0o700);
    await rm(cwd, { recursive: true, force: true });
  }
}

function spawnVerifier(
  plan: LaunchPlan,
  cwd: string,
  code: string,
  payload: string,
  limits: SandboxLimits,
  stdout: OutputCapture,
  stderr: OutputCapture,
): Promise<RawRun> {
  const args = [
    ...plan.prefix,
    "-I",
    "-B",
    "-X",
    "utf8",
    "-c",
    bootstrap(),
    String(limits.cpuSeconds),
    String(limits.memoryBytes),
    String(limits.openFiles),
  ];
  return new Promise((resolve) => {
    // detached: the verifier leads its own process group, so one kill reaches anything it started.
    const child = spawn(plan.command, args, {
      cwd,
      env: {},
      detached: true,
      uid: plan.uid,
      gid: plan.gid,
      stdio: ["pipe", "pipe", "pipe", "pipe", "pipe"],
    });
    let timedOut = false;
    let reports = "";
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
      resolve({ exitCode, signal, timedOut, reports, lastLine: stdout.lastLine(), spawnError });
    };

    child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
    (child.stdio[4] as Readable).on("data", (chunk: Buffer) => {
      if (reports.length < REPORT_LIMIT) reports += chunk.toString("utf8");
    });
    // A verifier may exit without reading its source or payload; the broken pipe is not our failure.
    const source = child.stdio[3] as Writable;
    for (const input of [child.stdin, source]) input?.on("error", () => {});
    source.end(code);
    child.stdin?.end(payload);

    child.on("exit", killGroup);
    child.on("error", (error) => finish(null, null, error.message));
    child.on("close", (exitCode, signal) => finish(exitCode, signal));
  });
}
