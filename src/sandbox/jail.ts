import { lstatSync, readlinkSync } from "node:fs";
import { isAbsolute, join, sep } from "node:path";

/** What the jail must show of one interpreter (found by layout.py, run as the jail's user). */
export interface Layout {
  executable: string;
  /** The ELF loader the executable names (PT_INTERP), e.g. /lib64/ld-linux-x86-64.so.2. */
  loader: string | null;
  version: string;
  stdlib: string;
  platstdlib: string;
  /** Directories of every shared library the interpreter and its extension modules load. */
  libraries: string[];
}

/** File descriptor bwrap reads the seccomp filter from. */
export const SECCOMP_FD = 5;

/**
 * bubblewrap's arguments, up to the interpreter: every namespace unshared (user, pid, network, IPC, UTS,
 * cgroup) and no further user namespaces, all capabilities dropped, a new session (no terminal to
 * inject into), death with the parent, an empty environment; a read-only root that holds only the
 * interpreter, its loader, its standard library and its shared libraries, an empty read-only /tmp as the
 * working directory, a private /proc and a minimal read-only /dev; then the seccomp filter.
 */
export function jailArgs(layout: Layout): string[] {
  const { binds, links } = mounts(wantedPaths(layout));
  return [
    "--unshare-all",
    "--unshare-user",
    "--disable-userns",
    "--cap-drop",
    "ALL",
    "--new-session",
    "--die-with-parent",
    "--clearenv",
    ...binds.flatMap((path) => ["--ro-bind", path, path]),
    ...links.flatMap(([target, path]) => ["--symlink", target, path]),
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--tmpfs",
    "/tmp",
    "--remount-ro",
    "/dev",
    "--remount-ro",
    "/tmp",
    "--remount-ro",
    "/",
    "--chdir",
    "/tmp",
    "--seccomp",
    String(SECCOMP_FD),
    layout.executable,
  ];
}

/** The names at the jail's root: what the binds and links start with, /proc, /dev and /tmp. */
export function jailRoot(layout: Layout): string[] {
  const { binds, links } = mounts(wantedPaths(layout));
  const tops = [...binds, ...links.map(([, path]) => path)].map((p) => p.split(sep)[1] as string);
  return [...new Set([...tops, "proc", "dev", "tmp"])].sort();
}

function wantedPaths(layout: Layout): string[] {
  const wanted = [layout.executable, layout.stdlib, layout.platstdlib, ...layout.libraries];
  if (layout.loader !== null) wanted.push(layout.loader);
  return wanted;
}

/**
 * Read-only binds of the real locations of `paths` (none inside another), and the symlinks met on the
 * way to them, recreated so the paths resolve inside the jail as they do outside.
 */
function mounts(paths: readonly string[]): { binds: string[]; links: [string, string][] } {
  const links = new Map<string, string>();
  const real = new Set<string>();
  for (const path of paths) real.add(resolve(path, links));
  const sorted = [...real].sort();
  const binds: string[] = [];
  for (const path of sorted) {
    if (!binds.some((b) => within(path, b))) binds.push(path);
  }
  const outside = [...links].filter(([path]) => !binds.some((b) => within(path, b)));
  return { binds, links: outside.map(([path, target]) => [target, path]) };
}

/**
 * The real path of `path`, recording each symlink passed through (link path → its target text), those
 * inside link targets included, so that every one can be recreated in the jail.
 */
function resolve(path: string, links: Map<string, string>): string {
  let at: string = sep;
  const rest = path.split(sep).filter((p) => p !== "");
  for (let hops = 0; rest.length > 0; ) {
    const next = join(at, rest.shift() as string);
    if (!lstatSync(next).isSymbolicLink()) {
      at = next;
      continue;
    }
    if (++hops > 40) throw new Error(`too many symbolic links resolving ${path}`);
    const target = readlinkSync(next);
    links.set(next, target);
    rest.unshift(...target.split(sep).filter((p) => p !== ""));
    if (isAbsolute(target)) at = sep;
  }
  return at;
}

const within = (path: string, dir: string) =>
  path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
