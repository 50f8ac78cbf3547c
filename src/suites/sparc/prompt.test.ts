import { describe, expect, it } from "vitest";
import { sparcRecords } from "../../../test/support/sparc.ts";
import { InputError } from "../../core/errors.ts";
import type { Prompt } from "../../core/task.ts";
import { formatGrid } from "./grid-formats.ts";
import { PROMPT_VARIANTS, sparcPrompt, WORKED_EXAMPLES, type WorkedExample } from "./prompt.ts";
import { puzzleFromRecord } from "./puzzle.ts";
import type { SparcRecord } from "./record.ts";

const records = sparcRecords();
const byId = (id: string): SparcRecord => records.find((r) => r.id === id) as SparcRecord;
/** Start (8, 1), end (8, 8), shapes 12560, 4400 and 48. */
const withShapes = byId("c80d64b5c5e39d7b");
const withoutShapes = byId("e82bd665d710bb75");

const prompt = (record: SparcRecord, opts = {}): Prompt =>
  sparcPrompt(record, puzzleFromRecord(record), opts);
const user = (p: Prompt): string => p.messages.at(-1)?.content ?? "";
const point = (p: { x: number; y: number }): string => `(${p.x}, ${p.y})`;

describe("sparcPrompt", () => {
  it("fixtures are what the tests assume", () => {
    expect(withShapes.polyshapes).toContain("4400");
    expect(withoutShapes.polyshapes).toBe("{}");
  });

  for (const variant of PROMPT_VARIANTS) {
    describe(variant, () => {
      it("has a system line, one user message, no output schema", () => {
        const p = prompt(withShapes, { variant });
        expect(p.messages.map((m) => m.role)).toEqual(["system", "user"]);
        expect(p.outputSchema).toBeUndefined();
      });

      it("states start, end, the puzzle and the #### answer format", () => {
        const p = puzzleFromRecord(withShapes);
        const text = user(prompt(withShapes, { variant }));
        expect(text).toContain(point(p.start));
        expect(text).toContain(point(p.end));
        expect(text).toContain("####");
        expect(text).toContain("[(0, 0), (1, 0), (2, 0), ...]");
        if (variant === "vision") expect(text).toContain(withShapes.text_visualization.trimEnd());
        else if (variant === "markdown" || variant === "markdown-coords") {
          expect(text).toContain(
            formatGrid(withShapes.puzzle_array, variant === "markdown" ? "table" : "coords"),
          );
          expect(text).not.toContain(JSON.stringify(withShapes.puzzle_array[0]));
        } else for (const row of withShapes.puzzle_array) expect(text).toContain(JSON.stringify(row));
      });

      it("prints polyshape definitions only when the puzzle has some", () => {
        const text = user(prompt(withShapes, { variant, shots: 0 }));
        expect(text).toContain("Shape 4400:\n[0,1,1,1]\n[0,1,0,0]\n[0,0,0,0]\n[0,0,0,0]");
        expect(text).toContain("Shape 48:");
        expect(text).toContain("Shape 12560:");
        expect(user(prompt(withoutShapes, { variant, shots: 0 }))).not.toContain("Shape ");
      });

      it("includes 0, 1 or 2 worked examples", () => {
        const examples = (shots: number) =>
          user(prompt(withoutShapes, { variant, shots })).match(/Example \d/g) ?? [];
        expect(examples(0)).toHaveLength(0);
        expect(examples(1)).toHaveLength(1);
        expect(examples(2)).toHaveLength(2);
        const text = user(prompt(withoutShapes, { variant, shots: 2 }));
        for (const ex of WORKED_EXAMPLES) expect(text).toContain(`#### [${ex.path.map(point).join(", ")}]`);
        expect(text).toContain("Shape 112:");
      });

      it("mentions the output-token cap only when set", () => {
        expect(user(prompt(withShapes, { variant, maxOutputTokens: 4096 }))).toContain(
          "may use at most 4096 output tokens.",
        );
        expect(user(prompt(withShapes, { variant }))).not.toMatch(/output tokens/);
      });

      it("is deterministic", () => {
        expect(prompt(withShapes, { variant, shots: 2 })).toEqual(prompt(withShapes, { variant, shots: 2 }));
      });
    });
  }

  it("defaults to one example for text prompts and none for vision", () => {
    expect(user(prompt(withShapes)).match(/Example \d/g)).toHaveLength(1);
    expect(user(prompt(withShapes, { variant: "alternative" })).match(/Example \d/g)).toHaveLength(1);
    expect(user(prompt(withShapes, { variant: "vision" }))).not.toMatch(/Example \d/);
  });

  it("attaches exactly one PNG to the vision prompt and none to text prompts", () => {
    const images = prompt(withShapes, { variant: "vision" }).images ?? [];
    expect(images).toHaveLength(1);
    expect(images[0]?.mediaType).toBe("image/png");
    expect([...(images[0]?.data.slice(0, 8) ?? [])]).toEqual([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ]);
    expect(images[0]?.alt).toContain(withShapes.id);
    expect(prompt(withShapes).images).toBeUndefined();
  });

  it("structures the alternative prompt in Markdown sections", () => {
    const text = user(prompt(withShapes, { variant: "alternative" }));
    const sections = ["Objective", "Grid basics", "Input data", "Symbol legend", "Rules", "Output format"];
    const at = sections.map((s) => text.indexOf(`## ${s}\n`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const s of ["### Path rules", "### Region rules", "### Edge rules"]) expect(text).toContain(s);
  });

  it("rejects unknown variants and shot counts", () => {
    expect(() => prompt(withShapes, { variant: "fancy" })).toThrow(InputError);
    expect(() => prompt(withShapes, { shots: 3 })).toThrow(InputError);
  });
});

/** Problems with an example's path under the basic rules, plus squares of two colours sharing a region. */
function exampleProblems(ex: WorkedExample): string[] {
  const problems: string[] = [];
  const rows = ex.grid.length;
  const cols = ex.grid[0]?.length ?? 0;
  const token = (x: number, y: number): string | undefined => ex.grid[y]?.[x];
  const key = (x: number, y: number): string => `${x},${y}`;
  const onPath = new Set(ex.path.map((p) => key(p.x, p.y)));
  const first = ex.path[0];
  const last = ex.path.at(-1);
  if (!first || token(first.x, first.y) !== "S" || point(first) !== point(ex.start))
    problems.push("not starting at S");
  if (!last || token(last.x, last.y) !== "E" || point(last) !== point(ex.end))
    problems.push("not ending at E");
  if (onPath.size !== ex.path.length) problems.push("revisits a position");
  ex.path.forEach((p, i) => {
    const t = token(p.x, p.y);
    if (t === undefined) problems.push(`${point(p)} is off the grid`);
    if (p.x % 2 === 1 && p.y % 2 === 1) problems.push(`${point(p)} is a rule cell`);
    if (t === "G") problems.push(`${point(p)} is a gap`);
    const prev = ex.path[i - 1];
    if (prev && Math.abs(prev.x - p.x) + Math.abs(prev.y - p.y) !== 1) problems.push(`jump to ${point(p)}`);
  });
  const tokens = ex.grid.flatMap((row, y) => row.map((t, x) => ({ x, y, t })));
  for (const { x, y, t } of tokens) {
    if (t === "." && !onPath.has(key(x, y))) problems.push(`misses the dot at (${x}, ${y})`);
  }
  // Flood fill over rule cells; a step between neighbouring cells crosses the position between them.
  const region = new Map<string, number>();
  for (let y = 1; y < rows; y += 2) {
    for (let x = 1; x < cols; x += 2) {
      if (region.has(key(x, y))) continue;
      const id = region.size;
      const stack = [[x, y] as const];
      region.set(key(x, y), id);
      while (stack.length > 0) {
        const [cx, cy] = stack.pop() as readonly [number, number];
        for (const [dx, dy] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ] as const) {
          const nx = cx + 2 * dx;
          const ny = cy + 2 * dy;
          if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
          if (onPath.has(key(cx + dx, cy + dy)) || region.has(key(nx, ny))) continue;
          region.set(key(nx, ny), id);
          stack.push([nx, ny]);
        }
      }
    }
  }
  const colourOf = new Map<number, string>();
  for (const { x, y, t } of tokens) {
    if (!t.startsWith("o-")) continue;
    const id = region.get(key(x, y)) as number;
    const seen = colourOf.get(id);
    if (seen !== undefined && seen !== t) problems.push(`${seen} and ${t} share a region`);
    colourOf.set(id, t);
  }
  return problems;
}

