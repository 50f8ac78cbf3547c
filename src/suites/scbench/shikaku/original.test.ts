import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { InputError } from "../../../core/errors.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { shikakuTask as task } from "./index.ts";
import { loadShikaku } from "./original.ts";

const records = readFileSync(new URL("./original.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Record<string, unknown>);

const preset = () => task.presets?.original?.instances() ?? [];

describe("scbench/shikaku original preset", () => {
  it("is the 6 puzzles of Table A.1, in file order, byte-identical on every call", () => {
    const a = preset();
    expect(a).toHaveLength(6);
    expect(JSON.stringify(a)).toBe(JSON.stringify(preset()));
    expect(a.map((i) => i.id)).toEqual(a.map((_, n) => `scbench/shikaku/original/${n + 1}`));
    expect(a.map((i) => `${i.data.rows}x${i.data.cols}`)).toEqual([
      "7x7",
      "8x8",
      "10x10",
      "12x12",
      "15x15",
      "15x15",
    ]);
    expect(a.map((i) => task.level?.(i))).toEqual(["easy", "easy", "medium", "medium", "hard", "hard"]);
  });

  it("accepts every stored solution, and the solver's", () => {
    for (const inst of preset()) {
      const [stored] = task.references?.(inst) ?? [];
      if (!stored) throw new Error("no reference");
      expect(task.verify(inst, stored).passed, inst.id).toBe(true);
      const solved = task.solve?.(inst).answers[0];
      if (!solved) throw new Error("no solution");
      expect(task.verify(inst, solved).passed, inst.id).toBe(true);
    }
  });

  it("loads Plumb's own instance lines too, and names the field of a bad record", () => {
    const inst = preset()[0];
    expect(loadShikaku(JSON.parse(JSON.stringify(inst)))).toEqual(inst);
    const base = records[0] as Record<string, unknown>;
    const puzzle = base.puzzle as Record<string, unknown>;
    const bad: [unknown, string][] = [
      [{ ...base, puzzle: { ...puzzle, width: 8 } }, "puzzle.numbers"],
      [{ ...base, ground_truth: [[0, 0, 1]] }, "ground_truth[0]"],
      [{ ...base, puzzle: { ...puzzle, numbers: "x" } }, "puzzle.numbers"],
    ];
    for (const [record, field] of bad) {
      let error: unknown;
      try {
        loadShikaku(record);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).field).toBe(field);
    }
  });
});

describe("scbench/shikaku answers in the original's format", () => {
  const inst = preset()[0];
  if (!inst) throw new Error("no instance");
  const truth = (records[0] as { ground_truth: number[][] }).ground_truth;

  it("reads a bare Python list of boxes (or tuples) as the JSON object", () => {
    const json = task.parse(JSON.stringify({ rectangles: truth }), inst);
    const tuples = `[${truth.map((r) => `(${r.join(", ")})`).join(", ")}]`;
    expect(task.parse(`<thinking>start at the 8</thinking>\n${JSON.stringify(truth)}`, inst)).toEqual(json);
    expect(task.parse(tuples, inst)).toEqual(json);
    expect(task.parse(`{'rectangles': ${tuples}}`, inst)).toEqual(json);
  });

  it("names the field of a wrong shape and never passes hostile texts", () => {
    const wrong = task.parse("[[0, 0, 0], [1, 1, 1, 1]]", inst);
    expect(isParseFailure(wrong) && wrong.message).toMatch(/rectangles\[0\]/);
    for (const h of hostileTexts(JSON.stringify(truth), 20_000)) {
      const parsed = task.parse(h.text, inst);
      if (isParseFailure(parsed) || h.expect !== "fail") continue;
      expect(task.verify(inst, parsed).passed, h.name).toBe(false);
    }
  });
});

describe("scbench/shikaku prompts", () => {
  const inst = preset()[5];
  if (!inst) throw new Error("no instance");
  const text = (variant?: string) =>
    task.prompt(inst, variant ? { variant } : {}).messages.at(-1)?.content ?? "";

  it("by default gives the grid, the one-line rule and the box format, not that any division passes", () => {
    expect(text()).toMatch(/0 2 0 4 0 0 4 0 0 0 0 0 0 0 0/);
    expect(text()).toMatch(/\[left_col, top_row, right_col, bottom_row\]/);
    expect(text()).not.toMatch(/is accepted|Rules:/);
  });

  it("keeps the numbered rules under --variant explained", () => {
    expect(text("explained")).toMatch(/Any division that satisfies all four rules is accepted/);
  });
});
