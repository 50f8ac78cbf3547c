import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { largestFlatRegion } from "./flat-region.ts";
import { terrainLevellingTask as task } from "./index.ts";
import type { TerrainAnswer } from "./schema.ts";

const preset = task.presets?.original;
if (!preset) throw new Error("no original preset");
const instances = preset.instances();
const inst = (n: number) => instances[n - 1] as (typeof instances)[number];
const text = (n: number, variant?: string) =>
  task
    .prompt(inst(n), variant ? { variant } : {})
    .messages.map((m) => m.content)
    .join("\n");

describe("terrain-levelling original preset", () => {
  it("is 9 terrains of sides 16, 20, …, 48, in order, identical on every call", () => {
    expect(instances.map((i) => i.id)).toEqual(
      instances.map((_, k) => `scbench/terrain-levelling/original/${k + 1}`),
    );
    expect(instances.map((i) => i.data.side)).toEqual([16, 20, 24, 28, 32, 36, 40, 44, 48]);
    expect(JSON.stringify(preset.instances())).toBe(JSON.stringify(instances));
    for (const i of instances) {
      expect(i.seed).toBeNull();
      expect(i.data.heights).toHaveLength(i.data.side);
      expect(i.data.heights.every((row) => row.length === i.data.side)).toBe(true);
    }
  });

  it("holds the original generator's heights (seed 42; one decimal; 3.2 to 8.2)", () => {
    // The first row of the 16 × 16 map, as the original's generator prints it.
    expect(inst(1).data.heights[0]?.slice(0, 8)).toEqual([5.0, 4.2, 4.0, 3.9, 4.2, 4.5, 4.2, 4.4]);
    const all = instances.flatMap((i) => i.data.heights.flat());
    expect(all.every((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9)).toBe(true);
    expect(Math.min(...all)).toBe(3.2);
    expect(Math.max(...all)).toBe(8.2);
  });

  it("stores each terrain's flat region before blasting as the flat-region rule measures it", () => {
    for (const i of instances) expect(i.data.flatBefore).toBe(largestFlatRegion(i.data.heights).size);
  });

  // The physics takes about a second per plan on the small maps: two subtasks are checked here
  // (the smallest and the largest); the stored plans were produced by the same planner and simulator.
  it.each([1, 9])("subtask %i: the stored reference plan reaches the stored target", (n) => {
    const answer = task.solve?.(inst(n)).answers[0] as TerrainAnswer;
    const v = task.verify(inst(n), answer);
    expect(v.passed, v.failure?.message).toBe(true);
    expect(v.checks.find((c) => c.name === "flat.largest_region")?.detail).toContain(
      `→ ${inst(n).data.flatTarget} cells`,
    );
  });
});

describe("terrain-levelling answers and prompts", () => {
  it("reads the original's blasts ({'x', 'y', 'z'}, a Python literal) with z as the depth", () => {
    const raw = "{'blasts': [{'x': 5, 'y': 12, 'z': 2.2}, {'x': 12, 'y': 12, 'z': 1.5}]}";
    const answer = task.parse(raw, inst(1));
    if (isParseFailure(answer)) throw new Error(answer.message);
    expect(answer.blasts).toHaveLength(2);
    expect(answer.blasts[0]).toEqual({ x: 5, y: 12, depth: 2.2 });
    expect(task.parse('{"blasts": [{"x": 5, "y": 12, "depth": 2.2}]}', inst(1))).toEqual({
      blasts: [{ x: 5, y: 12, depth: 2.2 }],
    });
    const v = task.verify(inst(1), answer);
    expect(v.passed).toBe(false);
  });

  it("names a blast with no depth and never passes hostile texts", () => {
    const bad = task.parse("{'blasts': [{'x': 1, 'y': 2}]}", inst(1));
    expect(isParseFailure(bad) && bad.message).toMatch(/blasts/);
    for (const h of hostileTexts("{'blasts': [{'x': 5, 'y': 12, 'z': 2.2}]}", 20_000)) {
      const parsed = task.parse(h.text, inst(1));
      if (isParseFailure(parsed) || h.expect !== "fail") continue;
      expect(task.verify(inst(1), parsed).passed, h.name).toBe(false);
    }
  });

  it("the default prompt gives the map, the rolling rule, the strategy hint and the format, not the grader's constants", () => {
    const plain = text(1);
    expect(plain).toContain("5.0 4.2 4.0 3.9 4.2 4.5 4.2 4.4");
    expect(plain).toContain("steep hill");
    expect(plain).toContain('"z": 1.5');
    expect(plain).not.toMatch(/Score =|A plan passes|spheres|min\(N²\/2|physics engine/);
    const explained = text(1, "explained");
    expect(explained).toContain("(A_after − A_before) / min(N²/2, N² − A_before)");
    expect(explained).toContain(`A plan passes when A_after ≥ ${inst(1).data.flatTarget}`);
  });
});
