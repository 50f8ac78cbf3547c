import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { hostileSubject, hostileTexts, prototypesClean } from "../../../../test/support/hostile.ts";
import { InputError } from "../../../core/errors.ts";
import { gradeResponse } from "../../../core/grade.ts";
import { generateInstances, loadInstance, resolveParams } from "../../../core/instances.ts";
import { loadTask, registerLazyTask, unregisterTask } from "../../../core/registry.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { type Cell, type FilledAnswer, filledCells, type GridData, MAX_LISTED } from "./cells.ts";
import { generateGrid } from "./generate.ts";
import { filledCellsTask as task } from "./index.ts";
import { filledCellsInfo as info } from "./info.ts";
import { verifyFilledCells } from "./verify.ts";

// Registered as src/suites/catalog.ts registers real tasks: by its info, its code imported on first use.
registerLazyTask(info, async () => (await import("./index.ts")).filledCellsTask as unknown as AnyTask);
let loaded: AnyTask;
beforeAll(async () => {
  loaded = await loadTask(info.id);
});

const levelNames = Object.keys(task.levels);
const make = (level: string, seed: string, count = 1): Instance<GridData>[] =>
  generateInstances(loaded, resolveParams(loaded, level), count, seed) as Instance<GridData>[];
const one = (level = "small", seed = "s") => make(level, seed)[0] as Instance<GridData>;
const verdictOf = (inst: Instance<GridData>, cells: Cell[]) => task.verify(inst, { cells });

/** A grid given as text rows, for hand-made cases. */
const gridOf = (...grid: string[]): Instance<GridData> => ({
  id: "hand",
  task: info.id,
  params: null,
  seed: null,
  data: { rows: grid.length, cols: grid[0]?.length ?? 0, grid },
});

describe("template/filled-cells registration", () => {
  it("loads through the registry, and its info describes it", () => {
    expect(loaded).toBe(task);
    expect(Object.keys(task.levels)).toEqual(info.levels);
  });

  it("is refused when its info drifts from the task", async () => {
    const drifted = { ...info, id: "template/drifted", levels: ["small", "large", "medium"] };
    registerLazyTask(drifted, async () => ({ ...task, id: drifted.id }) as unknown as AnyTask);
    try {
      await expect(loadTask(drifted.id)).rejects.toThrow(/does not describe it \(levels\)/);
    } finally {
      unregisterTask(drifted.id);
    }
  });
});

