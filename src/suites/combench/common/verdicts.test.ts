import { describe, expect, it } from "vitest";
import { type Check, ParseFailure, parseFailureVerdict } from "../../../core/verdict.ts";
import { awaitingJudge, combineVerdict, PROOF_BEFORE_GATING } from "./verdicts.ts";

const headings: Check = { name: "format.headings", ok: true };
const block: Check = { name: "construction.block", ok: true };
const passed: Check[] = [
  headings,
  block,
  { name: "construction.verified", ok: true, detail: "native: True" },
];
const failed: Check[] = [headings, block, { name: "construction.verified", ok: false, detail: "python: no" }];
const noBlock: Check[] = [
  headings,
  { name: "construction.block", ok: false, detail: "no <construct> block" },
];
const unchecked: Check[] = [
  headings,
  block,
  { name: "construction.unchecked", ok: false, detail: "no python3" },
];

const combine = (checks: Check[], grade: number | null) =>
  combineVerdict(awaitingJudge({ checks }), grade, "note");

describe("combineVerdict", () => {
  it("gates construction records: a failed or unrun construction demotes 7→6 and 6→1", () => {
    const table: [Check[], number, number][] = [
      [passed, 7, 7],
      [passed, 6, 6],
      [passed, 1, 1],
      [passed, 0, 0],
      [failed, 7, 6],
      [failed, 6, 1],
      [failed, 1, 1],
      [failed, 0, 0],
      [noBlock, 7, 6],
      [noBlock, 6, 1],
    ];
    for (const [checks, grade, points] of table) {
      const v = combine(checks, grade);
      expect(v.score, `${grade}`).toBeCloseTo(points / 7, 12);
      expect(v.passed).toBe(points === 7);
    }
  });

  it("passes only a full proof with a passing construction, and names the failure kind", () => {
    expect(combine(passed, 7)).toMatchObject({ score: 1, passed: true });
    expect(combine(passed, 7).failure).toBeUndefined();
    expect(combine(failed, 7).failure).toEqual({
      kind: "wrong",
      message: expect.stringMatching(/gated to 6/),
    });
    expect(combine(noBlock, 6).failure?.kind).toBe("invalid");
  });

  it("scores analysis records by the grade alone", () => {
    expect(combine([headings], 7)).toMatchObject({ score: 1, passed: true });
    expect(combine([headings], 6).score).toBeCloseTo(6 / 7, 12);
    expect(combine([headings], 1).failure?.kind).toBe("wrong");
  });

  it("leaves a sample without a grade, or with an unchecked construction, unscored at 0", () => {
    for (const v of [combine(passed, null), combine([headings], null), combine(unchecked, 7)]) {
      expect(v).toMatchObject({ score: 0, passed: false, failure: { kind: "unscored" } });
    }
    expect(combine(unchecked, 7).failure?.message).toMatch(/not checked: no python3/);
  });

  it("replaces the pending proof check with the grade", () => {
    const checks = combine(passed, 6).checks.filter((c) => c.name === "proof.graded");
    expect(checks).toEqual([{ name: "proof.graded", ok: false, detail: "6 out of 7 (note)" }]);
  });

  it("keeps the grade before gating readable whenever the judge gave one, and only then", () => {
    const ungated = (v: ReturnType<typeof combine>) =>
      /^([0167]) out of 7\b/.exec(v.checks.find((c) => c.name === "proof.graded")?.detail ?? "")?.[1];
    for (const checks of [passed, failed, noBlock, unchecked, [headings]]) {
      for (const grade of [0, 1, 6, 7]) expect(ungated(combine(checks, grade))).toBe(String(grade));
      expect(ungated(combine(checks, null))).toBeUndefined();
    }
    const parse = combineVerdict(parseFailureVerdict(new ParseFailure("missing heading")), 7, "graded 7");
    expect(ungated(parse)).toBeUndefined();
  });

  it("gives the grade before gating as the verdict metric reports average (Table 2), only when judged", () => {
    const metric = (v: ReturnType<typeof combine>) => v.metrics?.[PROOF_BEFORE_GATING];
    for (const checks of [passed, failed, noBlock, unchecked, [headings]]) {
      for (const grade of [0, 1, 6, 7]) expect(metric(combine(checks, grade))).toBe(grade / 7);
      expect(metric(combine(checks, null))).toBeUndefined();
      expect(metric(combine(checks, 5))).toBeUndefined();
    }
    // Gating moves the score, never the metric: a failed construction turns 7 into 6/7.
    expect(combine(failed, 7)).toMatchObject({ score: 6 / 7, metrics: { [PROOF_BEFORE_GATING]: 1 } });
    const parse = combineVerdict(parseFailureVerdict(new ParseFailure("missing heading")), 7, "graded 7");
    expect(parse.metrics).toBeUndefined();
  });

  it("keeps a parse failure at 0 whatever the judge said", () => {
    const v = combineVerdict(parseFailureVerdict(new ParseFailure("missing heading")), 7, "graded 7");
    expect(v).toMatchObject({ score: 0, passed: false, failure: { kind: "parse" } });
  });

  it("before the judge, a verdict is unscored and says the proof needs --judge", () => {
    expect(awaitingJudge({ checks: passed }).failure).toEqual({
      kind: "unscored",
      message: expect.stringMatching(/--judge/),
    });
  });
});