describe("worked examples", () => {
  it("example 1 is the classic 3×3 example with a valid line", () => {
    expect(WORKED_EXAMPLES[0].grid).toHaveLength(7);
    expect(exampleProblems(WORKED_EXAMPLES[0])).toEqual([]);
  });

  it("example 2 is a 2×3 puzzle with a gap, a dot and two stones, solved by its path", () => {
    const ex = WORKED_EXAMPLES[1];
    const tokens = ex.grid.flat();
    expect([ex.grid.length, ex.grid[0]?.length]).toEqual([7, 5]);
    expect(tokens.filter((t) => t === "G")).toHaveLength(1);
    expect(tokens.filter((t) => t === ".")).toHaveLength(1);
    expect(new Set(tokens.filter((t) => t.startsWith("o-")))).toEqual(new Set(["o-R", "o-B"]));
    expect(exampleProblems(ex)).toEqual([]);
  });

  it("the check catches a path that leaves both stones together", () => {
    const ex = WORKED_EXAMPLES[1];
    const around = [
      [0, 6],
      [0, 5],
      [0, 4],
      [0, 3],
      [0, 2],
      [0, 1],
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
    ].map(([x, y]) => ({ x: x as number, y: y as number }));
    expect(exampleProblems({ ...ex, path: around })).toEqual([
      "misses the dot at (2, 3)",
      "o-R and o-B share a region",
    ]);
  });
});
