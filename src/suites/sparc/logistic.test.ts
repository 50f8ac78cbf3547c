import { describe, expect, it } from "vitest";
import { Rng } from "../../core/rng.ts";
import { auc, crossValidatedAuc, fitLogistic, predictLogistic } from "./logistic.ts";

describe("auc", () => {
  it("is 1 for a perfect ranking, 0 for a reversed one, 0.5 for all ties", () => {
    expect(auc([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1])).toBe(1);
    expect(auc([0.9, 0.8, 0.2, 0.1], [0, 0, 1, 1])).toBe(0);
    expect(auc([0.5, 0.5, 0.5, 0.5], [0, 1, 0, 1])).toBe(0.5);
  });

  it("counts a tie between a positive and a negative as half", () => {
    // Pairs (pos, neg): (0.5, 0.1) win, (0.5, 0.5) tie, (0.9, 0.1) win, (0.9, 0.5) win: 3.5 / 4.
    expect(auc([0.1, 0.5, 0.5, 0.9], [0, 0, 1, 1])).toBe(0.875);
  });

  it("refuses a single class", () => {
    expect(() => auc([0.1, 0.2], [1, 1])).toThrow(/both classes/);
  });
});

describe("logistic regression", () => {
  it("learns a separating direction on a hand case, and a constant feature is harmless", () => {
    const x = [
      [0, 5],
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 5],
    ];
    const y = [0, 0, 0, 1, 1, 1];
    const m = fitLogistic(x, y, 0.1);
    expect(m.weights[1]).toBeGreaterThan(0);
    expect(m.weights[2]).toBe(0);
    expect(predictLogistic(m, [0, 5])).toBeLessThan(0.2);
    expect(predictLogistic(m, [5, 5])).toBeGreaterThan(0.8);
    // Symmetric data: the boundary sits in the middle.
    expect(predictLogistic(m, [2.5, 5])).toBeCloseTo(0.5, 6);
  });

  it("matches the closed form on one binary feature: the fitted odds are the observed odds", () => {
    // x = 0: 1 of 4 positive; x = 1: 3 of 4. Without a penalty the model reproduces 0.25 and 0.75.
    const x = [[0], [0], [0], [0], [1], [1], [1], [1]];
    const y = [1, 0, 0, 0, 1, 1, 1, 0];
    const m = fitLogistic(x, y, 0);
    expect(predictLogistic(m, [0])).toBeCloseTo(0.25, 8);
    expect(predictLogistic(m, [1])).toBeCloseTo(0.75, 8);
  });

  it("cross-validates to about 0.5 on one distribution and near 1 on two far apart", () => {
    const rng = new Rng("cv-test");
    const normal = () => Math.sqrt(-2 * Math.log(1 - rng.float())) * Math.cos(2 * Math.PI * rng.float());
    const rows = (shift: number) => Array.from({ length: 100 }, () => [normal() + shift, normal()]);
    const same = crossValidatedAuc([...rows(0), ...rows(0)], [...Array(100).fill(1), ...Array(100).fill(0)]);
    expect(Math.abs(same - 0.5)).toBeLessThan(0.12);
    const apart = crossValidatedAuc([...rows(3), ...rows(0)], [...Array(100).fill(1), ...Array(100).fill(0)]);
    expect(apart).toBeGreaterThan(0.95);
  });
});
