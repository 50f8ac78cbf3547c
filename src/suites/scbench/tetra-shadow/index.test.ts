import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { coverage } from "./coverage.ts";
import { benchTetraShadow, tetraShadowTask as task } from "./index.ts";
import { Raster } from "./raster.ts";
import { SHAPES } from "./shapes.ts";
import { type Quat, shadow, worldVertices } from "./tetra.ts";

const make = (level: string, seed: string) =>
  task.generate(task.params.parse(task.levels[level]), new Rng(seed));
const names = Object.keys(task.levels);

describe("tetra-shadow task", () => {
  it("has 20 levels: one per shape, then 8 harder variants", () => {
    expect(names).toEqual(Array.from({ length: 20 }, (_, i) => `level-${i + 1}`));
    expect(names.slice(0, 12).map((n) => task.levels[n]?.shape)).toEqual([...SHAPES]);
  });

  it("the reference scores 1 on every level", () => {
    for (const level of names) {
      const inst = make(level, "ref");
      const answer = task.solve!(inst).answers[0]!;
      expect(answer.tetrahedra.length).toBeLessThanOrEqual(inst.data.maxCount);
      const verdict = task.verify(inst, answer);
      expect(verdict.failure?.message ?? "").toBe("");
      expect(verdict.score).toBe(1);
    }
  });

  it("generate → solve → verify passes and answers round-trip, for any seed", () => {
    fc.assert(
      fc.property(fc.constantFrom(...names.slice(12)), fc.string({ maxLength: 6 }), (level, seed) => {
        const inst = make(level, seed);
        expect(task.data.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
        expect(task.level!(inst)).toBe(level);
        const answer = task.solve!(inst).answers[0]!;
        expect(task.verify(inst, answer).passed).toBe(true);
        expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
      }),
      { numRuns: 10 },
    );
  });

  it("the Clipper areas agree with a fine raster count (independent area check)", () => {
    for (const level of ["level-2", "level-5", "level-12"]) {
      const inst = make(level, "area");
      const shadows = task.solve!(inst).answers[0]!.tetrahedra.map((t) =>
        shadow(worldVertices(inst.data.edgeLength, t.position, t.quaternion as Quat)),
      );
      const cov = coverage(inst.data.rings, shadows);
      expect(cov.target).toBeCloseTo(inst.data.area, 6);
      const raster = new Raster(-14, -14, 28, 28, 0.02);
      const target = raster.inside(inst.data.rings);
      const union = new Uint8Array(target.length);
      for (const s of shadows) for (const c of raster.convex(s)) union[c] = 1;
      let diff = 0;
      for (let i = 0; i < target.length; i++) if (target[i] !== union[i]) diff++;
      expect(Math.abs(diff * 0.02 ** 2 - (cov.missed + cov.excess))).toBeLessThan(0.05);
    }
  });

  it("is deterministic; unturned levels do not depend on the seed, turned ones do", () => {
    expect(make("level-13", "s")).toEqual(make("level-13", "s"));
    expect(make("level-3", "s").data).toEqual(make("level-3", "t").data);
    expect(make("level-13", "s").data.rotation).not.toBe(make("level-13", "t").data.rotation);
  });

  it("rejects malformed replies as parse failures", () => {
    const inst = make("level-1", "p");
    for (const text of [
      "not json at all",
      '{"tetrahedra": [{"position": [0,0], "quaternion": [1,0,0,0]}]}',
      '{"tetrahedra": [{"position": [0,0,0], "quaternion": [1,0,0]}]}',
      '{"tetrahedra": [{"position": ["NaN",0,0], "quaternion": [1,0,0,0]}]}',
    ])
      expect(isParseFailure(task.parse(text, inst))).toBe(true);
  });

  it("explained prompts state the tetrahedron, the convention, the target and every number", () => {
    const inst = make("level-12", "q");
    const p = task.prompt(inst, { variant: "explained", maxOutputTokens: 1000 });
    const text = p.messages[1]?.content ?? "";
    for (const s of [
      "(1, 1, 1), (1, −1, −1), (−1, 1, −1), (−1, −1, 1)",
      "Hamilton",
      "CENTROID",
      `between 1 and ${inst.data.maxCount} tetrahedra`,
      "| |q| − 1 | ≤ 0.01",
      "multiplied by 0.25",
      "multiplied by 0.5",
      "accuracy / 0.9",
      "96 segments",
      "Hole (clockwise",
      "1000 output tokens",
    ])
      expect(text).toContain(s);
    expect(p.outputSchema).toBeDefined();
    expect(() => task.prompt(inst, { variant: "x" })).toThrow();
    expect(() => task.prompt(inst, { shots: 1 })).toThrow();
  });

  it("random answers are schema-valid and fail", () => {
    const inst = make("level-4", "r");
    const a = task.randomAnswer!(inst, new Rng("x"));
    expect(task.answer.safeParse(a).success).toBe(true);
    expect(task.verify(inst, a).passed).toBe(false);
  });

  it("bench gives one row per level", () => {
    const rows = benchTetraShadow(1);
    expect(rows.map((r) => r.level)).toEqual(names);
    for (const r of rows) expect(r.ms).toBeGreaterThanOrEqual(0);
  });
});
