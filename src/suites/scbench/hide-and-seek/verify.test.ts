import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { isHidden } from "./geometry.ts";
import { hideAndSeekTask as task } from "./index.ts";
import type { HideAnswer, HideData } from "./scene.ts";
import { make } from "./test-helpers.ts";

type V3 = [number, number, number];

/**
 * Independent line-of-sight oracle: walks the segment eye → point through each pair of the building's
 * bounding planes (no tolerance) and reports whether some parameter t ∈ [0, 1] lies inside all three.
 */
function blocked(eye: V3, p: V3, lo: V3, hi: V3): boolean {
  let enter = 0;
  let exit = 1;
  for (const k of [0, 1, 2] as const) {
    const d = p[k] - eye[k];
    if (Math.abs(d) < 1e-15) {
      if (eye[k] < lo[k] || eye[k] > hi[k]) return false;
    } else {
      const near = d > 0 ? (lo[k] - eye[k]) / d : (hi[k] - eye[k]) / d;
      const far = d > 0 ? (hi[k] - eye[k]) / d : (lo[k] - eye[k]) / d;
      enter = near > enter ? near : enter;
      exit = far < exit ? far : exit;
    }
  }
  return enter <= exit;
}

/** Brute force: a person is visible when any of 6 × 7 × 7 sample points on their box surface is. */
function bruteHidden(data: HideData, [x, y]: [number, number]): boolean {
  const a = data.building.width / 2;
  const lo: V3 = [-a, -a, 0];
  const hi: V3 = [a, a, data.building.height];
  const r = data.person.width / 2;
  const min: V3 = [x - r, y - r, 0];
  const max: V3 = [x + r, y + r, data.person.height];
  const steps = 6;
  for (const fixed of [0, 1, 2] as const) {
    for (const side of [min, max]) {
      const [u, v] = [0, 1, 2].filter((k) => k !== fixed) as [0 | 1 | 2, 0 | 1 | 2];
      for (let i = 0; i <= steps; i++) {
        for (let j = 0; j <= steps; j++) {
          const p: V3 = [0, 0, 0];
          p[fixed] = side[fixed];
          p[u] = min[u] + ((max[u] - min[u]) * i) / steps;
          p[v] = min[v] + ((max[v] - min[v]) * j) / steps;
          if (!blocked(data.sniper as V3, p, lo, hi)) return false;
        }
      }
    }
  }
  return true;
}

const names = (answer: HideAnswer, data: HideData) =>
  task
    .verify({ id: "", task: task.id, params: {}, seed: null, data }, answer)
    .checks.filter((c) => !c.ok)
    .map((c) => c.name);

describe("hide-and-seek visibility", () => {
  it("agrees with a brute-force ray caster on random placements and sniper directions", () => {
    const rng = new Rng("brute");
    let hidden = 0;
    let visible = 0;
    for (let s = 0; s < 12; s++) {
      const inst = make("40-people-w6", `b${s}`, { randomAzimuth: true, buildingWidth: 2 + 8 * rng.float() });
      for (let i = 0; i < 150; i++) {
        const rho = 3 + 25 * rng.float();
        const theta = 2 * Math.PI * rng.float();
        const p: [number, number] = [rho * Math.cos(theta), rho * Math.sin(theta)];
        const exact = isHidden(inst.data, p);
        expect(bruteHidden(inst.data, p), `${JSON.stringify(inst.data.sniper)} ${p}`).toBe(exact);
        if (exact) hidden++;
        else visible++;
      }
    }
    expect(hidden).toBeGreaterThan(50);
    expect(visible).toBeGreaterThan(50);
  });
});

