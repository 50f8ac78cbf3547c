import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AttackWorld, openAttackWorld } from "../../test/support/attack-world.ts";
import { EVAL_VERIFIER, verifierAttacks } from "../../test/support/verifier-attacks.ts";
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
    let world: AttackWorld;
    beforeAll(async () => {
      world = await openAttackWorld("plumb-tool-hostile-");
    });
    afterAll(() => world.close());

    it("holds for every attack", async () => {
      const { ctx, received, outsideState, before } = world;
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
        expect(result.output, what).not.toContain(ctx.secret);
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
