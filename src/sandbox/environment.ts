import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { access, constants } from "node:fs/promises";
import { delimiter, join } from "node:path";
import type { Writable } from "node:stream";
import { jailArgs, jailRoot, type Layout, SECCOMP_FD } from "./jail.ts";
import { seccompFilter } from "./seccomp.ts";
import type { SandboxIsolation } from "./types.ts";

/** How to start the interpreter for one run; found once per sandbox by probing this machine. */
export interface LaunchPlan {
  command: string;
  /** Arguments before the interpreter's own flags: bubblewrap's, ending with the interpreter's path. */
  prefix: readonly string[];
  /** Set when this process is root: the launch drops to nobody first. */
  uid: number | undefined;
  gid: number | undefined;
  /** The filter bubblewrap installs (on fd 5). */
  seccomp: Buffer | undefined;
  isolation: Omit<SandboxIsolation, "limits">;
}

/**
 * `jailed` is the isolated launch, or undefined with `why`; `direct` runs the interpreter without any
 * isolation and is used only when the caller allows unisolated verifiers (--unsafe-verifiers).
 */
export type Environment =
  | { available: false; reason: string }
  | { available: true; jailed: LaunchPlan | undefined; why: string | undefined; direct: LaunchPlan };

const NOBODY = 65534;
/** Interpreters uid nobody can usually run, tried when `python3` lives somewhere nobody cannot reach. */
const SYSTEM_INTERPRETERS = ["/usr/bin/python3", "/usr/local/bin/python3"];
const DESCRIBE = "import sys; print(sys.executable)";
const PROBE_TIMEOUT_MS = 10_000;

/** What the jail must enforce, seen from inside: checked before any verifier runs in it. */
const INSPECT = `
import json, os, socket
seen = {"uid": os.getuid(), "root": sorted(os.listdir("/"))}
seen["net"] = sorted(l.split(":")[0].strip() for l in open("/proc/self/net/dev").read().splitlines()[2:])
for name, attempt in (("socket", socket.socket), ("fork", os.fork)):
    try:
        attempt()
        seen[name] = "allowed"
    except OSError as e:
        seen[name] = e.errno
print(json.dumps(seen))
`;

let layoutSource: string | undefined;
const layoutScript = () => {
  layoutSource ??= readFileSync(new URL("./layout.py", import.meta.url), "utf8");
  return layoutSource;
};

/**
 * Resolves `python` with the normal environment (pyenv shims need it) to the real interpreter, picks the
 * interpreter the jail's user can run (root drops to nobody, so a copy under /root will not do), and
 * builds the bubblewrap jail for it. The jail is used only after a run inside it shows what it promises:
 * not root, only a loopback interface, no sockets, no new processes, nothing at / but what was bound.
 */
export async function probeEnvironment(python: string, bubblewrap?: string): Promise<Environment> {
  const resolved = await run(python, ["-c", DESCRIBE], { env: process.env });
  const executable = resolved.ok ? resolved.stdout.trim() : "";
  if (executable === "") {
    const why = resolved.ok ? "it did not report sys.executable" : resolved.error;
    return {
      available: false,
      reason: `python3 not found (could not run "${python}": ${why}): construction verifiers cannot run.`,
    };
  }
  const isRoot = process.getuid?.() === 0;
  const drop = isRoot ? NOBODY : undefined;
  const notes: string[] = [];
  const layout = await layoutFor(executable, drop, notes);
  if (layout === undefined) {
    const who = isRoot ? "uid nobody" : "this user";
    return {
      available: false,
      reason: `python3 (${executable}) cannot be run by ${who}: construction verifiers cannot run.`,
    };
  }
  const user = isRoot ? "nobody" : "same";
  const direct: LaunchPlan = {
    command: layout.executable,
    prefix: [],
    uid: drop,
    gid: drop,
    seccomp: undefined,
    isolation: { kind: "none", interpreter: layout.executable, user, notes },
  };
  const jail = await jailFor(layout, drop, bubblewrap ?? (await findOnPath("bwrap")));
  if ("why" in jail) return { available: true, jailed: undefined, why: jail.why, direct };
  return {
    available: true,
    jailed: {
      command: jail.bwrap,
      prefix: jailArgs(layout),
      uid: drop,
      gid: drop,
      seccomp: jail.seccomp,
      isolation: { kind: "bwrap", interpreter: layout.executable, user, notes },
    },
    why: undefined,
    direct,
  };
}