describe("hide-and-seek verify: near misses", () => {
  const inst = make("4-people-w2", "adv");
  const data = inst.data;
  // Four people well inside the shadow, 12 m down the diagonal away from the sniper (100, 100, 20).
  const base: [number, number][] = [
    [-8.5, -8.5],
    [-9, -9],
    [-9.5, -9.5],
    [-10, -10],
  ];
  const ok: HideAnswer = { people: base };

  it("accepts the base placement", () => {
    expect(task.verify(inst, ok)).toMatchObject({ passed: true, score: 1 });
    expect(task.verify(inst, task.solve!(inst).answers[0]!).passed).toBe(true);
  });

  it("rejects a person 0.1 m beyond the range (still hidden)", () => {
    const far = 30.1 / Math.SQRT2;
    const answer = { people: [...base.slice(0, 3), [-far, -far] as [number, number]] };
    expect(isHidden(data, [-far, -far])).toBe(true);
    expect(names(answer, data)).toEqual(["hide.within_range"]);
    const edge = 30 / Math.SQRT2;
    expect(task.verify(inst, { people: [...base.slice(0, 3), [-edge, -edge]] }).passed).toBe(true);
    expect(task.verify(inst, answer)).toMatchObject({ score: 0, failure: { kind: "wrong" } });
  });

  it("rejects two people 0.4 m apart and accepts them 0.5 m apart", () => {
    expect(names({ people: [...base.slice(0, 3), [-8.1, -8.5]] }, data)).toEqual(["hide.no_overlap"]);
    expect(names({ people: [...base.slice(0, 3), [-8.0, -8.5]] }, data)).toEqual([]);
  });

  it("rejects a person overlapping the building and accepts one against its wall", () => {
    expect(names({ people: [...base.slice(0, 3), [-1.1, -1.1]] }, data)).toEqual(["hide.clear_of_building"]);
    expect(names({ people: [...base.slice(0, 3), [-1.25, -0.5]] }, data)).toEqual([]);
  });

  it("flags a person just outside the shadow's edge as visible, and scores 1 − 1/N", () => {
    // The shadow's edge 15 m down the diagonal, found by bisection with the brute-force oracle.
    const at = (d: number): [number, number] => [
      -15 / Math.SQRT2 + d / Math.SQRT2,
      -15 / Math.SQRT2 - d / Math.SQRT2,
    ];
    let [inside, outside] = [0, 5];
    for (let i = 0; i < 50; i++) {
      const mid = (inside + outside) / 2;
      if (bruteHidden(data, at(mid))) inside = mid;
      else outside = mid;
    }
    const hiddenAnswer = { people: [...base.slice(0, 3), at(inside - 0.01)] };
    const visibleAnswer = { people: [...base.slice(0, 3), at(inside + 0.01)] };
    expect(task.verify(inst, hiddenAnswer).passed).toBe(true);
    expect(names(visibleAnswer, data)).toEqual(["hide.all_hidden"]);
    expect(task.verify(inst, visibleAnswer)).toMatchObject({
      passed: false,
      score: 0.75,
      failure: { kind: "wrong" },
    });
  });

  it("rejects a wrong count as invalid", () => {
    const verdict = task.verify(inst, { people: base.slice(0, 3) });
    expect(verdict.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["hide.count"]);
    expect(verdict).toMatchObject({ score: 0, failure: { kind: "invalid" } });
    expect(task.verify(inst, { people: [...base, [-12, -12]] }).failure?.kind).toBe("invalid");
  });

  it("scores 0 when a basic rule fails even if people are visible", () => {
    const verdict = task.verify(inst, {
      people: [
        [15, 15],
        [16, 16],
        [17, 17],
        [-1, -1],
      ],
    });
    expect(verdict.score).toBe(0);
    expect(verdict.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
      "hide.clear_of_building",
      "hide.all_hidden",
    ]);
  });

  it("parses NaN-like strings, wrong arity and wrong shapes as parse failures", () => {
    for (const text of [
      '{"people": [["NaN", 1], [0, 0], [1, 1], [2, 2]]}',
      '{"people": [[NaN, 1]]}',
      '{"people": [["Infinity", 1]]}',
      '{"people": [[1, "2"]]}',
      '{"people": [[1, 2, 3]]}',
      '{"people": [[1]]}',
      '{"people": [{"x": 1, "y": 2}]}',
      '{"persons": [[1, 2]]}',
      '{"people": [[1, 2]',
      "no answer",
    ]) {
      expect(isParseFailure(task.parse(text, inst)), text).toBe(true);
    }
    expect(
      task.parse('{"people": [[1, 2]], "reasoning": "…", "__proto__": {"x": 1}, "constructor": 1}', inst),
    ).toEqual({ people: [[1, 2]] });
    expect(task.parse('Here: ```json\n{"people": [[1.5, -2]]}\n```', inst)).toEqual({ people: [[1.5, -2]] });
  });
});
