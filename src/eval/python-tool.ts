import type { PythonToolResult, ToolHost } from "../core/model.ts";
import { unisolatedCodeAllowed } from "../core/untrusted.ts";
import {
  DEFAULT_LIMITS,
  type Sandbox,
  type SandboxLimits,
  type SandboxResult,
  sharedSandbox,
} from "../sandbox/index.ts";

export interface PythonToolOptions {
  /** Default: the process-wide sandbox ComBench's verifiers run in. */
  sandbox?: Sandbox;
  /** Over the sandbox's defaults (time, CPU, memory, output). */
  limits?: Partial<SandboxLimits>;
}

/** What the model is shown of a run: its standard output, then its standard error under a marker. */
function shown(r: SandboxResult): string {
  const err = r.stderr.trimEnd();
  if (err === "") return r.stdout;
  return `${r.stdout}${r.stdout === "" || r.stdout.endsWith("\n") ? "" : "\n"}[stderr]\n${err}\n`;
}

/** Why the run did not end normally, in words for the model; none when it ran to its end. */
function trouble(r: SandboxResult): string | undefined {
  if (r.status === "pass" || r.status === "fail") {
    // The sandbox's pass and fail are a verifier's verdicts; for a tool call, exit code 0 is success.
    return r.exitCode === 0 ? undefined : `The code exited with status ${r.exitCode}.`;
  }
  return r.reason.replace(/^The verifier/, "The code");
}

/**
 * The `python` tool of `--tools python`: each call's code runs as a script in the sandbox that runs
 * ComBench's record verifiers (a bubblewrap jail: no network, no files, no processes, under time,
 * CPU, memory and output caps), with no input. Where the machine cannot isolate it, the call is
 * refused unless unisolated code was allowed (--unsafe-verifiers). Never throws for what the code does.
 */
export function pythonToolHost(options: PythonToolOptions = {}): ToolHost {
  const sandbox = options.sandbox ?? sharedSandbox();
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  return {
    limits: {
      seconds: Math.min(limits.timeoutMs / 1000, limits.cpuSeconds),
      memoryMiB: Math.floor(limits.memoryBytes / 2 ** 20),
      outputKiB: Math.floor(limits.outputBytes / 1024),
    },
    async python(code: string): Promise<PythonToolResult> {
      const r = await sandbox.run(code, "", {
        ...(options.limits ? { limits: options.limits } : {}),
        unisolated: unisolatedCodeAllowed(),
      });
      const error = trouble(r);
      return { output: shown(r), ...(error !== undefined ? { error } : {}), ms: r.ms };
    },
  };
}

/** Why the python tool cannot run on this machine, or null when it can. */
export async function pythonToolUnavailable(sandbox: Sandbox = sharedSandbox()): Promise<string | null> {
  const env = await sandbox.environment();
  if (!env.available) return env.reason;
  if (env.jailed || unisolatedCodeAllowed()) return null;
  return `the python tool runs only isolated (${env.why}): install bubblewrap, or pass --unsafe-verifiers to run it anyway`;
}
