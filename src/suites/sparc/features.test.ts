import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseJsonl } from "../../core/jsonl.ts";
import { FEATURES, featureVector, recordFeatures } from "./features.ts";
import { sparcRecordSchema } from "./record.ts";

const official = parseJsonl(
  readFileSync(new URL("../../../test/fixtures/sparc/test-puzzles.jsonl", import.meta.url), "utf8"),
).lines.map((l) => sparcRecordSchema.parse(l.value));

describe("SPaRC record features", () => {
  it("reads one official record as counted by hand", () => {
    // c80d64b5c5e39d7b: 4×6, polys of 4, 4 and 2 squares (red, red, orange), an orange stone,
    // two gaps, two dots, 14 solutions.
    const r = official.find((o) => o.id === "c80d64b5c5e39d7b");
    if (!r) throw new Error("fixture record missing");
    const f = recordFeatures(r);
    expect(f).toMatchObject({
      width: 4,
      height: 6,
      area: 24,
      solution_count: 14,
      colors: 2,
      n_polys: 3,
      n_stones: 1,
      n_gaps: 2,
      n_dots: 2,
      has_triangles: 0,
      rule_kinds: 4,
      rule_density: 4 / 24,
    });
    expect(f.poly_size_mean).toBeCloseTo(10 / 3, 12);
    expect(f.poly_small_share).toBeCloseTo(1 / 3, 12);
    const shortest = Math.min(...r.solutions.map((s) => s.path.length));
    expect(f.shortest_path).toBe(shortest);
    // 9 × 13 positions less 24 rule cells.
    expect(f.line_coverage).toBeCloseTo(shortest / (9 * 13 - 24), 12);
  });

  it("gives every official record a finite value for every feature, in a fixed order", () => {
    for (const r of official) {
      const v = featureVector(recordFeatures(r));
      expect(v).toHaveLength(FEATURES.length);
      for (const x of v) expect(Number.isFinite(x)).toBe(true);
    }
  });

  it("finds the fixture's triangle counts: 1, 2 and 4, never 3", () => {
    const rows = official.map((r) => recordFeatures(r));
    expect(rows.some((f) => f.triangle_count4_share > 0)).toBe(true);
    expect(rows.every((f) => f.triangle_count3_share === 0)).toBe(true);
  });
});