describe("template/filled-cells", () => {
  it("generates deterministically in (params, seed), with prefix-stable sets and the level's size", () => {
    for (const level of levelNames) {
      const a = make(level, "det", 3);
      expect(make(level, "det", 3)).toEqual(a);
      expect(make(level, "det", 2)).toEqual(a.slice(0, 2));
      expect(make(level, "other", 3).map((i) => i.data)).not.toEqual(a.map((i) => i.data));
      for (const inst of a) {
        expect(task.level?.(inst)).toBe(level);
        expect(task.data.parse(inst.data)).toEqual(inst.data);
        const params = task.params.parse(task.levels[level]);
        expect([inst.data.rows, inst.data.cols]).toEqual([params.rows, params.cols]);
      }
    }
  });

  it("round-trips solve → formatAnswer → parse → verify to a pass on every level", () => {
    fc.assert(
      fc.property(fc.constantFrom(...levelNames), fc.string({ maxLength: 8 }), (level, seed) => {
        const inst = one(level, seed);
        const { answers, complete } = task.solve!(inst);
        expect(complete).toBe(true);
        const answer = answers[0]!;
        const text = task.formatAnswer!(answer, inst);
        const parsed = task.parse(text, inst);
        expect(parsed).toEqual(answer);
        expect(task.verify(inst, parsed as FilledAnswer)).toMatchObject({ passed: true, score: 1 });
      }),
      { numRuns: 30 },
    );
  });

  it("passes exactly the filled set, in any order, and nothing else (property)", () => {
    const grids = fc.record({
      rows: fc.integer({ min: 1, max: 6 }),
      cols: fc.integer({ min: 1, max: 6 }),
      density: fc.double({ min: 0, max: 1, noNaN: true }),
      seed: fc.string({ maxLength: 6 }),
    });
    fc.assert(
      fc.property(grids, fc.array(fc.tuple(fc.nat(6), fc.nat(6)), { maxLength: 40 }), (g, listed) => {
        const data = generateGrid(g, new Rng(g.seed));
        const truth = new Set(filledCells(data).map((c) => c.join()));
        const cells = listed as Cell[];
        const exact =
          cells.length === truth.size && new Set(cells.map((c) => c.join())).size === cells.length;
        const expected = exact && cells.every((c) => truth.has(c.join()));
        expect(verifyFilledCells(data, { cells }).passed).toBe(expected);
        expect(verifyFilledCells(data, { cells: [...filledCells(data)].reverse() }).passed).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("brute force: on every 2×3 grid, exactly one subset of cells passes, and it is solve's", () => {
    const cells: Cell[] = [];
    for (let r = 0; r < 2; r++) for (let c = 0; c < 3; c++) cells.push([r, c]);
    for (let g = 0; g < 1 << 6; g++) {
      const rows = [0, 1].map((r) => [0, 1, 2].map((c) => ((g >> (r * 3 + c)) & 1 ? "#" : ".")).join(""));
      const inst = gridOf(...rows);
      const passing: number[] = [];
      for (let s = 0; s < 1 << 6; s++) {
        if (
          verdictOf(
            inst,
            cells.filter((_, i) => (s >> i) & 1),
          ).passed
        )
          passing.push(s);
      }
      expect(passing).toEqual([g]);
      expect(task.verify(inst, task.solve!(inst).answers[0]!).passed).toBe(true);
    }
  });

  it("tells invalid answers from wrong ones, naming the failed check", () => {
    const inst = gridOf("#.", ".#");
    const cases: [Cell[], "invalid" | "wrong", string][] = [
      [[[0, 0]], "wrong", "cells.all_filled"],
      [
        [
          [0, 0],
          [1, 1],
          [0, 1],
        ],
        "wrong",
        "cells.only_filled",
      ],
      [[], "wrong", "cells.all_filled"],
      [
        [
          [0, 0],
          [1, 1],
          [2, 0],
        ],
        "invalid",
        "cells.in_bounds",
      ],
      [
        [
          [0, 0],
          [1, 1],
          [-1, 0],
        ],
        "invalid",
        "cells.in_bounds",
      ],
      [
        [
          [0, 0],
          [1, 1],
          [1, 1],
        ],
        "invalid",
        "cells.distinct",
      ],
    ];
    for (const [cells, kind, check] of cases) {
      const v = verdictOf(inst, cells);
      expect(v.passed, JSON.stringify(cells)).toBe(false);
      expect(v.score).toBe(0);
      expect(v.failure?.kind, JSON.stringify(cells)).toBe(kind);
      expect(v.checks.find((c) => !c.ok)?.name).toBe(check);
      expect(v.failure?.message).toContain(check);
    }
    expect(
      verdictOf(inst, [
        [1, 1],
        [0, 0],
      ]).passed,
    ).toBe(true);
  });

  it("parses the answer from prose, fences and the bare list; unreadable text is a ParseFailure", () => {
    const inst = gridOf("#.", ".#");
    const want = {
      cells: [
        [0, 0],
        [1, 1],
      ],
    };
    for (const text of [
      '{"cells": [[0, 0], [1, 1]]}',
      'The filled cells:\n```json\n{"cells": [[0, 0], [1, 1]], "reasoning": "two"}\n```',
      "Answer: [[0, 0], [1, 1]]",
      // Cut after the list: the last balanced JSON is the whole list, which the bare-list form accepts.
      '{"cells": [[0, 0], [1, 1]]',
    ])
      expect(task.parse(text, inst), text).toEqual(want);
    for (const text of [
      "",
      "the cells are (0, 0) and (1, 1)",
      '{"cells": [[0, 0], [1, 1',
      '{"cell": [[0, 0]]}',
      '{"cells": [[0, 0, 1]]}',
      '{"cells": [[0.5, 0]]}',
      '{"cells": [["0", 0]]}',
      '{"cells": {"0": [0, 0]}}',
      `{"cells": [${Array(MAX_LISTED + 1)
        .fill("[0, 0]")
        .join(",")}]}`,
    ]) {
      const got = task.parse(text, inst);
      expect(isParseFailure(got), text.slice(0, 60)).toBe(true);
      if (isParseFailure(got)) expect(got.message.length).toBeGreaterThan(0);
    }
  });

  it("survives hostile replies of 1 MB: never throws, never passes junk, stays fast", async () => {
    const { inst, valid } = hostileSubject(loaded);
    expect(valid).toBeDefined();
    const validPassed = (await gradeResponse(loaded, inst, valid!)).verdict.passed;
    expect(validPassed).toBe(true);
    for (const h of hostileTexts(valid, 1024 * 1024)) {
      const t0 = performance.now();
      const { verdict } = await gradeResponse(loaded, inst, h.text);
      expect(performance.now() - t0, h.name).toBeLessThan(5000);
      expect(verdict.failure?.kind, h.name).not.toBe("error");
      if (h.expect === "fail") expect(verdict.passed, h.name).toBe(false);
      if (h.expect === "same") expect(verdict.passed, h.name).toBe(validPassed);
    }
    expect(prototypesClean()).toBe(true);
  });

  it("randomAnswer is schema-valid and well-formed (never invalid)", () => {
    const inst = one("medium", "r");
    const rng = new Rng("random");
    for (let i = 0; i < 20; i++) {
      const answer = task.randomAnswer!(inst, rng);
      expect(task.answer.safeParse(answer).success).toBe(true);
      expect(task.verify(inst, answer).failure?.kind ?? "none").not.toBe("invalid");
    }
  });

  it("prompts state the grid, the coordinates and the format; unknown options are InputErrors", () => {
    const inst = one("small", "p");
    const p = task.prompt(inst, { maxOutputTokens: 2048 });
    expect(p.messages.map((m) => m.role)).toEqual(["system", "user"]);
    const text = p.messages[1]!.content;
    for (const row of inst.data.grid) expect(text).toContain(row);
    expect(text).toContain('{"cells": [[row, column], ...]}');
    expect(text).toContain("2048 output tokens");
    expect(task.prompt(inst).messages[1]!.content).not.toContain("output tokens");
    expect(p.outputSchema).toMatchObject({ required: ["cells"] });
    expect(() => task.prompt(inst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 1 })).toThrow(InputError);
    expect(task.promptFields?.(inst).grid).toBe(inst.data.grid.join("\n"));
  });

  it("loads its own instance lines and names the field of a bad one", () => {
    const inst = one("small", "l");
    expect(loadInstance(loaded, JSON.parse(JSON.stringify(inst)))).toEqual(inst);
    const bad = { ...inst, data: { ...inst.data, grid: [...inst.data.grid.slice(1), "#x##"] } };
    let error: unknown;
    try {
      loadInstance(loaded, bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).field).toBe("data.grid[3]");
  });

  it("renders the grid, and the answer's cells with its verdict", () => {
    const inst = gridOf("#.", ".#");
    const plain = task.render!(inst);
    expect(plain.kind).toBe("svg");
    expect(plain.svg.match(/<rect /g)?.length).toBe(1 + 4); // background + cells
    const drawn = task.render!(inst, {
      cells: [
        [0, 0],
        [0, 1],
      ],
    });
    expect(drawn.svg.match(/<circle /g)?.length).toBe(2);
    expect(drawn.svg).toContain("wrong: cells.only_filled");
    expect(
      task.render!(inst, {
        cells: [
          [0, 0],
          [1, 1],
        ],
      }).svg,
    ).toContain("passed");
  });
});
