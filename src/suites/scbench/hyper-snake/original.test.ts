import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { hyperSnakeTask as task } from "./index.ts";
import type { HyperSnakeAnswer } from "./schema.ts";

const preset = task.presets!.original!;
const instances = preset.instances();
const solved = new Map<number, HyperSnakeAnswer>();
const reference = (i: number): HyperSnakeAnswer => {
  if (!solved.has(i)) solved.set(i, task.solve!(instances[i]!).answers[0]!);
  return solved.get(i)!;
};
const pythonPath = (answer: HyperSnakeAnswer) =>
  `{'path': [${answer.path.map((p) => `{'pos': [${p.join(", ")}]}`).join(", ")}]}`;

describe("hyper-snake: the original preset", () => {
  it("holds the original's 13 problems in its order, identical on every call", () => {
    expect(instances).toHaveLength(13);
    expect(JSON.stringify(preset.instances())).toBe(JSON.stringify(instances));
    expect(instances.map((i) => i.id)).toEqual(
      Array.from({ length: 13 }, (_, n) => `scbench/hyper-snake/original/${n + 1}`),
    );
    expect(instances.map((i) => i.data.shape.length)).toEqual([2, 2, 3, 3, 4, 4, 5, 6, 6, 7, 8, 9, 10]);
    expect(instances.map((i) => i.data.shape.reduce((a, b) => a * b, 1) - i.data.walls.length)).toEqual([
      64, 61, 63, 63, 622, 222, 1023, 2047, 728, 2185, 1942, 2046, 1022,
    ]);
    expect(instances[11]!.data).toEqual({
      shape: [2, 2, 2, 2, 2, 2, 8, 2, 2],
      start: [0, 0, 0, 0, 0, 0, 5, 0, 0],
      walls: [
        [0, 0, 0, 0, 0, 0, 4, 0, 0],
        [0, 1, 1, 0, 0, 0, 4, 0, 0],
      ],
      food: [
        [0, 0, 0, 0, 0, 1, 1, 1, 1],
        [0, 0, 0, 1, 1, 0, 0, 0, 0],
      ],
    });
    for (const inst of instances) {
      expect(inst.seed).toBeNull();
      expect(task.data.parse(inst.data)).toEqual(inst.data);
      expect(inst.params).toMatchObject({ dim: inst.data.shape.length, size: inst.data.shape });
    }
  });

  it("solve gives every problem a reference that verify passes with score 1, the walled-in food included", () => {
    instances.forEach((inst, i) => {
      const ref = reference(i);
      const verdict = task.verify(inst, ref);
      expect(verdict.passed, inst.id).toBe(true);
      expect(verdict.score, inst.id).toBe(1);
    });
    // Problems 5 and 6: the food at the origin has one open neighbour, so the snake must end there.
    for (const i of [4, 5]) expect(reference(i).path.at(-1)).toEqual([0, 0, 0, 0]);
  });

  it("enforces problem 3's wall, which the original's grader never matched", () => {
    const inst = instances[2]!;
    expect(inst.data.walls).toEqual([[1, 1, 1]]);
    const ref = reference(2);
    const through = { path: [...ref.path.slice(0, 1), [1, 1, 1]] };
    expect(task.verify(inst, through).score).toBe(0);
  });

  it("scores a short legal path as the original did: visited / open, / 0.98 with walls, / (uneaten + 1)", () => {
    const inst = instances[1]!;
    const path = [
      [0, 0],
      [1, 0],
      [2, 0],
    ];
    expect(task.verify(inst, { path }).score).toBeCloseTo(3 / 61 / 0.98 / 2, 12);
    expect(task.verify(inst, { path: [...path, [2, 2]] }).score).toBe(0);
  });
});

describe("hyper-snake: faithful prompt and the original's answer format", () => {
  it("the default prompt gives the grid, obstacles and food, without the score formula", () => {
    const text = task.prompt(instances[1]!).messages[1]!.content;
    for (const s of ["size [8, 8]", "[5, 5], [6, 6], [0, 1]", "[7, 7]", "[0, 0]", "as long as you can"])
      expect(text).toContain(s);
    const explained = task.prompt(instances[1]!, { variant: "explained" }).messages[1]!.content;
    for (const giveaway of ["Scoring", "0.98", "divided by", "Aim for score 1"]) {
      expect(text).not.toContain(giveaway);
      expect(explained).toContain(giveaway);
    }
  });

  it("reads the structured {'path': [{'pos': …}]} output, its JSON twin and tuples like Plumb's JSON", () => {
    const inst = instances[0]!;
    const ref = reference(0);
    const texts = [
      JSON.stringify(ref),
      pythonPath(ref),
      JSON.stringify({ path: ref.path.map((pos) => ({ pos })) }),
      `Path:\n{'path': [${ref.path.map((p) => `(${p.join(", ")})`).join(", ")}]}`,
    ];
    for (const text of texts) expect(task.parse(text, inst), text).toEqual(ref);
  });

  it("refuses wrong shapes with a message naming the field", () => {
    const inst = instances[0]!;
    for (const text of ["{'path': [{'pos': [0, 'a']}]}", "{'path': []}", "{'cells': [[0, 0]]}"]) {
      const answer = task.parse(text, inst);
      expect(isParseFailure(answer), text).toBe(true);
      if (isParseFailure(answer)) expect(answer.message, text).toMatch(/path/);
    }
  });

  it("never throws on hostile texts, and none of them passes unless the path inside does", () => {
    const inst = instances[3]!;
    const valid = pythonPath(reference(3));
    for (const h of hostileTexts(valid, 20_000)) {
      const answer = task.parse(h.text, inst);
      if (isParseFailure(answer)) continue;
      const passed = task.verify(inst, answer).passed;
      if (h.expect === "fail") expect(passed, h.name).toBe(false);
      if (h.expect === "same") expect(passed, h.name).toBe(true);
    }
  });
});
