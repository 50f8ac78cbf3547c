import { execFile, spawn } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AttackWorld, openAttackWorld } from "../../../../test/support/attack-world.ts";
import { RULE_VERIFIER, verifierAttacks } from "../../../../test/support/verifier-attacks.ts";
import { type AttackResult, runAttacks } from "../../../../test/support/verifier-attacks-child.ts";
import { createSandbox } from "../../../sandbox/index.ts";
import { runConstructionVerifier } from "./construction-check.ts";

/** Anyone may use the sandbox's files and listeners outside the jail: only the jail may stop an attack. */
const UNPRIVILEGED = 65534;
const isRoot = process.getuid?.() === 0;

let world: AttackWorld;
beforeAll(async () => {
  world = await openAttackWorld("plumb-hostile-");
});
afterAll(() => world.close());

/** The child the test starts as an unprivileged user: the suite bundled into one file anyone can read. */
async function runAsUnprivileged(): Promise<AttackResult[]> {
  const out = join(world.dir, "child");
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
    const child = spawn(
      process.execPath,
      [join(out, "verifier-attacks-child.mjs"), JSON.stringify(world.ctx)],
      {
        cwd: out,
        uid: UNPRIVILEGED,
        gid: UNPRIVILEGED,
        env: { PATH: "/usr/bin:/bin" },
      },
    );
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
  const { ctx, received, outsideState, before } = world;
  const attacks = new Map(verifierAttacks(ctx).map((a) => [a.name, a]));
  expect(results).toHaveLength(attacks.size * 2);
  for (const r of results) {
    const what = `${r.name} (tripwire ${r.tripwire ? "on" : "off"}, ${user}): ${r.status}: ${r.reason} ${r.stdout}`;
    expect(r.isolation, what).toBe("bwrap");
    expect(r.status, what).not.toBe("pass");
    expect(r.stdout, what).not.toContain(ctx.secret);
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
      expectHeld(await runAttacks(world.ctx), isRoot ? "root, dropping to nobody" : "this user");
    });

    it.skipIf(!isRoot)("holds when Plumb runs as an unprivileged user", async () => {
      const results = await runAsUnprivileged();
      expect(new Set(results.map((r) => r.user))).toEqual(new Set(["same"]));
      expectHeld(results, "unprivileged");
    });

    it("still passes honest payloads: a literal, a comprehension, a pure rule string", async () => {
      const sandbox = createSandbox();
      const verify = (code: string, payload: string) => runConstructionVerifier(code, payload, { sandbox });
      const evaluates = verifierAttacks(world.ctx).find((a) => a.name === "payload: atexit")?.code ?? "";
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
              cwd: world.dir,
              env: { PATH: "/usr/bin:/bin" },
              ...(isRoot ? { uid: UNPRIVILEGED, gid: UNPRIVILEGED } : {}),
            },
            (_error, stdout, stderr) => resolve({ stdout, stderr }),
          );
        });
      const { ctx, received, outsideState, before } = world;
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
