import { execFile } from "node:child_process";
import { access, constants } from "node:fs/promises";
import { delimiter, join } from "node:path";
import type { SandboxIsolation } from "./types.ts";

/** How to start the interpreter for one verifier run; found once per sandbox by probing this machine. */
export interface LaunchPlan {
  command: string;
  /** Arguments before the interpreter's own flags (the `unshare` wrapper and the interpreter path), if any. */
  prefix: readonly string[];
  /** Set when Node itself drops to nobody (no `unshare` wrapper to do it). */
  uid: number | undefined;
  gid: number | undefined;
  isolation: Omit<SandboxIsolation, "limits">;
}

export type Environment = { available: true; plan: LaunchPlan } | { available: false; reason: string };

const NOBODY = 65534;
/** Interpreters uid nobody can usually run, tried when `python3` lives somewhere nobody cannot reach. */
const SYSTEM_INTERPRETERS = ["/usr/bin/python3", "/usr/local/bin/python3"];
const DESCRIBE =
  "import json, sys; print(json.dumps([sys.executable, sys.prefix, '%d.%d' % sys.version_info[:2]]))";
/**
 * Inside the intended wrapper: the uid, and the network interfaces of the process's own namespace (only `lo`
 * in a fresh one; /sys/class/net would show the namespace sysfs was mounted in instead).
 */
const INSPECT =
  "import json, os; print(json.dumps([os.getuid(), " +
  "sorted(l.split(':')[0].strip() for l in open('/proc/self/net/dev').read().splitlines()[2:])]))";
const PROBE_TIMEOUT_MS = 10_000;

interface Described {
  executable: string;
  prefix: string;
  version: string;
}

/**
 * Resolves `python` with the normal environment (pyenv shims need it) to the real interpreter, then decides
 * how to isolate it: as root, run as nobody so RLIMIT_NPROC bites; if `unshare --net` works, run inside a new
 * network namespace. Each choice is verified by running the interpreter that way.
 */
export async function probeEnvironment(python: string): Promise<Environment> {
  const resolved = await run(python, ["-c", DESCRIBE], { env: process.env });
  const described = resolved.ok ? parseDescription(resolved.stdout) : undefined;
  if (described === undefined) {
    const why = resolved.ok ? "it did not report sys.executable" : resolved.error;
    return {
      available: false,
      reason: `python3 not found (could not run "${python}": ${why}): construction verifiers cannot run.`,
    };
  }
  const notes: string[] = [];
  const isRoot = process.getuid?.() === 0;
  const forNobody = isRoot ? await interpreterForNobody(described, notes) : undefined;
  const interpreter = forNobody ?? described.executable;
  const user = forNobody === undefined ? "same" : "nobody";
  if (isRoot && user === "same") {
    notes.push("verifiers run as root: RLIMIT_NPROC does not bind root, so only the audit hook stops forks");
  }
  const wrapped = await unsharePlan(interpreter, isRoot, user, notes);
  if (wrapped !== undefined) return { available: true, plan: wrapped };
  const drop = user === "nobody" ? NOBODY : undefined;
  return {
    available: true,
    plan: {
      command: interpreter,
      prefix: [],
      uid: drop,
      gid: drop,
      isolation: { interpreter, user, network: "audit-hook", notes },
    },
  };
}

/** The first interpreter of the same Python version that runs as nobody exactly as it runs for us. */
async function interpreterForNobody(resolved: Described, notes: string[]): Promise<string | undefined> {
  const candidates = [resolved.executable, ...SYSTEM_INTERPRETERS.filter((p) => p !== resolved.executable)];
  for (const candidate of candidates) {
    const own = parseDescription((await run(candidate, ["-I", "-c", DESCRIBE], { env: {} })).stdout);
    if (own === undefined || own.version !== resolved.version) continue;
    const asNobody = await run(candidate, ["-I", "-c", DESCRIBE], { env: {}, uid: NOBODY, gid: NOBODY });
    const seen = parseDescription(asNobody.stdout);
    if (seen?.executable !== own.executable || seen.prefix !== own.prefix) continue;
    if (candidate !== resolved.executable) {
      notes.push(
        `python3 is ${resolved.executable}, which uid nobody cannot use; verifiers run with ${candidate} ` +
          `(also Python ${resolved.version})`,
      );
    }
    return candidate;
  }
  return undefined;
}

async function unsharePlan(
  interpreter: string,
  isRoot: boolean,
  user: "nobody" | "same",
  notes: string[],
): Promise<LaunchPlan | undefined> {
  const unshare = await findOnPath("unshare");
  if (unshare === undefined) {
    notes.push("unshare is not installed: only the audit hook stops network access");
    return undefined;
  }
  // As root, unshare makes the namespace and then drops to nobody itself (Node's uid option would drop
  // privileges before unshare could create the namespace); otherwise a user namespace makes it possible.
  const identity = !isRoot
    ? ["--map-root-user"]
    : user === "nobody"
      ? ["--setuid", String(NOBODY), "--setgid", String(NOBODY)]
      : [];
  const prefix = ["--net", ...identity, "--", interpreter];
  const probe = await run(unshare, [...prefix, "-I", "-c", INSPECT], { env: {} });
  const inspected = probe.ok ? parseInspection(probe.stdout) : undefined;
  const expectedUid = user === "nobody" ? NOBODY : 0;
  if (inspected === undefined || inspected.uid !== expectedUid || inspected.interfaces.join() !== "lo") {
    const why = probe.ok ? `it ran with ${probe.stdout.trim()}` : probe.error;
    notes.push(`unshare --net does not work here (${why}): only the audit hook stops network access`);
    return undefined;
  }
  return {
    command: unshare,
    prefix,
    uid: undefined,
    gid: undefined,
    isolation: { interpreter, user, network: "unshare", notes },
  };
}

function parseDescription(stdout: string): Described | undefined {
  const parsed = parseJsonLine(stdout);
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((x) => typeof x === "string"))
    return undefined;
  const [executable, prefix, version] = parsed as [string, string, string];
  return executable === "" ? undefined : { executable, prefix, version };
}

function parseInspection(stdout: string): { uid: number; interfaces: string[] } | undefined {
  const parsed = parseJsonLine(stdout);
  if (!Array.isArray(parsed) || typeof parsed[0] !== "number" || !Array.isArray(parsed[1])) return undefined;
  return { uid: parsed[0], interfaces: parsed[1].map(String) };
}

function parseJsonLine(stdout: string): unknown {
  try {
    return JSON.parse(stdout.trim());
  } catch {
    return undefined;
  }
}

async function findOnPath(name: string): Promise<string | undefined> {
  const dirs = [...(process.env.PATH ?? "").split(delimiter).filter(Boolean), "/usr/bin", "/bin"];
  for (const dir of dirs) {
    const path = join(dir, name);
    try {
      await access(path, constants.X_OK);
      return path;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

type RunOutcome = { ok: true; stdout: string } | { ok: false; stdout: string; error: string };

function run(
  file: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; uid?: number; gid?: number },
): Promise<RunOutcome> {
  return new Promise((resolve) => {
    execFile(file, args, { ...options, cwd: "/", timeout: PROBE_TIMEOUT_MS }, (error, stdout, stderr) => {
      if (error === null) resolve({ ok: true, stdout });
      else resolve({ ok: false, stdout, error: firstLine(stderr) || error.message });
    });
  });
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0]?.trim() ?? "";
}
