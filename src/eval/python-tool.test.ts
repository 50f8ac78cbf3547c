import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AttackContext, EVAL_VERIFIER, verifierAttacks } from "../../test/support/verifier-attacks.ts";
import { createSandbox } from "../sandbox/index.ts";
import { pythonToolHost, pythonToolUnavailable } from "./python-tool.ts";

const sandbox = createSandbox();
const missing = await pythonToolUnavailable(sandbox);

describe("the python tool", () => {
  it.skipIf(missing !== null)(
    "gives the model what the code printed, and says why a run did not end well",
    async () => {
      const tool = pythonToolHost({ sandbox, limits: { timeoutMs: 2000, cpuSeconds: 1 } });
      const signal = new AbortController().signal;
      expect(await tool.python("print(sum(range(10)))", signal)).toMatchObject({ output: "45\n" });
      const raised = await tool.python("print('before')\nraise ValueError('boom')", signal);
      expect(raised.output).toMatch(/^before\n\[stderr\]\nTraceback[\s\S]*ValueError: boom\n$/);
      expect(raised.error).toBe("The code crashed: ValueError: boom.");
      const looping = await tool.python("while True:\n    pass", signal);
      expect(looping.error).toMatch(/more than 1 s of CPU time/);
      expect(tool.limits).toEqual({ seconds: 1, memoryMiB: 512, outputKiB: 64 });
    },
  );
});

/**
 * The isolation work's hostile suite, through the tool: each attack's code is what a model sends
 * (a payload attack sends its payload as code). Nothing may leak, connect or change outside, and an
 * attack that prints True when it works must not print it.
 */
describe.skipIf(process.platform !== "linux" || missing !== null)(
  "the python tool under the hostile suite",
  () => {
    const dir = mkdtempSync(join(tmpdir(), "plumb-tool-hostile-"));
    chmodSync(dir, 0o755);
    const secret = `plumb-tool-canary-${process.pid}-${Date.now()}`;
    const ctx: AttackContext = {
      canary: join(dir, "canary.txt"),
      secret,
      tcpPort: 0,
      unixSocket: join(dir, "listener.sock"),
      outside: join(dir, "outside"),
    };
    const received = { tcp: 0, unix: 0 };
    const servers: Server[] = [];
    const listen = (kind: keyof typeof received) =>
      new Promise<Server>((resolve) => {
        const server = createServer((socket) => {
          received[kind]++;
          socket.destroy();
        });
        servers.push(server);
        if (kind === "tcp") server.listen(0, "127.0.0.1", () => resolve(server));
        else server.listen(ctx.unixSocket, () => resolve(server));
      });
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

    it("holds for every attack", async () => {
      const signal = new AbortController().signal;
      const results = await Promise.all(
        verifierAttacks(ctx).map(async (a) => {
          const payloadAttack = a.code === EVAL_VERIFIER;
          const code = payloadAttack ? `print(repr(${a.payload}))` : a.code;
          const tool = pythonToolHost({ sandbox, ...(a.limits ? { limits: a.limits } : {}) });
          return { a, payloadAttack, result: await tool.python(code, signal) };
        }),
      );
      for (const { a, payloadAttack, result } of results) {
        const what = `${a.name}: ${result.error ?? "ran"}: ${result.output.slice(-300)}`;
        expect(result.output, what).not.toContain(secret);
        expect(result.output.length, what).toBeLessThanOrEqual(3 * 64 * 1024);
        if (!payloadAttack && a.statuses === undefined)
          expect(result.output.trim().split("\n").at(-1), what).not.toBe("True");
        if (a.statuses?.includes("timeout") || a.statuses?.includes("memory"))
          expect(result.error, what).toBeDefined();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toEqual({ tcp: 0, unix: 0 });
      expect(outsideState()).toBe(before);
    });
  },
);
