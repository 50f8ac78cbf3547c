import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import type { Cell, LoopAnswer } from "./grid.ts";
import { hamiltonianLoopTask as task } from "./index.ts";

const preset = task.presets!.original!;
const instances = preset.instances();
const solved = new Map<number, LoopAnswer>();
const reference = (i: number): LoopAnswer => {
  if (!solved.has(i)) solved.set(i, task.solve!(instances[i]!).answers[0]!);
  return solved.get(i)!;
};
const userText = (i: number, variant?: string) =>
  task.prompt(instances[i]!, variant ? { variant } : {}).messages[1]!.content;
const blocked1 = (i: number) => instances[i]!.data.blocked.map(([x, y]) => [x + 1, y + 1]);

describe("hamiltonian loop: the original preset", () => {
  it("holds the original's ten grids in its order, identical on every call", () => {
    expect(instances).toHaveLength(10);
    expect(JSON.stringify(preset.instances())).toBe(JSON.stringify(instances));
    expect(instances.map((i) => i.id)).toEqual(
      Array.from({ length: 10 }, (_, n) => `scbench/hamiltonian-loop/original/${n + 1}`),
    );
    expect(instances.map((i) => i.data.width)).toEqual([4, 4, 8, 12, 16, 16, 16, 16, 16, 16]);
    // The loop lengths the original's grader expected ("Expected 250 steps" and the like in its runs).
    expect(instances.map((i) => i.data.width * i.data.height - i.data.blocked.length)).toEqual([
      16, 14, 64, 144, 256, 254, 250, 248, 244, 228,
    ]);
    for (const inst of instances) {
      expect(inst.seed).toBeNull();
      expect(inst.data.origin).toBe(1);
      expect(task.data.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
      expect(inst.params).toMatchObject({ blocked: blocked1(instances.indexOf(inst)) });
    }
  });

  it("blocks the cells the original showed: maps with row y = 1 on top, two subtasks as lists", () => {
    expect(blocked1(1)).toEqual([
      [2, 2],
      [2, 3],
    ]);
    expect(blocked1(5)).toEqual([
      [3, 3],
      [3, 4],
    ]);
    expect(blocked1(6)).toEqual([
      [5, 5],
      [12, 5],
      [5, 6],
      [12, 6],
      [7, 10],
      [8, 10],
    ]);
    // Pillars at x = 2 and 15 on rows 2, 5, 12 and 15; the last grid's source is printed upside down.
    expect(blocked1(7)).toHaveLength(8);
    expect(blocked1(8)).toEqual(expect.arrayContaining([...blocked1(7), [8, 8], [9, 8], [8, 9], [9, 9]]));
    const last = userText(9).split("\n");
    expect(last).toContain(".XX...........X.");
    expect(last[last.indexOf(".XX...........X.") + 14]).toBe("XX..............");
    expect(userText(6)).toContain("(5, 5), (12, 5), (5, 6), (12, 6), (7, 10), (8, 10)");
  });

  it("every subtask has a reference loop from solve that verify passes with score 1", () => {
    instances.forEach((inst, i) => {
      const verdict = task.verify(inst, reference(i));
      expect(verdict.passed, inst.id).toBe(true);
      expect(verdict.score, inst.id).toBe(1);
    });
  });

  it("subtask 7 is graded on the cells its prompt names, not the original grader's other four", () => {
    const ref = reference(6);
    const visits = (c: Cell) => ref.loop.some(([x, y]) => x === c[0] && y === c[1]);
    // The original's grader blocked (12, 3), (12, 4), (5, 3), (5, 4): every loop that follows the prompt crosses them.
    expect([visits([12, 3]), visits([5, 4]), visits([12, 5])]).toEqual([true, true, false]);
    expect(task.verify(instances[6]!, ref).passed).toBe(true);
  });

  it("draws a 1-based reference loop as valid", () => {
    const svg = task.render!(instances[9]!, reference(9)).svg;
    expect(svg).toContain("valid loop through all 228 free cells");
  });

  it("a loop numbered from 0, or one cell short, or with a blocked cell, fails", () => {
    const inst = instances[1]!;
    const ref = reference(1);
    expect(task.verify(inst, { loop: ref.loop.map(([x, y]): Cell => [x - 1, y - 1]) }).passed).toBe(false);
    expect(task.verify(inst, { loop: ref.loop.slice(1) }).passed).toBe(false);
    const onBlocked = ref.loop.map((c): Cell => (c[0] === 1 && c[1] === 2 ? [2, 2] : c));
    expect(task.verify(inst, { loop: onBlocked }).passed).toBe(false);
  });
});

describe("hamiltonian loop: faithful prompt and the original's answer formats", () => {
  it("the default prompt shows the map and the cell count, without the grader's rules", () => {
    const text = userText(7);
    expect(text).toContain(".X............X.");
    expect(text).toContain("X marks a cell to be skipped. The top-left cell is (1, 1)");
    expect(text).toContain("248 cells");
    const explained = userText(7, "explained");
    for (const giveaway of [
      "Rules:",
      "six rules is accepted",
      "Free cells:",
      "Do not repeat the first cell",
      "Hamiltonian",
    ]) {
      expect(text).not.toContain(giveaway);
      expect(explained).toContain(giveaway);
    }
  });

  it("reads the structured {'steps': [{'xy': …}]} output, its JSON twin, bare pairs and 'x,y' lines like Plumb's JSON", () => {
    const inst = instances[0]!;
    const ref = reference(0);
    const steps = ref.loop.map(([x, y]) => `{'xy': [${x}, ${y}]}`).join(", ");
    const texts = [
      JSON.stringify(ref),
      `{'steps': [${steps}]}`,
      JSON.stringify({ steps: ref.loop.map((xy) => ({ xy })) }),
      `Loop:\n[${ref.loop.map(([x, y]) => `(${x}, ${y})`).join(", ")}]`,
      `Here it is:\n\n${ref.loop.map(([x, y]) => `${x},${y}`).join("\n")}\n`,
    ];
    for (const text of texts) expect(task.parse(text, inst), text).toEqual(ref);
  });

  it("refuses wrong shapes with a message naming the field", () => {
    const inst = instances[0]!;
    for (const text of ["{'steps': [{'xy': [1]}]}", '{"steps": [{"xy": [1, "2"]}]}', "{'path': [[1, 1]]}"]) {
      const answer = task.parse(text, inst);
      expect(isParseFailure(answer), text).toBe(true);
      if (isParseFailure(answer)) expect(answer.message, text).toMatch(/loop/);
    }
  });

  it("never throws on hostile texts, and none of them passes unless the answer inside does", () => {
    const inst = instances[2]!;
    const ref = reference(2);
    const valid = `{'steps': [${ref.loop.map(([x, y]) => `{'xy': [${x}, ${y}]}`).join(", ")}]}`;
    for (const h of hostileTexts(valid, 20_000)) {
      const answer = task.parse(h.text, inst);
      if (isParseFailure(answer)) continue;
      const passed = task.verify(inst, answer).passed;
      if (h.expect === "fail") expect(passed, h.name).toBe(false);
      if (h.expect === "same") expect(passed, h.name).toBe(true);
    }
  });
});
