/**
 * The CLI for tests, two ways.
 *
 * `runCli` runs `plumb ARGV` in this process through `main(argv)`: no Node start-up, no tsx, no module
 * loading after the first call. It captures what the command writes on stdout and stderr, and gives
 * the exit code a process would have had. Use it unless the test is about the process itself.
 *
 * `startCli` / `runCliProcess` spawn a real process, from source (`node --import tsx src/cli/main.ts`):
 * for signals, several writers on one run, a kill mid-run, a crash's exit code.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { constants } from "node:os";
import { fileURLToPath } from "node:url";
import { allowUnisolatedCode } from "../../src/core/untrusted.ts";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Variables set (or, when undefined, removed) for the call, over this process's environment. */
  env?: Record<string, string | undefined>;
}

const MAIN = fileURLToPath(new URL("../../src/cli/main.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

let main: ((argv: string[]) => Promise<number>) | undefined;
/** In-process calls share stdout, stderr, process.env and process.exitCode: one at a time. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * `plumb ...argv` in this process. While it runs, process.stdout and process.stderr are captured (and
 * are not terminals, as under a pipe), `options.env` is applied to process.env, and process.argv reads
 * as `plumb ...argv`; all of it is restored afterwards, with process.exitCode and --unsafe-verifiers'
 * switch. An error the CLI would die of comes back as its stack on stderr and code 1, as from node.
 * Calls made together run one after the other.
 */
export function runCli(argv: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  const result = queue.then(() => runNow([...argv], options));
  queue = result.catch(() => {});
  return result;
}

async function runNow(argv: string[], options: CliOptions): Promise<CliResult> {
  main ??= (await import("../../src/cli/main.ts")).main;
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  const restore = [
    capture(process.stdout, stdout),
    capture(process.stderr, stderr),
    withEnv(options.env ?? {}),
    withArgv(argv),
  ];
  process.exitCode = undefined;
  let code: number;
  try {
    code = await main(argv);
  } catch (e) {
    stderr.push(Buffer.from(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`));
    code = 1;
  } finally {
    for (const undo of restore.reverse()) undo();
    process.exitCode = undefined;
    allowUnisolatedCode(false);
  }
  return {
    code,
    stdout: Buffer.concat(stdout).toString("utf8"),
    stderr: Buffer.concat(stderr).toString("utf8"),
  };
}

type Callback = (error?: Error | null) => void;

/** Collects what is written on `stream` instead of writing it; returns the undo. */
function capture(stream: NodeJS.WriteStream, into: Buffer[]): () => void {
  const write = Object.getOwnPropertyDescriptor(stream, "write");
  const isTTY = Object.getOwnPropertyDescriptor(stream, "isTTY");
  stream.write = ((chunk: string | Uint8Array, encoding?: BufferEncoding | Callback, cb?: Callback) => {
    into.push(
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8")
        : Buffer.from(chunk),
    );
    const done = typeof encoding === "function" ? encoding : cb;
    if (done) process.nextTick(done);
    return true;
  }) as typeof stream.write;
  Object.defineProperty(stream, "isTTY", { value: false, configurable: true, writable: true });
  return () => {
    restoreProperty(stream, "write", write);
    restoreProperty(stream, "isTTY", isTTY);
  };
}

function restoreProperty(target: object, key: string, descriptor: PropertyDescriptor | undefined): void {
  if (descriptor) Object.defineProperty(target, key, descriptor);
  else delete (target as Record<string, unknown>)[key];
}

function withEnv(env: Record<string, string | undefined>): () => void {
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  setEnv(env);
  return () => setEnv(before);
}

function setEnv(env: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

/** process.argv as the installed `plumb` would see it (run.ts prints a resume command from it). */
function withArgv(argv: string[]): () => void {
  const before = process.argv;
  process.argv = [process.execPath, "plumb", ...argv];
  return () => {
    process.argv = before;
  };
}

export interface CliProcessOptions extends CliOptions {
  /** Node's own options, before `--import tsx` (e.g. another --import). */
  nodeOptions?: string[];
}

/**
 * `plumb ...argv` as a process of its own, from source. Its environment is this process's with
 * `options.env` over it. Read its outcome with `cliExit`.
 */
export function startCli(argv: readonly string[], options: CliProcessOptions = {}): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return spawn(process.execPath, [...(options.nodeOptions ?? []), "--import", "tsx", MAIN, ...argv], {
    cwd: ROOT,
    env,
  });
}

/**
 * What a process from `startCli` wrote, and how it ended: its exit code, or 128 + the signal's number
 * when a signal ended it (as a shell reports it). Call it at once: output is collected from the start.
 */
export function cliExit(child: ChildProcess): Promise<CliResult & { signal: NodeJS.Signals | null }> {
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout?.on("data", (d: Buffer) => stdout.push(d));
  child.stderr?.on("data", (d: Buffer) => stderr.push(d));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) =>
      resolve({
        code: code ?? (signal ? 128 + constants.signals[signal] : -1),
        signal,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      }),
    );
  });
}

/** `plumb ...argv` in a process of its own, to its end. */
export function runCliProcess(
  argv: readonly string[],
  options: CliProcessOptions = {},
): Promise<CliResult & { signal: NodeJS.Signals | null }> {
  return cliExit(startCli(argv, options));
}
