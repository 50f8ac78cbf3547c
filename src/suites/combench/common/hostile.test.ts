import { execFile, spawn } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AttackContext,
  RULE_VERIFIER,
  verifierAttacks,
} from "../../../../test/support/verifier-attacks.ts";
import { type AttackResult, runAttacks } from "../../../../test/support/verifier-attacks-child.ts";
import { createSandbox } from "../../../sandbox/index.ts";
import { runConstructionVerifier } from "./construction-check.ts";

/** Anyone may use the sandbox's files and listeners outside the jail: only the jail may stop an attack. */
const UNPRIVILEGED = 65534;
const isRoot = process.getuid?.() === 0;

const dir = mkdtempSync(join(tmpdir(), "plumb-hostile-"));
chmodSync(dir, 0o755);
const secret = `plumb-canary-${process.pid}-${Date.now()}`;
const ctx: AttackContext = {
  canary: join(dir, "canary.txt"),
  secret,
  tcpPort: 0,
  unixSocket: join(dir, "listener.sock"),
  outside: join(dir, "outside"),
};
const received = { tcp: 0, unix: 0 };
const servers: Server[] = [];

function listen(kind: keyof typeof received): Promise<Server> {
  const server = createServer((socket) => {
    received[kind]++;
    socket.destroy();
  });
  servers.push(server);
  return new Promise((resolve) => {
    if (kind === "tcp") server.listen(0, "127.0.0.1", () => resolve(server));
    else server.listen(ctx.unixSocket, () => resolve(server));
  });
}

const outsideState = () => {
  const names = readdirSync(ctx.outside).sort();
  return JSON.stringify([
    names,
    names.includes("keep.txt") && readFileSync(join(ctx.outside, "keep.txt"), "utf8"),
  ]);
};
let before = "";

beforeAll(async () => {
  writeFileSync(ctx.canary, `${secret}\n`, { mode: 0o644 });
  mkdirSync(ctx.outside, { mode: 0o777 });
  chmodSync(ctx.outside, 0o777);
  writeFileSync(join(ctx.outside, "keep.txt"), "kept\n", { mode: 0o666 });
  ctx.tcpPort = ((await listen("tcp")).address() as { port: number }).port;
  await listen("unix");
  chmodSync(ctx.unixSocket, 0o777);
  before = outsideState();
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

/** The child the test starts as an unprivileged user: the suite bundled into one file anyone can read. */
async function runAsUnprivileged(): Promise<AttackResult[]> {
  const out = join(dir, "child");
  mkdirSync(out, { mode: 0o755 });
  await build({
    entryPoints: [
      fileURLToPath(new URL("../../../../test/support/verifier-attacks-child.ts", import.meta.url)),
    ],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: join(out, "verifier-attacks-child.mjs"),
    logLevel: "silent",
  });
  for (const file of ["bootstrap.py", "layout.py"]) {
    copyFileSync(fileURLToPath(new URL(`../../../sandbox/${file}`, import.meta.url)), join(out, file));
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(out, "verifier-attacks-child.mjs"), JSON.stringify(ctx)], {
      cwd: out,
      uid: UNPRIVILEGED,
      gid: UNPRIVILEGED,
      env: { PATH: "/usr/bin:/bin" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`the unprivileged run failed (${code}): ${stderr}`));
      else resolve(JSON.parse(stdout) as AttackResult[]);
    });
  });
}

function expectHeld(results: AttackResult[], user: string): void {
  const attacks = new Map(verifierAttacks(ctx).map((a) => [a.name, a]));
  expect(results).toHaveLength(attacks.size * 2);
  for (const r of results) {
    const what = `${r.name} (tripwire ${r.tripwire ? "on" : "off"}, ${user}): ${r.status}: ${r.reason} ${r.stdout}`;
    expect(r.isolation, what).toBe("bwrap");
    expect(r.status, what).not.toBe("pass");
    expect(r.stdout, what).not.toContain(secret);
    const allowed = attacks.get(r.name)?.statuses;
    if (allowed) expect(allowed, what).toContain(r.status);
  }
  expect(received, user).toEqual({ tcp: 0, unix: 0 });
  expect(outsideState(), user).toBe(before);
}

describe.skipIf(process.platform !== "linux")(
  "the verifier jail under hostile verifiers and payloads",
  () => {
    it("holds for every attack, with and without the tripwire", async () => {
      expectHeld(await runAttacks(ctx), isRoot ? "root, dropping to nobody" : "this user");
    });

    it.skipIf(!isRoot)("holds when Plumb runs as an unprivileged user", async () => {
      const results = await runAsUnprivileged();
      expect(new Set(results.map((r) => r.user))).toEqual(new Set(["same"]));
      expectHeld(results, "unprivileged");
    });

    it("still passes honest payloads: a literal, a comprehension, a pure rule string", async () => {
      const sandbox = createSandbox();
      const verify = (code: string, payload: string) => runConstructionVerifier(code, payload, { sandbox });
      const evaluates = verifierAttacks(ctx).find((a) => a.name === "payload: atexit")?.code ?? "";
      for (const payload of ["[1, 2, 3]", "[i + 1 for i in range(3)]", "list(range(1, 4))"]) {
        const r = await verify(evaluates, payload);
        expect([r.status, r.payload], `${payload}: ${r.reason}`).toEqual([
          "pass",
          payload.startsWith("[1") ? "as written" : "evaluated",
        ]);
      }
      const rule = await verify(RULE_VERIFIER, '{"rule": "lambda t: len(t) != 1"}');
      expect(rule.status, rule.reason).toBe("pass");
    });

    it("is what stops the attacks: the same code run directly, without the jail, gets through", async () => {
      const direct = (code: string) =>
        new Promise<{ stdout: string; stderr: string }>((resolve) => {
          execFile(
            "python3",
            ["-I", "-c", code],
            {
              cwd: dir,
              env: { PATH: "/usr/bin:/bin" },
              ...(isRoot ? { uid: UNPRIVILEGED, gid: UNPRIVILEGED } : {}),
            },
            (_error, stdout, stderr) => resolve({ stdout, stderr }),
          );
        });
      const byName = new Map(verifierAttacks(ctx).map((a) => [a.name, a.code]));
      for (const name of [
        "reading a canary file",
        "TCP to a listener on 127.0.0.1",
        "a Unix socket to a listener outside",
        "creating, writing and deleting files outside",
      ]) {
        const run = await direct(byName.get(name) ?? "");
        expect(run.stdout.trim().split("\n").at(-1), `${name}: ${run.stderr}`).toBe("True");
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received.tcp).toBeGreaterThan(0);
      expect(received.unix).toBeGreaterThan(0);
      expect(outsideState()).not.toBe(before);
    });
  },
);
