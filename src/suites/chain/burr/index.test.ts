import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { generateInstances, resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { planCap } from "../common/budget.ts";
import type { BurrData } from "./data.ts";
import { tierOf } from "./data.ts";
import { type BurrParams, burrTask } from "./index.ts";

const inst = burrTask.generate(resolveParams(burrTask as AnyTask, "mid") as BurrParams, new Rng("task/mid"));

describe("chain/burr one-shot", () => {
  it("reports a classic burr under the level classic, a generated one under its tier", () => {
    const classic = burrTask.generate(
      resolveParams(burrTask as AnyTask, "classic") as BurrParams,
      new Rng("task/classic"),
    );
    expect(classic.data.tier).toBe("easy");
    expect(burrTask.level?.(classic)).toBe("classic");
    expect(burrTask.level?.(inst)).toBe("mid");
  });

  it("poses the puzzle as text, with one fixed-view image for the vision variant", () => {
    const text = burrTask.prompt(inst);
    expect(text.images).toBeUndefined();
    expect(text.messages[0]?.content).toMatch(/red \(sub-assembly 1\): \[\[/);
    const vision = burrTask.prompt(inst, { variant: "vision", maxOutputTokens: 900 });
    expect(vision.images).toHaveLength(1);
    expect(vision.messages[0]?.content).toMatch(/at most 900 output tokens/);
    expect(() => burrTask.prompt(inst, { variant: "alternative" })).toThrow(InputError);
    expect(() => burrTask.prompt(inst, { shots: 1 })).toThrow(InputError);
  });

  it("reads back the oracle's plan and passes it", () => {
    const plan = burrTask.solve?.(inst).answers[0];
    if (!plan) throw new Error("no plan");
    const parsed = burrTask.parse(`Here goes.\n${burrTask.formatAnswer?.(plan, inst)}`, inst);
    expect(parsed).toEqual(plan);
    expect(burrTask.verify(inst, plan).passed).toBe(true);
    expect(plan).toHaveLength(inst.data.optimal);
  });

  it("names the first refused move and an unfinished plan", () => {
    const bad = burrTask.verify(inst, [{ action: "move", piece: "red", axis: "x", distance: 0 }]);
    expect(bad.checks.find((c) => c.name === "plan.actions_valid")?.detail).toMatch(/move 1 .* refused/);
    const short = burrTask.verify(inst, (burrTask.solve?.(inst).answers[0] ?? []).slice(0, 1));
    expect(short.passed).toBe(false);
    expect(short.checks.find((c) => c.name === "plan.solved")?.ok).toBe(false);
  });

  it("fails to parse replies without a plan", () => {
    expect(isParseFailure(burrTask.parse("I cannot do it.", inst))).toBe(true);
    expect(isParseFailure(burrTask.parse('```json\n[{"action": "fly"}]\n```', inst))).toBe(true);
    expect(burrTask.parse('so [{"action":"state"}]', inst)).toEqual([{ action: "state" }]);
    expect(isParseFailure(burrTask.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`, inst))).toBe(true);
  });

  it("caps a plan at four times the step budget, and a group at 30 pieces", () => {
    const cap = planCap(inst.data.optimal);
    const states = (n: number) => JSON.stringify(Array.from({ length: n }, () => ({ action: "state" })));
    expect(burrTask.parse(states(cap), inst)).toHaveLength(cap);
    const long = burrTask.parse(states(cap + 1), inst);
    expect(isParseFailure(long) && long.message).toMatch(new RegExp(`at most ${cap} actions`));
    const group = (n: number) =>
      JSON.stringify([{ action: "move", piece: Array(n).fill("red"), axis: "x", distance: 1 }]);
    expect(isParseFailure(burrTask.parse(group(30), inst))).toBe(false);
    expect(isParseFailure(burrTask.parse(group(31), inst))).toBe(true);
  });

  it("draws random answers made of legal moves", () => {
    const answer = burrTask.randomAnswer?.(inst, new Rng(1)) ?? [];
    expect(answer.length).toBeGreaterThan(0);
    expect(burrTask.verify(inst, answer).checks[0]?.ok).toBe(true);
  });

  it("renders the assembled puzzle", () => {
    expect(burrTask.render?.(inst).svg).toMatch(/^<svg/);
  });
});

describe("chain/burr generation", () => {
  it("is deterministic and de-duplicated by signature", () => {
    const params = resolveParams(burrTask as AnyTask, "easy");
    const a = generateInstances(burrTask as AnyTask, params, 4, "s") as Instance<BurrData>[];
    const b = generateInstances(burrTask as AnyTask, params, 4, "s") as Instance<BurrData>[];
    expect(a.map((i) => i.data)).toEqual(b.map((i) => i.data));
    expect(new Set(a.map((i) => burrTask.signature?.(i))).size).toBe(4);
    for (const i of a) expect(burrTask.data.safeParse(i.data).success).toBe(true);
  });

  it("classifies tiers by pieces and first level, and rejects impossible bounds", () => {
    expect([tierOf(3, 1), tierOf(6, 2), tierOf(6, 4), tierOf(6, 5), tierOf(4, 5)]).toEqual([
      "easy",
      "mid",
      "mid",
      "hard",
      "mid",
    ]);
    const params = resolveParams(burrTask as AnyTask, "easy", { minLevel: 3, maxLevel: 2 }) as BurrParams;
    expect(() => burrTask.generate(params, new Rng(1))).toThrow(InputError);
    const none = resolveParams(burrTask as AnyTask, "easy", {
      minLevel: 40,
      maxLevel: 40,
      maxAttempts: 5,
    }) as BurrParams;
    expect(() => burrTask.generate(none, new Rng(1))).toThrow(/no generated burr/);
    const luban = resolveParams(burrTask as AnyTask, "mid", { minLevel: 40, maxLevel: 40, maxAttempts: 2 });
    expect(() => burrTask.generate(luban as BurrParams, new Rng(1))).toThrow(/no luban burr with 6 pieces/);
  });
});
