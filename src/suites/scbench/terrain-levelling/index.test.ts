import { describe, expect, it } from "vitest";
import { generateInstances, resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { terrainLevellingTask as task } from "./index.ts";
import { MIN_REFERENCE_SCORE, type TerrainData } from "./schema.ts";
import { clearSimulationCache } from "./sim-cache.ts";
import { levellingScore } from "./verify.ts";

const anyTask = task as unknown as AnyTask;
/** The instances the generic SCBench test draws: seed "cli-i" on level i + 1. */
const instance = (i: number): Instance<TerrainData> =>
  generateInstances(
    anyTask,
    resolveParams(anyTask, `level-${i + 1}`),
    1,
    `cli-${i}`,
  )[0] as Instance<TerrainData>;

describe("scbench/terrain-levelling", () => {
  it("levels are squares of side 16, 20, …, 48 with heights in [0, 10] to 2 decimals", () => {
    Object.keys(task.levels).forEach((level, i) => {
      const inst = instance(i);
      expect(task.level?.(inst)).toBe(level);
      expect(inst.data.heights).toHaveLength(16 + 4 * i);
      const flat = inst.data.heights.flat();
      expect(Math.min(...flat)).toBe(0);
      expect(Math.max(...flat)).toBe(10);
      for (const v of flat) expect(Math.round(v * 100) / 100).toBe(v);
    });
  });

  it("is deterministic in the seed", () => {
    const params = resolveParams(anyTask, "level-3");
    expect(task.generate(params as never, new Rng("a"))).toEqual(
      task.generate(params as never, new Rng("a")),
    );
    expect(task.generate(params as never, new Rng("a")).data.heights).not.toEqual(
      task.generate(params as never, new Rng("b")).data.heights,
    );
  });

  it("every level: the reference plan, simulated, grows the largest flat region", {
    timeout: 60_000,
  }, async () => {
    for (let i = 0; i < 9; i++) {
      const inst = instance(i);
      const answer = task.solve?.(inst).answers[0];
      if (!answer) throw new Error("no reference");
      expect(answer.blasts.length).toBeGreaterThan(0);
      const parsed = task.parse(task.formatAnswer?.(answer, inst) ?? "", inst);
      if (isParseFailure(parsed)) throw new Error(parsed.message);
      const verdict = await task.verify(inst, parsed);
      expect(verdict.passed, `level-${i + 1}: ${verdict.failure?.message}`).toBe(true);
      expect(verdict.score).toBeGreaterThanOrEqual(MIN_REFERENCE_SCORE);
      expect(verdict.score).toBe(levellingScore(inst.data.side, inst.data.flatBefore, inst.data.flatTarget));
      expect(verdict.checks.map((c) => c.name)).toEqual([
        "plan.length",
        "blasts.in_grid",
        "blasts.depth_positive",
        "blasts.depth_within_height",
        "physics.simulated",
        "flat.largest_region",
        "score",
      ]);
    }
  });

  it("the same answer gets the same verdict on every run, cached or not", { timeout: 30_000 }, async () => {
    const inst = instance(1);
    const answer = task.solve?.(inst).answers[0];
    if (!answer) throw new Error("no reference");
    // Cached by the generator, which simulated the reference one blast at a time.
    const primed = await task.verify(inst, answer);
    clearSimulationCache();
    const first = await task.verify(inst, answer);
    const cached = await task.verify(inst, answer);
    clearSimulationCache();
    const fresh = await task.verify(inst, answer);
    expect(first).toEqual(primed);
    expect(cached).toEqual(first);
    expect(fresh).toEqual(first);
  });

  it("prompt (--variant explained) states the heightmap, the rules and the score formula", () => {
    const inst = instance(0);
    const prompt = task.prompt(inst, { variant: "explained" });
    const text = prompt.messages.map((m) => m.content).join("\n");
    expect(text).toContain(`[${inst.data.heights[0]?.map((v) => v.toFixed(2)).join(", ")}]`);
    expect(text).toContain("min(120, ⌈4 · depth⌉)");
    expect(text).toContain("differ by at most 0.2");
    expect(text).toContain("(A_after − A_before) / min(N²/2, N² − A_before)");
    expect(text).toContain(`A = ${inst.data.flatBefore}`);
    expect(text).toContain(`A plan passes when A_after ≥ ${inst.data.flatTarget}`);
    expect(prompt.outputSchema).toBeDefined();
    expect(() => task.prompt(inst, { shots: 1 })).toThrow();
  });

  it("random answers are well formed", () => {
    const inst = instance(0);
    const a = task.randomAnswer?.(inst, new Rng("r"));
    expect(a && task.answer.safeParse(a).success).toBe(true);
    expect(isParseFailure(task.parse("not json at all", inst))).toBe(true);
  });
});
