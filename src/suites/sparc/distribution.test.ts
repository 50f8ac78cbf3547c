import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateInstances, resolveParams } from "../../core/instances.ts";
import { parseJsonl } from "../../core/jsonl.ts";
import type { AnyTask } from "../../core/task.ts";
import { classifierAuc, compareDistributions, levelSpread } from "./distribution.ts";
import { FEATURES, featureVector, recordFeatures } from "./features.ts";
import { sparcTask } from "./index.ts";
import { type SparcRecord, sparcRecordSchema } from "./record.ts";

const task = sparcTask as unknown as AnyTask;
const official = parseJsonl(
  readFileSync(new URL("../../../test/fixtures/sparc/test-puzzles.jsonl", import.meta.url), "utf8"),
).lines.map((l) => sparcRecordSchema.parse(l.value));
const generate = (mix: string, n: number, seed: string) =>
  generateInstances(task, resolveParams(task, mix), n, seed).map((i) => i.data as SparcRecord);

describe("SPaRC generated vs official distribution", () => {
  it("a classifier barely tells generated puzzles from the 100 official ones", () => {
    const generated = generate("all", 100, "drift");
    const report = compareDistributions(generated, official);
    // 300 puzzles give about 0.60 (npm run bench); a smaller sample is noisier, hence the margin.
    expect(report.auc).toBeLessThanOrEqual(0.7);
    expect(report.features.map((f) => f.feature)).toEqual([...FEATURES]);
  }, 60_000);

  it("separates sets that do differ: one split's puzzles, and official puzzles with one feature shifted", () => {
    const gaps = generate("gaps", 60, "drift");
    expect(compareDistributions(gaps, official).auc).toBeGreaterThan(0.9);

    const rows = official.map((r) => featureVector(recordFeatures(r)));
    const a = rows.filter((_, i) => i % 2 === 0);
    const b = rows.filter((_, i) => i % 2 === 1);
    expect(classifierAuc(a, b)).toBeLessThan(0.65);
    // Official lines made twice as long relative to the grid: a drift the check must see.
    const coverage = FEATURES.indexOf("line_coverage");
    const shifted = a.map((v) => v.map((x, j) => (j === coverage ? x * 2 : x)));
    expect(classifierAuc(shifted, b)).toBeGreaterThan(0.8);
  }, 60_000);

  it("counts levels", () => {
    expect(levelSpread(official)).toEqual([20, 20, 20, 20, 20]);
  });
});
