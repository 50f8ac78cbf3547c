import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { delaunayTask, MAX_TRIANGLES } from "../delaunay/index.ts";
import { halfSubdivisionTask } from "../half-subdivision/index.ts";
import { MAX_NEIGHBOURS } from "../half-subdivision/schema.ts";
import { MAX_LOOP_CELLS } from "../hamiltonian-loop/grid.ts";
import { hamiltonianLoopTask } from "../hamiltonian-loop/index.ts";
import { hideAndSeekTask } from "../hide-and-seek/index.ts";
import { MAX_ANSWER_PEOPLE } from "../hide-and-seek/scene.ts";
import { hyperSnakeTask } from "../hyper-snake/index.ts";
import { MAX_COORDINATES, MAX_PATH } from "../hyper-snake/schema.ts";
import { maze3dJumpsTask } from "../maze-3d-jumps/index.ts";
import { MAX_GRID_SIDE } from "../maze-3d-jumps/maze.ts";
import { pipeLoopTask } from "../pipe-loop/index.ts";
import { MAX_ANSWER_POINTS } from "../pipe-loop/model.ts";
import { ANSWER_DIGIT_CAP } from "../printable-prime/generate.ts";
import { printablePrimeTask } from "../printable-prime/index.ts";
import { shikakuTask } from "../shikaku/index.ts";
import { MAX_RECTANGLES } from "../shikaku/puzzle.ts";
import { MAX_BEHAVIOURS } from "../topology/behaviour.ts";
import { MAX_SQUARES } from "../topology/edges.ts";
import { MAX_CONFIGURATIONS } from "../topology/enumeration.ts";
import { classifyBehaviourTask, enumerateEdgesTask, topologyEnumerationTask } from "../topology/index.ts";
import { twoSegmentsTask } from "../two-segments/index.ts";
import { MAX_SEGMENTS } from "../two-segments/schema.ts";
import { voxelProjectionTask } from "../voxel-projection/index.ts";
import { MAX_ANSWER_VOXELS } from "../voxel-projection/schema.ts";
import { cappedList, firstFew } from "./answer-caps.ts";

/** Every JSON-answer task of this area: its list field, that list's cap and one item of it. */
const CASES: [AnyTask, string, number, unknown][] = [
  [shikakuTask, "rectangles", MAX_RECTANGLES, [0, 0, 1, 1]],
  [hideAndSeekTask, "people", MAX_ANSWER_PEOPLE, [1, 2]],
  [pipeLoopTask, "points", MAX_ANSWER_POINTS, [1, 2]],
  [hyperSnakeTask, "path", MAX_PATH, [0, 1]],
  [printablePrimeTask, "numberSequence", ANSWER_DIGIT_CAP, { digit: 1, orientation: "flat" }],
  [delaunayTask, "triangles", MAX_TRIANGLES, [0, 1, 2]],
  [
    twoSegmentsTask,
    "segments",
    MAX_SEGMENTS,
    [
      [0, 0],
      [1, 1],
    ],
  ],
  [hamiltonianLoopTask, "loop", MAX_LOOP_CELLS, [0, 1]],
  [voxelProjectionTask, "voxels", MAX_ANSWER_VOXELS, [0, 1, 2]],
  [topologyEnumerationTask, "configurations", MAX_CONFIGURATIONS, [0, 1, 2, 0]],
  [enumerateEdgesTask, "squares", MAX_SQUARES, [[0, 1]]],
  [classifyBehaviourTask, "behaviours", MAX_BEHAVIOURS, "known"],
  [halfSubdivisionTask, "neighbours", MAX_NEIGHBOURS, "01"],
] as [AnyTask, string, number, unknown][];

// JSON answers are read without the instance.
const noInstance = undefined as unknown as Instance;
const parse = (task: AnyTask, value: unknown) => task.parse(JSON.stringify(value), noInstance);

describe("answer caps", () => {
  it("cappedList accepts the cap and refuses one more, stating the cap", () => {
    const list = cappedList(z.int(), 2, "things");
    expect(list.safeParse([1, 2]).success).toBe(true);
    expect(list.safeParse([1, 2, 3]).error?.issues[0]?.message).toBe(
      "more than 2 things: an answer may list at most 2",
    );
    expect(firstFew(["a", "b", "c"], 2)).toBe("a; b (and 1 more)");
    expect(firstFew(["a"], 2)).toBe("a");
  });

  it.each(CASES)(
    "%#: a list at its cap parses, one more is a parse failure naming the field",
    (task, field, cap, item) => {
      expect(isParseFailure(parse(task, { [field]: Array(cap).fill(item) }))).toBe(false);
      const over = parse(task, { [field]: Array(cap + 1).fill(item) });
      expect(isParseFailure(over) && over.message).toMatch(
        new RegExp(`^answer\\.${field}: more than ${cap} .+: an answer may list at most ${cap}$`),
      );
    },
  );

  it.each(CASES)("%#: unused keys, __proto__ and constructor are ignored", (task, field, _cap, item) => {
    const text = `{"reasoning": "…", "__proto__": {"polluted": 1}, "constructor": {"prototype": 1}, "${field}": ${JSON.stringify([item])}}`;
    const parsed = task.parse(text, noInstance);
    expect(parsed).toMatchObject({ [field]: [item] });
    for (const key of ["__proto__", "constructor"]) expect(Object.hasOwn(parsed as object, key)).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("caps the inner lists too", () => {
    const cell = Array(MAX_COORDINATES + 1).fill(0);
    expect(parse(hyperSnakeTask, { path: [cell] })).toMatchObject({
      message: expect.stringMatching(/^answer\.path\[0\]: more than \d+ coordinates/),
    });
    const rows = Array(MAX_GRID_SIDE + 1).fill("1");
    expect(maze3dJumpsTask.answer.safeParse({ rows }).success).toBe(false);
    expect(maze3dJumpsTask.answer.safeParse({ rows: ["1".repeat(MAX_GRID_SIDE + 1)] }).success).toBe(false);
    expect(maze3dJumpsTask.answer.safeParse({ rows: rows.slice(1), reasoning: "…" }).success).toBe(true);
  });
});
