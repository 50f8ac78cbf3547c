import { describe, expect, it } from "vitest";
import { sparcRecords } from "../../../test/support/sparc.ts";
import { generateInstances, resolveParams } from "../../core/instances.ts";
import type { LineBoard, LinePoint } from "../../core/line-board.ts";
import type { AnyTask } from "../../core/task.ts";
import { boardOf } from "./board.ts";
import { puzzleOf, type SparcInstance, sparcTask } from "./index.ts";
import { pathSchema, type SparcRecord } from "./record.ts";

const task = sparcTask as unknown as AnyTask;

function boardFor(inst: SparcInstance): LineBoard {
  const lineBoard = sparcTask.lineBoard;
  if (!lineBoard) throw new Error("the SPaRC task has no lineBoard");
  return lineBoard(inst);
}

/** An official record as the task loads it. */
function loaded(record: SparcRecord): SparcInstance {
  const inst = sparcTask.load?.(record);
  if (!inst) throw new Error("the SPaRC task cannot load records");
  return inst;
}

/** Positions as the suite's board indexes them (y·cols + x), sorted. */
const indices = (points: LinePoint[], cols: number) =>
  points.map((p) => p.y * cols + p.x).sort((a, b) => a - b);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** The line board agrees with the task's own solver and with the suite's board of rule cells. */
function expectAgrees(inst: SparcInstance): void {
  const line = boardFor(inst);
  const solved = sparcTask.solve?.(inst).answers[0];
  const path = pathSchema.parse(solved);
  expect(sparcTask.verify(inst, path)).toMatchObject({ passed: true });
  expect(line.start).toEqual(path[0]);
  expect(line.end).toEqual(path[path.length - 1]);
  for (const p of path) {
    expect(p.x >= 0 && p.x < line.cols && p.y >= 0 && p.y < line.rows, JSON.stringify(p)).toBe(true);
  }
  const board = boardOf(puzzleOf(inst.data));
  expect([line.cols, line.rows]).toEqual([board.cols, board.rows]);
  expect(indices(line.gaps, line.cols)).toEqual(sorted(board.gaps));
  expect(indices(line.dots, line.cols)).toEqual(sorted(board.dots));
  const of = (kind: LineBoard["symbols"][number]["kind"]) =>
    indices(
      line.symbols.filter((s) => s.kind === kind),
      line.cols,
    );
  expect(of("square")).toEqual(sorted(board.squares));
  expect(of("star")).toEqual(sorted(board.stars));
  expect(of("triangle")).toEqual(sorted(board.triangles.map((t) => t.at)));
  expect(of("poly")).toEqual(sorted(board.polys));
  expect(of("ylop")).toEqual(sorted(board.ylops));
  for (const s of line.symbols) {
    const symbol = board.symbol[s.y * line.cols + s.x];
    expect(s.color).toBe(symbol?.color);
    if (symbol?.kind === "triangle") expect(s.count).toBe(symbol.count);
    if (symbol?.kind === "poly" || symbol?.kind === "ylop") {
      expect(s.cells?.length).toBe(board.shapeSize.get(symbol.shape));
    }
  }
}

describe("the SPaRC line board", () => {
  it("agrees with the solver and the rule cells on generated puzzles", () => {
    for (const mix of ["all", "polys_ylops", "gaps_dots_triangles"]) {
      for (const inst of generateInstances(task, resolveParams(task, mix), 2, `line-board/${mix}`)) {
        expectAgrees(inst as SparcInstance);
      }
    }
  });

  it("agrees with the solver and the rule cells on official records", () => {
    const records = sparcRecords();
    for (const record of records.filter((_, i) => i % 10 === 0)) expectAgrees(loaded(record));
  });

  it("gives a poly its squares in the 4×4 frame, as the record's [y][x] array has them", () => {
    const record = sparcRecords().find((r) => r.id === "c80d64b5c5e39d7b");
    if (!record) throw new Error("fixture c80d64b5c5e39d7b is missing");
    const line = boardFor(loaded(record));
    // polyshapes["4400"] = [[0,1,1,1],[0,1,0,0],…]; "P-R-4400" sits at puzzle_array[3][3].
    expect(line.symbols).toContainEqual({
      x: 3,
      y: 3,
      kind: "poly",
      color: "red",
      fill: "#e53935",
      cells: [
        { x: 1, y: 0 },
        { x: 2, y: 0 },
        { x: 3, y: 0 },
        { x: 1, y: 1 },
      ],
    });
    expect(line.symbols.find((s) => s.x === 7 && s.y === 3)).toEqual({
      x: 7,
      y: 3,
      kind: "square",
      color: "orange",
      fill: "#ff8a1f",
    });
    expect([line.cols, line.rows]).toEqual([9, 13]);
    expect(line.start).toEqual({ x: 8, y: 1 });
  });
});
