import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import type { Verdict } from "../../../core/verdict.ts";
import { flatReference } from "./flat-reference.ts";
import { fluidSimTask as task } from "./index.ts";
import type { Earthwork, FluidAnswer, FluidData } from "./schema.ts";
import { referenceAnswer } from "./solve.ts";
import { verifyFluid } from "./verify.ts";

type T3 = [number, number, number];
const rock = (min: T3, max: T3): Earthwork => ({ material: "rock", min, max });
const air = (min: T3, max: T3): Earthwork => ({ material: "air", min, max });
const data = (level: string, seed = "v"): FluidData =>
  task.generate(task.params.parse(task.levels[level]), new Rng(seed)).data;
const flatten = (d: FluidData): Earthwork => air([0, 0, 1], [d.side - 1, d.side - 1, 7]);
/** A w × h pit one layer deep at z = 1 in a rock rim on flattened ground. */
const pit = (x: number, y: number, w: number, h: number): Earthwork[] => [
  rock([x - 1, y - 1, 0], [x + w, y + h, 1]),
  air([x, y, 1], [x + w - 1, y + h - 1, 1]),
];
const run = (d: FluidData, works: Earthwork[]): Verdict => verifyFluid(d, { earthworks: works });
const failed = (v: Verdict) => v.checks.filter((c) => !c.ok).map((c) => c.name);

