import { describe, expect, it } from "vitest";
import type { SampleRecord } from "../store/types.ts";
import { compareRuns, formatComparison } from "./compare.ts";
import { bootstrapMeanCI, signTestP } from "./stats.ts";

/** A judged sample with the given score (passed when it is 1). */
function sample(
  model: string,
  instance: string,
  score: number,
  over: Partial<SampleRecord> = {},
): SampleRecord {
  const passed = score === 1;
  return {
    run: "r",
    key: `${instance}/${model}`,
    task: "sparc",
    suite: "sparc",
    tags: [],
    level: null,
    instance,
    model,
    epoch: 0,
    status: "ok",
    prompt: null,
    text: "",
    reasoning: null,
    answer: null,
    verdict: { score, passed, checks: [] },
    score,
    passed,
    failureKind: passed ? null : "wrong",
    usage: { input: 0, output: 0, reasoning: 0, cached: 0 },
    costUsd: null,
    latencyMs: 0,
    attempts: [],
    error: null,
    cached: false,
    judge: null,
    instanceHash: null,
    finishReason: null,
    spentUsd: null,
    calls: 0,
    steps: null,
    optimalSteps: null,
    toolCalls: null,
    toolUse: null,
    startedAt: "",
    finishedAt: "",
    ...over,
  };
}

const ids = Array.from({ length: 10 }, (_, i) => `p${i}`);

describe("signTestP", () => {
  it("is exact and two-sided", () => {
    expect(signTestP(9, 1)).toBe(0.021484375);
    expect(signTestP(1, 9)).toBe(0.021484375);
    expect(signTestP(10, 0)).toBe(2 / 1024);
    expect(signTestP(5, 5)).toBe(1);
    expect(signTestP(0, 0)).toBe(1);
  });

  it("stays accurate for large counts", () => {
    // Reference values from exact rational arithmetic (Python's math.comb and fractions).
    expect(signTestP(999, 1001)).toBeCloseTo(0.9821609888541457, 10);
    expect(signTestP(1200, 800) / 3.505006206935645e-19).toBeCloseTo(1, 9);
  });
});

describe("bootstrapMeanCI", () => {
  it("is deterministic and brackets the mean", () => {
    const values = [0.1, -0.2, 0.5, 0.3, 0, 0.4, -0.1, 0.2];
    const ci = bootstrapMeanCI(values);
    expect(bootstrapMeanCI(values)).toEqual(ci);
    expect(ci).not.toBeNull();
    const [lo, hi] = ci as [number, number];
    expect(lo).toBeLessThan(0.15);
    expect(hi).toBeGreaterThan(0.15);
    expect(bootstrapMeanCI([0.5])).toEqual([0.5, 0.5]);
    expect(bootstrapMeanCI([])).toBeNull();
  });
});

describe("compareRuns", () => {
  // b wins on 9 instances and loses on 1.
  const a = ids.map((id, i) => sample("openai:gpt-4.1", id, i === 0 ? 1 : 0));
  const b = ids.map((id, i) => sample("openai:o4-mini", id, i === 0 ? 0 : i % 2 === 0 ? 1 : 0.5));

  it("pairs the single models of two runs and compares instance by instance", () => {
    const c = compareRuns(a, b);
    expect(c.pairs).toHaveLength(1);
    const p = c.pairs[0];
    expect(p).toBeDefined();
    if (!p) return;
    expect([p.modelA, p.modelB, p.instances, p.better, p.worse, p.equal]).toEqual([
      "openai:gpt-4.1",
      "openai:o4-mini",
      10,
      9,
      1,
      0,
    ]);
    expect(p.signTestP).toBe(0.021484375);
    expect(p.meanA).toBeCloseTo(0.1, 12);
    expect(p.meanB).toBeCloseTo((4 * 1 + 5 * 0.5) / 10, 12);
    expect(p.meanDiff).toBeCloseTo(0.55, 12);
    expect(p.ci95).toEqual(compareRuns(a, b).pairs[0]?.ci95);
    expect(p.ci95).toMatchInlineSnapshot(`
      [
        0.15,
        0.85,
      ]
    `);
    expect(p.flips).toEqual([
      { task: "sparc", instance: "p0", direction: "lost" },
      { task: "sparc", instance: "p2", direction: "gained" },
      { task: "sparc", instance: "p4", direction: "gained" },
      { task: "sparc", instance: "p6", direction: "gained" },
      { task: "sparc", instance: "p8", direction: "gained" },
    ]);
  });

  it("averages epochs per instance and flips only on all-or-none outcomes", () => {
    const runA = [
      sample("m", "x", 1),
      sample("m", "x", 0, { epoch: 1 }),
      sample("m", "y", 0),
      sample("m", "z", 0),
    ];
    const runB = [
      sample("m", "x", 1),
      sample("m", "x", 1, { epoch: 1 }),
      sample("m", "y", 0),
      sample("m", "w", 1),
    ];
    const p = compareRuns(runA, runB).pairs[0];
    expect(p?.diffs.map((d) => [d.instance, d.scoreA, d.scoreB])).toEqual([
      ["x", 0.5, 1],
      ["y", 0, 0],
    ]);
    expect([p?.better, p?.worse, p?.equal, p?.onlyA, p?.onlyB]).toEqual([1, 0, 1, 1, 1]);
    expect(p?.flips).toEqual([]);
  });

  it("pairs by model id when a run has several models", () => {
    const runA = [sample("m1", "x", 0), sample("m2", "x", 1), sample("m3", "x", 1)];
    const runB = [sample("m1", "x", 1), sample("m2", "x", 1), sample("m4", "x", 1)];
    const c = compareRuns(runA, runB);
    expect(c.pairs.map((p) => [p.modelA, p.modelB, p.meanDiff])).toEqual([
      ["m1", "m1", 1],
      ["m2", "m2", 0],
    ]);
    expect(c.unpaired).toEqual({ a: ["m3"], b: ["m4"] });
  });

  it("formats as Markdown and JSON", () => {
    const c = compareRuns(a, b);
    expect(formatComparison(c, "md")).toMatchInlineSnapshot(`
      "# Comparison (b − a, score points)

      ## openai:gpt-4.1 → openai:o4-mini

      | Instances | Score a | Score b | Δ (pts) | 95% CI (pts) | b better | b worse | Equal | Sign test p |
      |---:|---:|---:|---:|---:|---:|---:|---:|---:|
      | 10 | 10.0% | 65.0% | +55.0 | [+15.0, +85.0] | 9 | 1 | 0 | 0.0215 |

      Flipped:

      | Task | Instance | a → b |
      |---|---|---|
      | sparc | p0 | passed → failed |
      | sparc | p2 | failed → passed |
      | sparc | p4 | failed → passed |
      | sparc | p6 | failed → passed |
      | sparc | p8 | failed → passed |
      "
    `);
    expect(JSON.parse(formatComparison(c, "json"))).toEqual(c);
  });
});
