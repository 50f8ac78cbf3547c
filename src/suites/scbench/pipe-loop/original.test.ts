import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { pipeLoopTask as task } from "./index.ts";

const preset = task.presets!.original!;
const instances = preset.instances();

const PRESET_NAMES = [
  "edge_runner",
  "curvy_and_short_runs",
  "balanced_quadrants",
  "stay_off_walls",
  "dense_center",
  "one_forced_cross",
  "two_forced_crosses",
  "center_start",
  "hull_spreader",
  "wall_kisser",
];

describe("pipe loop: the original preset", () => {
  it("holds the paper's 40 subtasks in order, identical on every call", () => {
    expect(instances).toHaveLength(40);
    expect(JSON.stringify(preset.instances())).toBe(JSON.stringify(instances));
    expect(instances.map((i) => i.id)).toEqual(
      Array.from({ length: 40 }, (_, i) => `scbench/pipe-loop/original/${i + 1}`),
    );
    const sizes = instances.map((i) => [i.data.pipes, i.data.side]);
    expect(sizes.slice(0, 4)).toEqual([
      [3, 1],
      [6, 2],
      [8, 2],
      [10, 3],
    ]);
    expect(sizes[9]).toEqual([22, 7]);
    expect(sizes[19]).toEqual([52, 9]);
    expect(sizes.slice(-3)).toEqual([
      [390, 35],
      [400, 40],
      [420, 50],
    ]);
    const names = instances.map((i) => (i.params as { preset: string | null }).preset);
    expect(names.slice(11, 21)).toEqual(PRESET_NAMES);
    expect(names.filter((n) => n === null)).toHaveLength(30);
    for (const inst of instances) {
      expect(inst.seed).toBeNull();
      expect(task.data.parse(inst.data)).toEqual(inst.data);
    }
  });

  it("keeps the original's constraints with their meanings", () => {
    const at = (n: number) => instances[n - 1]!.data.constraints;
    for (const n of [1, 11, 22, 40]) expect(at(n)).toEqual({});
    expect(at(12)).toEqual({ touchEdgeCount: { count: 3, tolerance: 0.005 }, minTurns: 5, straightDeg: 5 });
    expect(at(13)).toEqual({ maxStraightJoints: 2, straightDeg: 5, cornerAngle: { min: 60, max: 150 } });
    expect(at(14)).toEqual({ allQuadrants: true, quadrantsClosed: true });
    expect(at(15).margin).toBeCloseTo(0.25, 12);
    expect(at(15).minHullArea).toBeCloseTo(3.75, 12);
    // The original multiplies the ratios by the side in floating point too (6 × 0.55 = 3.3000000000000003).
    expect(at(16)).toEqual({
      minSeparation: 0.25,
      centroidBox: { xMin: 6 * 0.45, xMax: 6 * 0.55, yMin: 6 * 0.45, yMax: 6 * 0.55 },
    });
    expect(at(17)).toEqual({ crossings: 1, cornerAngle: { min: 10, max: 170 } });
    expect(at(18)).toEqual({ crossings: 2, cornerAngle: { min: 15, max: 165 } });
    expect(at(19)).toEqual({
      start: { x: 3.5, y: 3.5, tolerance: 0.25 },
      cornerAngle: { min: 40, max: 140 },
    });
    expect(at(20)).toEqual({ minHullArea: 20.25 });
    expect(at(21)).toEqual({ touchEdgeCount: { count: 4, tolerance: 0.007 } });
  });

  it("has a reference answer for every subtask that verify accepts", () => {
    for (const inst of instances) {
      const result = task.solve!(inst);
      expect(result.complete, inst.id).toBe(true);
      expect(result.answers[0]!.points).toHaveLength(inst.data.pipes);
      expect(task.verify(inst, result.answers[0]!).passed, inst.id).toBe(true);
    }
  });

  it("answers nothing, without throwing, where no reference shape fits", () => {
    const impossible = { ...instances[12]!, data: { ...instances[12]!.data, side: 2 } };
    expect(task.solve!(impossible)).toEqual({ answers: [], complete: false });
  });
});

describe("pipe loop: faithful prompt and answers", () => {
  it("says what the original said, without Plumb's tolerances", () => {
    const inst = instances[11]!;
    const text = task.prompt(inst).messages[1]!.content;
    for (const s of [
      "26 straight pipes",
      "sides of 5 m",
      "at least 3 different edges",
      "at least 5 real turns",
    ])
      expect(text).toContain(s);
    const giveaways = ["0.95", "1.05", "178°", "0.000001", "within 0.005", "above 5°"];
    for (const g of giveaways) expect(text).not.toContain(g);
    const explained = task.prompt(inst, { variant: "explained" }).messages[1]!.content;
    for (const g of giveaways) expect(explained).toContain(g);
    const start = task.prompt(instances[18]!).messages[1]!.content;
    expect(start).toContain("Start the loop near (3.5, 3.5)");
    expect(start).not.toContain("0.25");
    const plain = task.prompt(instances[0]!).messages[1]!.content;
    expect(plain).toContain("The loop must neither cross nor touch itself.");
    expect(plain).not.toContain("Further constraints");
  });

  it("reads the original's {'points': [{'x': …, 'y': …}]} form, JSON or Python, like Plumb's pairs", () => {
    const inst = instances[1]!;
    const answer = task.solve!(inst).answers[0]!;
    const objects = answer.points.map(([x, y]) => ({ x, y }));
    const texts = [
      JSON.stringify(answer),
      JSON.stringify({ points: objects }),
      `{'points': [${answer.points.map(([x, y]) => `{'x': ${x}, 'y': ${y}}`).join(", ")}]}`,
      `Here it is:\n[${answer.points.map(([x, y]) => `(${x}, ${y})`).join(", ")}]`,
    ];
    for (const text of texts) expect(task.parse(text, inst), text).toEqual(answer);
  });

  it("refuses wrong shapes by field and never passes hostile texts", () => {
    const inst = instances[1]!;
    for (const text of [
      "{'points': [{'x': 1}]}",
      "{'points': [{'x': 1, 'y': 'a'}]}",
      "{'loop': [[0, 0]]}",
      "{'points': [(0, 0, 1)]}",
    ]) {
      const answer = task.parse(text, inst);
      expect(isParseFailure(answer), text).toBe(true);
      if (isParseFailure(answer)) expect(answer.message, text).toMatch(/points/);
    }
    const valid = JSON.stringify({
      points: task.solve!(inst).answers[0]!.points.map(([x, y]) => ({ x, y })),
    });
    for (const h of hostileTexts(valid, 20_000)) {
      const answer = task.parse(h.text, inst);
      if (isParseFailure(answer) || h.expect !== "fail") continue;
      expect(task.verify(inst, answer).passed, h.name).toBe(false);
    }
  });
});