describe("fluid-sim verifier", () => {
  it("goal 10: 99 or 101 water cells score 0.95 and fail goal.total_volume; 100 passes", () => {
    const d = data("goal-10");
    const c = Math.floor(d.side / 2);
    const exact = run(d, [flatten(d), ...pit(c - 5, c - 5, 10, 10)]);
    expect(exact.passed).toBe(true);
    const low = run(d, [flatten(d), ...pit(c - 5, c - 5, 9, 11)]);
    const high = run(d, [flatten(d), ...pit(c - 5, c - 5, 10, 10), ...pit(2, 2, 1, 1)]);
    for (const v of [low, high]) {
      expect(v.passed).toBe(false);
      expect(v.score).toBeCloseTo(0.95, 10);
      expect(failed(v)).toEqual(["goal.total_volume"]);
      expect(v.failure?.kind).toBe("wrong");
    }
    expect(run(d, [flatten(d), ...pit(c - 6, c - 6, 12, 10)]).score).toBe(0);
    expect(run(d, []).score).toBe(0);
  });

  it("goal 4: an uncovered lake fails goal.hidden and scores half", () => {
    const d = data("goal-4");
    const ref = flatReference(d).earthworks;
    const unroofed = ref.slice(0, -1);
    const v = run(d, unroofed);
    expect(failed(v)).toEqual(["goal.hidden"]);
    expect(v.score).toBe(0.5);
  });

  it("goal 4: the reference's cave with its hill dug away above it is in plain sight", () => {
    const d = data("goal-4");
    const ref = referenceAnswer(d).earthworks;
    const hollow = ref.at(-1) as Earthwork;
    expect(hollow.material).toBe("air");
    const v = run(d, [
      ...ref,
      air([hollow.min[0], hollow.min[1], hollow.max[2] + 1], [hollow.max[0], hollow.max[1], 7]),
    ]);
    expect(failed(v)).toEqual(["goal.hidden"]);
    expect(v.score).toBe(0.5);
  });

  it("goal 2: two lakes joined into one fail goal.bodies", () => {
    const d = data("goal-2");
    const v = run(d, [
      flatten(d),
      ...pit(2, 2, 4, 4),
      ...pit(7, 2, 4, 4),
      air([6, 3, 1], [6, 3, 1]),
      ...pit(2, 9, 4, 4),
    ]);
    expect(failed(v)).toEqual(["goal.bodies"]);
    expect(v.score).toBeCloseTo(2 / 3, 10);
  });

  it("goal 9: water at a forbidden height fails its dry check only", () => {
    const d = data("goal-9");
    const ref = flatReference(d).earthworks;
    const v = run(d, [...ref, rock([1, 7, 0], [5, 11, 5]), air([2, 8, 5], [4, 10, 5])]);
    expect(failed(v)).toEqual(["goal.dry_z5"]);
    expect(v.score).toBe(0.75);
  });

  it("goal 9: an answer that makes no water scores 0, though it keeps the dry heights dry", () => {
    const d = data("goal-9");
    const v = run(d, [rock([0, 0, 0], [d.side - 1, d.side - 1, 7])]);
    expect(failed(v)).toEqual(["goal.wet_z2", "goal.wet_z4"]);
    expect(v.score).toBe(0);
  });

  it("goal 8: a full pond without an island has no dry centre", () => {
    const d = data("goal-8");
    const c = Math.floor(d.side / 2);
    const v = run(d, [flatten(d), ...pit(c - 3, c - 3, 7, 7)]);
    expect(failed(v)).toEqual(["goal.ring"]);
    expect(v.score).toBe(0);
  });

  it("goal 6: a lake one layer short of the depth scores 5/6", () => {
    const d = data("goal-6");
    const c = Math.floor(d.side / 2);
    const v = run(d, [
      flatten(d),
      rock([c - 2, c - 2, 0], [c + 1, c + 1, 5]),
      air([c - 1, c - 1, 1], [c, c, 5]),
    ]);
    expect(failed(v)).toEqual(["goal.depth"]);
    expect(v.score).toBeCloseTo(5 / 6, 10);
  });

  it("goal 1: a 5 × 7 lake (area 35) is one short", () => {
    const d = data("goal-1");
    const c = Math.floor(d.side / 2);
    const v = run(d, [flatten(d), ...pit(c - 3, c - 3, 5, 7)]);
    expect(failed(v)).toEqual(["goal.surface_area"]);
    expect(v.score).toBeCloseTo(35 / 36, 10);
  });

  it("goal 7: one lake over 200 and one under", () => {
    const d = data("goal-7");
    const ref = flatReference(d).earthworks;
    const v = run(d, [...ref.slice(0, 3), ...pit(2, 2, 20, 9)]);
    expect(failed(v)).toEqual(["goal.large_bodies"]);
    expect(v.score).toBeCloseTo((1 + 180 / 201) / 2, 10);
  });

  it("goal 11: caves merged into two bodies are two short", () => {
    const d = data("goal-11");
    const ref = flatReference(d).earthworks;
    // Without the divider the two rows of caves merge: two bodies of 18.
    const v = run(d, ref.slice(0, -1));
    expect(failed(v)).toEqual(["goal.lake_count"]);
    expect(v.score).toBe(0.5);
  });

  it("names the broken rule of a malformed answer and scores it 0", () => {
    const d = data("goal-1");
    const s = d.side;
    const cases: [Earthwork[], string][] = [
      [Array.from({ length: 21 }, () => air([1, 1, 1], [2, 2, 2])), "earthworks.count"],
      [[air([1, 1, 1], [s, 2, 2])], "earthworks.bounds"],
      [[air([-1, 1, 1], [2, 2, 2])], "earthworks.bounds"],
      [[air([1, 1, 1], [2, 2, 8])], "earthworks.bounds"],
      [[air([3, 1, 1], [2, 2, 2])], "earthworks.order"],
      [[air([1.5, 1, 1], [2, 2, 2])], "earthworks.integer"],
      [[air([Number.NaN, 1, 1], [2, 2, 2])], "earthworks.integer"],
    ];
    for (const [works, name] of cases) {
      const v = run(d, works);
      expect(v.score).toBe(0);
      expect(v.failure?.kind).toBe("invalid");
      expect(failed(v)).toContain(name);
    }
  });

  it("gives the same verdict for the same answer every time", () => {
    const d = data("goal-5");
    const answer: FluidAnswer = task.randomAnswer!(
      { id: "", task: task.id, params: {}, seed: "r", data: d },
      new Rng("r"),
    );
    expect(verifyFluid(d, answer)).toEqual(verifyFluid(d, answer));
    const ref = referenceAnswer(d);
    expect(verifyFluid(d, ref)).toEqual(verifyFluid(d, ref));
  });
});
