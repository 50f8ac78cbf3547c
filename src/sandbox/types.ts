export interface SandboxLimits {
  /** Wall-clock time before the whole process group is killed. */
  timeoutMs: number;
  /** RLIMIT_CPU: SIGXCPU at this many seconds, SIGKILL one second later. */
  cpuSeconds: number;
  /** RLIMIT_AS, the address space; Python reports exceeding it as MemoryError. */
  memoryBytes: number;
  /** How much of stdout and of stderr is kept (each); the rest is read and dropped. */
  outputBytes: number;
  /** Output past this (stdout and stderr together) stops the run: a flood is never read to its end. */
  floodBytes: number;
  /** RLIMIT_NOFILE. */
  openFiles: number;
}

export const DEFAULT_LIMITS: Readonly<SandboxLimits> = {
  timeoutMs: 15_000,
  cpuSeconds: 10,
  memoryBytes: 512 * 1024 * 1024,
  outputBytes: 64 * 1024,
  floodBytes: 64 * 1024 * 1024,
  openFiles: 32,
};

/**
 * - pass: exit code 0 and the last non-empty stdout line is `True` (surrounding whitespace ignored).
 * - fail: the verifier ran to its end and did not pass.
 * - timeout: killed at the wall-clock limit, or at the CPU limit (SIGXCPU).
 * - memory: MemoryError under the address-space limit.
 * - blocked: the verifier tried to fork, run a program, open a socket, write a file, load native code or
 *   change the limits (the jail refuses these; the tripwire names them); it counts even when caught.
 * - refused: the verifier did not run, because a string in the payload holds code it could evaluate.
 * - error: the verifier crashed (uncaught exception, does not compile, killed by a signal) or could not start.
 * - unavailable: nothing ran: no python3 here, or no isolation and unisolated runs not allowed.
 */
export type SandboxStatus =
  | "pass"
  | "fail"
  | "timeout"
  | "memory"
  | "blocked"
  | "refused"
  | "error"
  | "unavailable";

/**
 * - bwrap: a bubblewrap jail (user, pid, network, IPC, UTS and cgroup namespaces; only the interpreter,
 *   its standard library and shared libraries, read-only; seccomp; no capabilities), under rlimits.
 * - none: the interpreter run directly under rlimits only, allowed only by --unsafe-verifiers.
 */
export type IsolationKind = "bwrap" | "none";

/** Which protections were in force for a run. */
export interface SandboxIsolation {
  kind: IsolationKind;
  /** The interpreter that ran the verifier. */
  interpreter: string;
  /** "nobody": Plumb runs as root and dropped to uid/gid 65534 first; "same": this process's user. */
  user: "nobody" | "same";
  /** Hard rlimits (CPU, address space, file size 0, no processes, few files), empty environment, `-I`. */
  limits: SandboxLimits;
  /** Which interpreter substitution happened, or why isolation is missing; empty when nothing to say. */
  notes: readonly string[];
}

export interface SandboxResult {
  status: SandboxStatus;
  /** One sentence. */
  reason: string;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  /** Undefined only when status is "unavailable". */
  isolation: SandboxIsolation | undefined;
}