/** The layout of the first candidate interpreter that runs for the jail's user. */
async function layoutFor(
  executable: string,
  drop: number | undefined,
  notes: string[],
): Promise<Layout | undefined> {
  const candidates = [executable, ...SYSTEM_INTERPRETERS.filter((p) => p !== executable)];
  for (const candidate of candidates) {
    const probe = await run(candidate, ["-I", "-c", layoutScript()], { env: {}, uid: drop, gid: drop });
    const layout = probe.ok ? parseLayout(probe.stdout) : undefined;
    if (layout === undefined) continue;
    if (candidate !== executable) {
      notes.push(
        `python3 is ${executable}, which uid nobody cannot run; verifiers run with ${layout.executable}`,
      );
    }
    return layout;
  }
  return undefined;
}

async function jailFor(
  layout: Layout,
  drop: number | undefined,
  bwrap: string | undefined,
): Promise<{ bwrap: string; seccomp: Buffer } | { why: string }> {
  if (bwrap === undefined) return { why: "bubblewrap (bwrap) is not installed" };
  const seccomp = seccompFilter({ exec: "allow" });
  if (seccomp === undefined) return { why: `no seccomp filter for the ${process.arch} architecture` };
  const inside = await run(bwrap, [...jailArgs(layout), "-I", "-c", INSPECT], {
    env: {},
    uid: drop,
    gid: drop,
    seccomp,
  });
  if (!inside.ok) return { why: `bubblewrap cannot start a jail here (${inside.error})` };
  let seen: { uid?: unknown; root?: unknown; net?: unknown; socket?: unknown; fork?: unknown };
  try {
    seen = JSON.parse(inside.stdout) as typeof seen;
  } catch {
    return { why: `the jail's self-check printed ${JSON.stringify(inside.stdout.slice(0, 200))}` };
  }
  const EPERM = 1;
  const problems: string[] = [];
  if (seen.uid === 0) problems.push("it runs as root");
  if (JSON.stringify(seen.net) !== '["lo"]')
    problems.push(`it sees network interfaces ${JSON.stringify(seen.net)}`);
  if (seen.socket !== EPERM) problems.push("it can open sockets");
  if (seen.fork !== EPERM) problems.push("it can start processes");
  const expected = jailRoot(layout).join(", ");
  const root = Array.isArray(seen.root) ? seen.root.map(String).join(", ") : "";
  if (root !== expected) problems.push(`it sees ${root} at /, not only ${expected}`);
  if (problems.length > 0) return { why: `the jail does not hold: ${problems.join("; ")}` };
  return { bwrap, seccomp };
}

function parseLayout(stdout: string): Layout | undefined {
  try {
    const v = JSON.parse(stdout.trim()) as Partial<Layout>;
    const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === "string");
    if (
      typeof v.executable !== "string" ||
      typeof v.version !== "string" ||
      typeof v.stdlib !== "string" ||
      typeof v.platstdlib !== "string" ||
      !(v.loader === null || typeof v.loader === "string") ||
      !strings(v.libraries)
    )
      return undefined;
    return v as Layout;
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

/** Runs a probe to its end (or the probe timeout) and collects its stdout. */
function run(
  file: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; uid?: number; gid?: number; seccomp?: Buffer },
): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      cwd: "/",
      env: options.env,
      uid: options.uid,
      gid: options.gid,
      stdio: ["ignore", "pipe", "pipe", "ignore", "ignore", options.seccomp ? "pipe" : "ignore"],
      timeout: PROBE_TIMEOUT_MS,
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (c: Buffer) => {
      stdout += c.toString("utf8");
    });
    child.stderr?.on("data", (c: Buffer) => {
      stderr += c.toString("utf8");
    });
    if (options.seccomp) {
      const fd = (child.stdio as unknown as Writable[])[SECCOMP_FD] as Writable;
      fd.on("error", () => {});
      fd.end(options.seccomp);
    }
    child.on("error", (e) => resolve({ ok: false, stdout, error: e.message }));
    child.on("close", (code, signal) => {
      if (code === 0) resolve({ ok: true, stdout });
      else resolve({ ok: false, stdout, error: firstLine(stderr) || `exit ${code ?? signal}` });
    });
  });
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0]?.trim() ?? "";
}
