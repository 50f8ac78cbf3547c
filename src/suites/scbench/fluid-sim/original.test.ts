import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { fluidSimTask as task } from "./index.ts";
import { runOriginal } from "./original-sim.ts";
import { pairHash, pythonSetOrder } from "./python-set-order.ts";
import type { Earthwork, FluidAnswer } from "./schema.ts";

const preset = task.presets?.original;
if (!preset) throw new Error("no original preset");
const instances = preset.instances();
const inst = (n: number) => instances[n - 1] as (typeof instances)[number];
const reference = (n: number) => task.solve?.(inst(n)).answers[0] as FluidAnswer;
const verify = (n: number, answer: FluidAnswer) => task.verify(inst(n), answer);
const text = (n: number, variant?: string) =>
  task
    .prompt(inst(n), variant ? { variant } : {})
    .messages.map((m) => m.content)
    .join("\n");

type P = [number, number, number];
const rock = (min: P, max: P): Earthwork => ({ material: "rock", min, max });
const air = (min: P, max: P): Earthwork => ({ material: "air", min, max });

describe("fluid-sim original preset", () => {
  it("is the original's 11 subtasks in order, on its world sides, identical on every call", () => {
    expect(instances).toHaveLength(11);
    expect(instances.map((i) => i.id)).toEqual(
      instances.map((_, k) => `scbench/fluid-sim/original/${k + 1}`),
    );
    expect(instances.map((i) => i.data.side)).toEqual([16, 24, 32, 40, 48, 56, 64, 48, 56, 48, 64]);
    expect(instances.every((i) => i.seed === null && i.data.heights.flat().every((h) => h === 3))).toBe(true);
    expect(JSON.stringify(preset.instances())).toBe(JSON.stringify(instances));
    for (const i of instances) expect(task.data.parse(JSON.parse(JSON.stringify(i.data)))).toEqual(i.data);
  });

  // Running the original's rain takes up to 1.5 s on the largest worlds: a sample of six is
  // checked here (all 11 were checked against the original's own grading code, see the report).
  it.each([1, 2, 4, 5, 8, 10])("subtask %i: the reference scores 1 under the original's rules", (n) => {
    const answer = reference(n);
    expect(answer.earthworks.length).toBeLessThanOrEqual(12);
    const v = verify(n, answer);
    expect(v.passed, v.failure?.message).toBe(true);
    expect(v.score).toBe(1);
  });

  it("near misses score what the original scores and do not pass", () => {
    const raise = rock([0, 0, 3], [15, 15, 3]);
    // 6 × 5 columns: 30/36.
    const small = verify(1, { earthworks: [raise, air([5, 5, 3], [10, 9, 3])] });
    expect(small.passed).toBe(false);
    expect(small.score).toBeCloseTo(30 / 36, 12);
    // A 10 × 9 pit holds 90: 1 − 10/100.
    const ninety = verify(10, { earthworks: [rock([0, 0, 3], [47, 47, 3]), air([10, 10, 3], [19, 18, 3])] });
    expect(ninety.score).toBeCloseTo(0.9, 12);
    expect(ninety.passed).toBe(false);
    // The pit of subtask 4 without its roof is visible from above: 0.
    const open = verify(4, { earthworks: [rock([0, 0, 3], [39, 39, 3]), air([10, 10, 3], [13, 13, 3])] });
    expect(open.score).toBe(0);
  });

  it("floating rock falls: a roof with no pillar drops onto the ground and seals the pits", () => {
    const works = reference(11).earthworks.filter((w) => !(w.min[2] === 4 && w.max[2] === 4));
    const run = runOriginal(64, works);
    expect(run.falls).toBe(1);
    expect(run.world.cells.includes(2)).toBe(false);
    expect(verify(11, { earthworks: works }).score).toBe(0);
  });

  it("skips boxes outside the world or inside out, as the original does, instead of refusing the answer", () => {
    const works = [...reference(1).earthworks, rock([0, 0, 0], [16, 3, 3]), air([9, 9, 3], [8, 8, 3])];
    const v = verify(1, { earthworks: works });
    expect(v.passed).toBe(true);
    expect(v.checks.find((c) => c.name === "earthworks.applied")?.detail).toMatch(/#2, #3/);
  });

  it("fills a closed pool in CPython's set order, cell for cell as the original does", () => {
    // A 3 × 3 cavity at z = 2 under a one-cell shaft. The original (run under CPython 3.11) fills 8
    // of the 9 cavity cells, the shaft's column among them, and then the shaft, which seals (7, 5, 2).
    const side = 24;
    const run = runOriginal(side, [
      rock([0, 0, 3], [23, 23, 3]),
      air([6, 6, 3], [6, 6, 3]),
      air([5, 5, 2], [7, 7, 2]),
    ]);
    const water: string[] = [];
    run.world.cells.forEach((v, i) => {
      if (v === 2) water.push(`${i % side},${Math.floor(i / side) % side},${Math.floor(i / side / side)}`);
    });
    expect(water.join(" ")).toBe("5,5,2 6,5,2 5,6,2 6,6,2 7,6,2 5,7,2 6,7,2 7,7,2 6,6,3");
  });

  it("reproduces CPython 3.11's iteration order of sets of integer pairs", () => {
    // Printed by python3 -c "s=set(); [s.add(p) for p in L]; print(list(s))" for these L.
    const cases: [number[][], number[][]][] = [
      [
        [
          [5, 5],
          [6, 5],
          [4, 5],
          [5, 6],
          [5, 4],
        ],
        PY_ORDER_1,
      ],
    ];
    const key = (p: number[]) => (p[0] as number) + 100 * (p[1] as number);
    const order = (added: number[][]) =>
      pythonSetOrder(added.map(key), (k) => pairHash(k % 100, Math.floor(k / 100)));
    for (const [added, expected] of cases) expect(order(added)).toEqual(expected.map(key));
    const grid = Array.from({ length: 63 }, (_, k) => [3 + Math.floor(k / 7), 2 + (k % 7)]);
    expect(order(grid).slice(0, 12)).toEqual(PY_ORDER_2_HEAD.map(key));
  });
});

describe("fluid-sim answers and prompts", () => {
  const pythonAnswer =
    "Plan below.\n{'reasoning': 'a ring', 'earthworks': [{'xyzMin': [4, 4, 3], 'xyzMax': [11, 11, 3], 'material': 'Rock'}, {'xyzMin': (5, 5, 3), 'xyzMax': (10, 10, 3), 'material': 'Air'}]}";
  const plumb: FluidAnswer = {
    earthworks: [rock([4, 4, 3], [11, 11, 3]), air([5, 5, 3], [10, 10, 3])],
  };

  it("reads the original's Python-literal boxes as Plumb's, and Plumb's JSON as before", () => {
    expect(task.parse(pythonAnswer, inst(1))).toEqual(plumb);
    expect(task.parse(JSON.stringify(plumb), inst(1))).toEqual(plumb);
    expect(
      task.parse(
        JSON.stringify({
          earthworks: [
            { xyzMin: [4, 4, 3], xyzMax: [11, 11, 3], material: "Rock" },
            { xyzMin: [5, 5, 3], xyzMax: [10, 10, 3], material: "Air" },
          ],
        }),
        inst(1),
      ),
    ).toEqual(plumb);
    expect(verify(1, task.parse(pythonAnswer, inst(1)) as FluidAnswer).score).toBe(1);
  });

  it("names a wrong material or shape instead of passing", () => {
    const bad = task.parse(
      "{'earthworks': [{'xyzMin': [1, 1, 3], 'xyzMax': [2, 2, 3], 'material': 'Water'}]}",
      inst(1),
    );
    expect(isParseFailure(bad) && bad.message).toMatch(/earthworks/);
    const short = task.parse(
      "{'earthworks': [{'xyzMin': [1, 1], 'xyzMax': [2, 2, 3], 'material': 'Rock'}]}",
      inst(1),
    );
    expect(isParseFailure(short)).toBe(true);
    for (const h of hostileTexts(pythonAnswer, 20_000)) {
      const parsed = task.parse(h.text, inst(1));
      if (isParseFailure(parsed) || h.expect !== "fail") continue;
      expect(verify(1, parsed).passed, h.name).toBe(false);
    }
  });

  it("the default prompt of an original subtask says what the original said, the exact rules only when explained", () => {
    const plain = text(8);
    expect(plain).toContain("48 × 48 × 8");
    expect(plain).toContain("dry centre of at least 3x3");
    expect(plain).toContain('"xyzMin"');
    expect(plain).not.toMatch(/score|500 rounds|breadth-first|truncated/i);
    const explained = text(8, "explained");
    expect(explained).toMatch(/500 rounds/);
    expect(explained).toMatch(/Scoring: 1 if some body's columns enclose/);
  });

  it("Plumb's own instances state the score formula only when explained", () => {
    const own = task.generate(task.params.parse({ goal: 10, side: 16 }), new Rng("faithful"));
    const say = (variant: string) =>
      task
        .prompt(own, { variant })
        .messages.map((m) => m.content)
        .join("\n");
    expect(say("default")).not.toContain("Scoring:");
    expect(say("explained")).toContain("Scoring: the answer passes only when the goal is met");
  });
});

/** CPython 3.11 printed this order for the five pairs of the test above. */
const PY_ORDER_1: number[][] = [
  [5, 5],
  [6, 5],
  [5, 4],
  [4, 5],
  [5, 6],
];
/** The first 12 of 63 pairs (x in 3…11 outer, y in 2…8 inner), as CPython 3.11 iterates them. */
const PY_ORDER_2_HEAD: number[][] = [
  [3, 4],
  [4, 3],
  [3, 7],
  [5, 4],
  [4, 6],
  [9, 2],
  [5, 7],
  [9, 5],
  [8, 3],
  [11, 2],
  [10, 6],
  [9, 8],
];
