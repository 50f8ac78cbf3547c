import { describe, expect, it } from "vitest";
import { sparcRecords } from "../../../test/support/sparc.ts";
import type { Prompt } from "../../core/task.ts";
import { formatGrid, type GridFormat } from "./grid-formats.ts";
import { sparcPrompt } from "./prompt.ts";
import { puzzleFromRecord } from "./puzzle.ts";
import type { SparcRecord } from "./record.ts";

const records = sparcRecords();
/** The 2×2 fixture: S (0, 1), E (0, 3), a dot, a gap, a poly. */
const small = records.find((r) => r.id.startsWith("934d9932")) as SparcRecord;

const cellsOf = (line: string): string[] =>
  line
    .slice(2, -2)
    .split(" | ")
    .map((c) => c.replace(/\\\|/g, "|"));

/** The grid a table shows, read back: every token at its (x, y). */
function readTable(text: string, format: Exclude<GridFormat, "array">): string[][] {
  const lines = text.split("\n");
  if (format === "table") return lines.map(cellsOf);
  const xs = cellsOf(lines[0] as string).slice(1);
  expect(xs).toEqual(xs.map((_, x) => String(x)));
  expect(lines[1]).toMatch(/^\| --- (\| --- )+\|$/);
  return lines.slice(2).map((line, y) => {
    const [label, ...row] = cellsOf(line);
    expect(label).toBe(String(y));
    return row;
  });
}

const user = (record: SparcRecord, variant: string): string =>
  (sparcPrompt(record, puzzleFromRecord(record), { variant }) as Prompt).messages.at(-1)?.content ?? "";

describe("grid formats (the paper's Appendix E.2)", () => {
  it("writes the small fixture as a headerless table and as a table with coordinates", () => {
    expect(small.puzzle_array[1]).toEqual(["S", "N", "+", "P-O-784", "+"]);
    expect(formatGrid(small.puzzle_array, "table").split("\n").slice(0, 2)).toEqual([
      "| + | . | + | + | + |",
      "| S | N | + | P-O-784 | + |",
    ]);
    expect(formatGrid(small.puzzle_array, "coords").split("\n").slice(0, 4)).toEqual([
      "| y \\ x | 0 | 1 | 2 | 3 | 4 |",
      "| --- | --- | --- | --- | --- | --- |",
      "| 0 | + | . | + | + | + |",
      "| 1 | S | N | + | P-O-784 | + |",
    ]);
    expect(formatGrid(small.puzzle_array, "array").split("\n")[1]).toBe('["S","N","+","P-O-784","+"]');
  });

  it("keeps every token of every fixture puzzle at its position", () => {
    for (const record of records) {
      for (const format of ["table", "coords"] as const) {
        expect(readTable(formatGrid(record.puzzle_array, format), format), record.id).toEqual(
          record.puzzle_array,
        );
      }
    }
  });

  it("escapes a pipe so a token cannot split its cell", () => {
    const grid = [["a|b", "+"]];
    expect(readTable(formatGrid(grid, "table"), "table")).toEqual(grid);
    expect(formatGrid(grid, "table")).not.toBe(formatGrid([["a", "b", "+"]], "table"));
  });

  it("gives the markdown prompt variants the whole puzzle in their table, examples included", () => {
    for (const [variant, format] of [
      ["markdown", "table"],
      ["markdown-coords", "coords"],
    ] as const) {
      const text = user(small, variant);
      expect(text).toContain(formatGrid(small.puzzle_array, format));
      expect(text).toContain(format === "table" ? "without headers" : "header row gives each column's x");
      expect(text).toContain("Start S: (0, 1)");
      expect(text).toContain("End E: (0, 3)");
      expect(text).toContain("Shape 784:");
      expect(text).not.toMatch(/^\["/m);
      // The worked example is in the same format.
      expect(text).toContain(
        format === "table" ? "| + | . | + | + | + | E | + |" : "| 0 | + | . | + | + | + | E | + |",
      );
      const rest = user(small, "default");
      expect(rest).toContain('["S","N","+","P-O-784","+"]');
      expect(rest).not.toContain("| S |");
    }
  });
});
