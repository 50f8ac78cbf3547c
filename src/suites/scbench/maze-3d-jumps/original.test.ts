import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { maze3dJumpsTask as task } from "./index.ts";
import type { MazeAnswer } from "./maze.ts";

const preset = task.presets!.original!;
const instances = preset.instances();
const solved = new Map<number, MazeAnswer>();
const reference = (i: number): MazeAnswer => {
  if (!solved.has(i)) solved.set(i, task.solve!(instances[i]!).answers[0]!);
  return solved.get(i)!;
};

describe("3D maze: the original preset", () => {
  it("holds the original's six mazes in its order, identical on every call", () => {
    expect(instances).toHaveLength(6);
    expect(JSON.stringify(preset.instances())).toBe(JSON.stringify(instances));
    expect(instances.map((i) => i.id)).toEqual(
      Array.from({ length: 6 }, (_, n) => `scbench/maze-3d-jumps/original/${n + 1}`),
    );
    expect(
      instances.map((i) => [i.data.size, i.data.startHeight, i.data.endHeight, i.data.minJumps]),
    ).toEqual([
      [5, 5, 0, 2],
      [10, 0, 9, 4],
      [15, 5, 5, 6],
      [20, 5, 5, 8],
      [25, 5, 5, 10],
      [30, 5, 0, 12],
    ]);
    for (const inst of instances) {
      expect(inst.seed).toBeNull();
      expect(task.data.parse(inst.data)).toEqual(inst.data);
    }
  });

  it("every subtask has a reference maze from solve that verify passes with score 1, B at 9 included", () => {
    instances.forEach((inst, i) => {
      const ref = reference(i);
      const verdict = task.verify(inst, ref);
      expect(verdict.passed, inst.id).toBe(true);
      expect(verdict.score, inst.id).toBe(1);
      expect(task.solve!(inst).answers[0]).toEqual(ref);
    });
  });

  it("passes a route of exactly 20% of the cells, as the original's code does", () => {
    const inst = { ...instances[0]!, data: { size: 5, minJumps: 0, startHeight: 2, endHeight: 2 } };
    const rows = ["A222B", "45678", "90456", "78904", "56789"];
    expect(task.verify(inst, { rows }).passed).toBe(true);
    // One cell of the route raised to a wall: B is cut off.
    expect(task.verify(inst, { rows: ["A262B", ...rows.slice(1)] }).passed).toBe(false);
  });

  it("a reference with A and B swapped, a row short, or a duplicated B fails", () => {
    const inst = instances[1]!;
    const ref = reference(1);
    const swapped = ref.rows.map((r) => r.replace("A", "x").replace("B", "A").replace("x", "B"));
    expect(task.verify(inst, { rows: swapped }).passed).toBe(false);
    expect(task.verify(inst, { rows: ref.rows.slice(1) }).passed).toBe(false);
    const twoB = ref.rows.map((r, i) => (i === 0 ? `B${r.slice(1)}` : r));
    expect(task.verify(inst, { rows: twoB }).passed).toBe(false);
  });
});

describe("3D maze: faithful prompt and the original's answer format", () => {
  it("the default prompt states the original's rules and heights, without the grader's readings", () => {
    const text = task.prompt(instances[0]!).messages[1]!.content;
    for (const s of [
      "A at height 5, B at height 0",
      "at least 2 jumps",
      "at least 20%",
      "30%",
      "5 lines of 5 characters",
    ])
      expect(text).toContain(s);
    const explained = task.prompt(instances[0]!, { variant: "explained" }).messages[1]!.content;
    for (const giveaway of [
      "h − 2",
      "on a loop of moves",
      "Dead ends",
      "jumped-over cells",
      "count as cells of those elevations",
    ]) {
      expect(text).not.toContain(giveaway);
      expect(explained).toContain(giveaway);
    }
  });

  it("reads the bare heightmap the original asked for like the fenced one Plumb writes", () => {
    const inst = instances[0]!;
    const ref = reference(0);
    const bare = ref.rows.join("\n");
    for (const text of [task.formatAnswer!(ref, inst), bare, `${bare}\n`, `Here is my maze:\n\n${bare}`])
      expect(task.parse(text, inst), text).toEqual(ref);
  });

  it("refuses grids of the wrong size with a message naming the rows", () => {
    const inst = instances[0]!;
    for (const text of ["A5055\n55445\n03092\n12021", "A505\n5544\n0309\n1202\n2201B"]) {
      const answer = task.parse(text, inst);
      expect(isParseFailure(answer), text).toBe(true);
      if (isParseFailure(answer)) expect(answer.message, text).toMatch(/row/);
    }
  });

  it("never throws on hostile texts, and none of them passes unless the maze inside does", () => {
    const inst = instances[0]!;
    const valid = reference(0).rows.join("\n");
    for (const h of hostileTexts(valid, 20_000)) {
      const answer = task.parse(h.text, inst);
      if (isParseFailure(answer)) continue;
      const passed = task.verify(inst, answer).passed;
      if (h.expect === "fail") expect(passed, h.name).toBe(false);
    }
  });
});
