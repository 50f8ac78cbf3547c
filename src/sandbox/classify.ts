import { clip } from "../core/clip.ts";
import type { SandboxLimits, SandboxStatus } from "./types.ts";

/** What one verifier process did, before it is judged. */
export interface RawRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Killed by the wall-clock timer. */
  timedOut: boolean;
  /** Killed for writing more than the flood limit. */
  flooded: boolean;
  /** Lines "kind<TAB>detail" the bootstrap wrote on its report pipe. */
  reports: string;
  /** The last non-blank stdout line, trimmed. */
  lastLine: string;
  spawnError: string | undefined;
}

/**
 * The status and a one-sentence reason. Being stopped (timeout, blocked, refused, memory) outranks anything
 * the verifier printed; pass needs exit code 0 and a last non-blank stdout line of exactly `True`.
 */
export function classify(run: RawRun, limits: SandboxLimits): { status: SandboxStatus; reason: string } {
  const stopped = stoppedBy(run, limits);
  if (stopped !== undefined) return stopped;
  const printed = run.lastLine === "" ? "nothing" : JSON.stringify(clip(run.lastLine, 200));
  if (run.exitCode !== 0) {
    return {
      status: "fail",
      reason: `The verifier exited with code ${run.exitCode} (last line: ${printed}).`,
    };
  }
  if (run.lastLine === "True") return { status: "pass", reason: "The verifier printed True." };
  return { status: "fail", reason: `The verifier printed ${printed}, not True.` };
}

/** Why a run was stopped or could not start, whatever it printed; undefined when it ended by itself. */
export function stoppedBy(
  run: RawRun,
  limits: SandboxLimits,
): { status: SandboxStatus; reason: string } | undefined {
  if (run.spawnError !== undefined) {
    return { status: "error", reason: `The verifier process could not start (${run.spawnError}).` };
  }
  if (run.timedOut) {
    return {
      status: "timeout",
      reason: `The verifier ran past the ${limits.timeoutMs} ms wall-clock limit and was killed.`,
    };
  }
  if (run.flooded) {
    const mib = Math.round(limits.floodBytes / 2 ** 20);
    return { status: "error", reason: `The verifier wrote more than ${mib} MiB of output and was stopped.` };
  }
  if (run.signal === "SIGXCPU") {
    return {
      status: "timeout",
      reason: `The verifier used more than ${limits.cpuSeconds} s of CPU time and was stopped.`,
    };
  }
  const reports = parseReports(run.reports);
  const refused = reports.get("refused");
  if (refused !== undefined) return { status: "refused", reason: `The verifier was not run: ${refused}.` };
  const blocked = reports.get("blocked");
  if (blocked !== undefined) {
    return {
      status: "blocked",
      reason: `The verifier tried a forbidden operation (${blocked}) and was stopped.`,
    };
  }
  if (reports.has("memory")) {
    const mib = Math.round(limits.memoryBytes / 2 ** 20);
    return { status: "memory", reason: `The verifier ran out of memory (limit ${mib} MiB).` };
  }
  const crash = reports.get("error");
  if (crash !== undefined) return { status: "error", reason: `The verifier crashed: ${crash}.` };
  if (run.signal !== null) return { status: "error", reason: `The verifier was killed by ${run.signal}.` };
  return undefined;
}

/** The first detail of each kind. */
function parseReports(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of text.split("\n")) {
    const tab = line.indexOf("\t");
    if (tab < 0) continue;
    const kind = line.slice(0, tab);
    if (!found.has(kind)) found.set(kind, line.slice(tab + 1));
  }
  return found;
}
