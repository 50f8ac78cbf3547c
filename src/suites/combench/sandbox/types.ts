export interface SandboxLimits {
  /** Wall-clock time before the whole process group is killed. */
  timeoutMs: number;
  /** RLIMIT_CPU: SIGXCPU at this many seconds, SIGKILL one second later. */
  cpuSeconds: number;
  /** RLIMIT_AS, the address space; Python reports exceeding it as MemoryError. */
  memoryBytes: number;
  /** How much of stdout and of stderr is kept (each); the rest is read and dropped. */
  outputBytes: number;
  /** RLIMIT_NOFILE. */
  openFiles: number;
}

export const DEFAULT_LIMITS: Readonly<SandboxLimits> = {
  timeoutMs: 15_000,
  cpuSeconds: 10,
  memoryBytes: 512 * 1024 * 1024,
  outputBytes: 64 * 1024,
  openFiles: 32,
};

/**
 * - pass: exit code 0 and the last non-empty stdout line is `True` (surrounding whitespace ignored).
 * - fail: the verifier ran to its end and did not pass.
 * - timeout: killed at the wall-clock limit, or at the CPU limit (SIGXCPU).
 * - memory: MemoryError under the address-space limit.
 * - blocked: the verifier (or a payload it evaluated) tried to fork, run a program, open a socket, write a
 *   file, load native code or change the limits; it counts even when the verifier caught the error.
 * - error: the verifier crashed (uncaught exception, does not compile, killed by a signal) or could not start.
 * - unavailable: no python3 here, so nothing ran.
 */
export type SandboxStatus = "pass" | "fail" | "timeout" | "memory" | "blocked" | "error" | "unavailable";

/** Which protections were in force for a run. */
export interface SandboxIsolation {
  /** The interpreter that ran the verifier. */
  interpreter: string;
  /** "nobody": uid/gid 65534, so RLIMIT_NPROC applies (it does not to root); "same": this process's user. */
  user: "nobody" | "same";
  /** "unshare": a fresh network namespace with only a down loopback; "audit-hook": socket calls blocked only. */
  network: "unshare" | "audit-hook";
  /** Hard rlimits (CPU, address space, file size 0, no processes, few files), empty environment, `-I`, audit hook. */
  limits: SandboxLimits;
  /** Why a weaker choice was made, or which interpreter substitution happened; empty when nothing to say. */
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
