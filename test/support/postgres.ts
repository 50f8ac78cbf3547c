import { execFile, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

/** A throwaway PostgreSQL server of a test's own: a fresh cluster in a temp dir, on a free loopback port. */
export interface Postgres {
  /** `postgres://plumb@127.0.0.1:PORT/plumb`: a superuser with trust auth, and a database of its own. */
  readonly url: string;
  readonly port: number;
  /** Stops the server (immediate shutdown) and removes its files. Idempotent. */
  stop(): Promise<void>;
  /** `stop`, synchronously: for an 'exit' handler, or a test that must not await. */
  kill(): void;
}

const USER = "plumb";
const DATABASE = "plumb";
const execFileP = promisify(execFile);

/** The folder holding initdb and pg_ctl: PATH's, else the newest of Debian's /usr/lib/postgresql/N/bin. */
export function findPostgresBin(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir || !existsSync(join(dir, "initdb"))) continue;
    // Debian links the tools into PATH one by one; their own folder holds postgres itself too.
    const real = join(realpathSync(join(dir, "initdb")), "..");
    for (const bin of [real, dir]) if (existsSync(join(bin, "pg_ctl"))) return bin;
  }
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .filter((v) => /^\d+(\.\d+)?$/.test(v) && existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => join(root, v, "bin"))[0];
}

/** Whether `startPostgres` can run here: the binaries, and (as root) the `postgres` user to run them as. */
export function postgresAvailable(): boolean {
  if (findPostgresBin() === undefined) return false;
  return !isRoot() || (postgresUser() !== undefined && spawnSync("runuser", ["--help"]).status === 0);
}

/**
 * Starts a server (initdb, pg_ctl start, CREATE DATABASE: about a second). It stops when `stop` is
 * called, when the process exits, and (through a watchdog shell) soon after the process is killed.
 */
export async function startPostgres(): Promise<Postgres> {
  const bin = findPostgresBin();
  if (bin === undefined)
    throw new Error("PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql)");
  const dir = mkdtempSync(join(tmpdir(), "plumb-pg-"));
  const data = join(dir, "data");
  const log = join(dir, "log");
  // initdb and postgres refuse to run as root.
  const owner = isRoot() ? postgresUser() : undefined;
  if (isRoot() && owner === undefined) throw new Error("running as root, and there is no `postgres` user");
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const command = (tool: string, args: string[]): [string, string[]] =>
    owner ? ["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]] : [join(bin, tool), args];
  const run = (tool: string, args: string[]) => execFileP(...command(tool, args), { cwd: dir });
  const stopArgs = ["stop", "-D", data, "-m", "immediate", "-w"];

  let port = 0;
  let watchdog: ReturnType<typeof spawn> | undefined;
  let stopped = false;
  const done = (): boolean => {
    if (stopped) return false;
    stopped = true;
    process.off("exit", kill);
    watchdog?.kill();
    return true;
  };
  function kill(): void {
    if (!done()) return;
    if (port) spawnSync(...command("pg_ctl", stopArgs), { cwd: dir, stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
  }
  async function stop(): Promise<void> {
    if (!done()) return;
    if (port) await run("pg_ctl", stopArgs).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
  process.on("exit", kill);

  try {
    await run("initdb", [
      "-D",
      data,
      "--auth=trust",
      `--username=${USER}`,
      "-E",
      "UTF8",
      "--no-locale",
      "--no-sync",
    ]);
    port = await start(run, data, dir, log);
    // SIGKILL or an unhandled SIGTERM runs no 'exit' handler: a shell waits for this process to go and
    // then shuts the server down (SIGQUIT is pg_ctl's immediate mode) and removes its files.
    const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done
kill -QUIT "$(head -n 1 "$1/postmaster.pid")" 2>/dev/null; sleep 1; rm -rf "$2"`;
    watchdog = spawn("sh", ["-c", script, "sh", data, dir], { detached: true, stdio: "ignore" });
    watchdog.unref();
    const admin = new pg.Client(`postgres://${USER}@127.0.0.1:${port}/postgres`);
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await admin.end();
    }
  } catch (e) {
    kill();
    throw e;
  }
  return { url: `postgres://${USER}@127.0.0.1:${port}/${DATABASE}`, port, stop, kill };
}

type Run = (tool: string, args: string[]) => Promise<unknown>;

/** pg_ctl start on a free port, with durability off; a few tries, as another process may take the port first. */
async function start(run: Run, data: string, dir: string, log: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const options = [
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      "-c fsync=off -c synchronous_commit=off -c full_page_writes=off",
    ].join(" ");
    try {
      await run("pg_ctl", ["start", "-D", data, "-l", log, "-w", "-t", "30", "-o", options]);
      return port;
    } catch (e) {
      const said = existsSync(log) ? readFileSync(log, "utf8") : "";
      if (attempt < 3 && /could not bind|already in use/i.test(said)) continue;
      throw new Error(`PostgreSQL did not start: ${(e as Error).message}\n${said.slice(-2000)}`);
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function postgresUser(): { uid: number; gid: number } | undefined {
  const id = (flag: string) => {
    const out = spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
    return out.status === 0 ? Number(out.stdout.trim()) : Number.NaN;
  };
  const uid = id("-u");
  const gid = id("-g");
  return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
}
