/**
 * The Python client (clients/python) against a real `plumb serve`: its unittest suite runs in a
 * python3 process with PLUMB_URL pointing at a server started here. The suite must run, and pass,
 * its live tests too (they skip only without PLUMB_URL). Skipped only when there is no python3.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Serve, startServe } from "../src/serve/index.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

function findPython(): string | undefined {
  if (existsSync("/usr/bin/python3")) return "/usr/bin/python3";
  const probe = spawnSync("python3", ["--version"], { encoding: "utf8" });
  return probe.status === 0 ? "python3" : undefined;
}

const python = findPython();

interface Run {
  code: number | null;
  output: string;
}

/** Runs a command without blocking the event loop (the server answers from this process). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe.skipIf(python === undefined)("python client", () => {
  let server: Serve | undefined;
  /** The server's bug reports (quiet: nothing else), shown with a failure. */
  const logged: string[] = [];

  beforeAll(async () => {
    server = await startServe({ port: 0, workers: 1, quiet: true, log: (line) => logged.push(line) });
    await server.ready;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it("passes its unittest suite against a real server", async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PLUMB_URL: server!.url,
      PYTHONPATH: join(ROOT, "clients/python"),
      PYTHONDONTWRITEBYTECODE: "1",
    };
    const r = await run(
      python!,
      ["-m", "unittest", "discover", "-s", "clients/python/tests", "-v"],
      env,
      170_000,
    );
    expect(r.code, `${r.output}\nThe server logged:\n${logged.join("\n")}`).toBe(0);
    const ran = /^Ran (\d+) tests? in /m.exec(r.output);
    expect(ran, r.output).not.toBeNull();
    expect(Number(ran![1]), r.output).toBeGreaterThan(0);
    expect(r.output).toMatch(/^OK\b/m);
    // The live tests ran: none was skipped for want of a server.
    expect(r.output, r.output).not.toContain("PLUMB_URL is not set: no plumb serve");
    expect(r.output).toMatch(/test_session_played_until_done .* \.\.\. ok/);
  }, 180_000);
});
