import { describe, expect, it } from "vitest";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import type { BurrParams } from "../burr/index.ts";
import { burrAssemblyTask } from "./index.ts";

// A seed whose six-piece puzzle generates in milliseconds.
const inst = burrAssemblyTask.generate(
  resolveParams(burrAssemblyTask as AnyTask, "mid") as BurrParams,
  new Rng("assembly/mid/13"),
);

describe("chain/burr-assembly's one-shot plan", () => {
  it("passes the oracle's plan read back from its reply, and fails it with one action dropped", () => {
    const plan = burrAssemblyTask.solve?.(inst).answers[0] ?? [];
    expect(plan).toHaveLength(inst.data.optimal);
    const parsed = burrAssemblyTask.parse(`Here.\n${burrAssemblyTask.formatAnswer?.(plan, inst)}`, inst);
    expect(parsed).toEqual(plan);
    expect(burrAssemblyTask.verify(inst, plan).passed).toBe(true);
    for (const k of [0, plan.length - 1]) {
      const v = burrAssemblyTask.verify(inst, plan.toSpliced(k, 1));
      expect(v.passed).toBe(false);
      expect(v.checks.find((c) => c.name === "plan.solved")?.ok).toBe(false);
    }
    const refused = burrAssemblyTask.verify(inst, [{ action: "move", piece: "red", axis: "x", distance: 1 }]);
    expect(refused.checks.find((c) => c.name === "plan.actions_valid")?.detail).toMatch(
      /action 1 .* refused/,
    );
  });

  it("poses the plan as text, with the picture for the vision variant, and draws a random plan", () => {
    const text = burrAssemblyTask.prompt(inst);
    expect(text.messages[0]?.content).toMatch(/THE ASSEMBLED PUZZLE[\s\S]*Part 6: /);
    expect(text.images).toBeUndefined();
    expect(burrAssemblyTask.prompt(inst, { variant: "vision" }).images).toHaveLength(1);
    const random = burrAssemblyTask.randomAnswer?.(inst, new Rng("random")) ?? [];
    expect(random.length).toBeGreaterThan(0);
    expect(
      burrAssemblyTask.verify(inst, random).checks.find((c) => c.name === "plan.actions_valid")?.ok,
    ).toBe(true);
    expect(burrAssemblyTask.render?.(inst).svg).toMatch(/Goal: the assembled puzzle/);
    expect(burrAssemblyTask.scene?.(inst)).toBeDefined();
  });

  it("fails to parse replies without a plan, and plans longer than the cap", () => {
    expect(isParseFailure(burrAssemblyTask.parse("I cannot.", inst))).toBe(true);
    expect(isParseFailure(burrAssemblyTask.parse('```json\n[{"action": "fly"}]\n```', inst))).toBe(true);
    const long = JSON.stringify(Array.from({ length: 10_000 }, () => ({ action: "state" })));
    expect(isParseFailure(burrAssemblyTask.parse(long, inst))).toBe(true);
  });
});
