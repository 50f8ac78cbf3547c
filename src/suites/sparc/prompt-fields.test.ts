import { describe, expect, it } from "vitest";
import { sparcRecords } from "../../../test/support/sparc.ts";
import { buildPrompt, parsePromptTemplate } from "../../core/prompt-template.ts";
import { sparcTask } from "./index.ts";
import { pyList, sparcPromptFields } from "./prompt-fields.ts";

const record = (id: string) => {
  const r = sparcRecords().find((x) => x.id === id);
  if (!r) throw new Error(`no fixture record ${id}`);
  return r;
};

describe("SPaRC prompt fields", () => {
  it("print lists as Python's str() does", () => {
    expect(pyList(["S", "+", "o-R"])).toBe("['S', '+', 'o-R']");
    expect(pyList([0, 1, 1])).toBe("[0, 1, 1]");
    expect(pyList(["it's", "a\\b"])).toBe(`["it's", 'a\\\\b']`);
  });

  it("are what the official prompts fill in, shapes in the record's own order", () => {
    // Expected text printed by Python from the same record (keys 12560, 4400, 48: file order, not numeric).
    const f = sparcPromptFields(record("c80d64b5c5e39d7b"));
    expect(f.polyshapes_str).toBe(
      "POLYSHAPES DEFINITIONS:\nShape 12560:\n[0, 1, 1, 1]\n[0, 0, 0, 1]\n[0, 0, 0, 0]\n[0, 0, 0, 0]\n\nShape 4400:\n[0, 1, 1, 1]\n[0, 1, 0, 0]\n[0, 0, 0, 0]\n[0, 0, 0, 0]\n\nShape 48:\n[0, 1, 0, 0]\n[0, 1, 0, 0]\n[0, 0, 0, 0]\n[0, 0, 0, 0]\n\n",
    );
    expect(f.grid_str?.split("\n").slice(0, 2).join("\n")).toBe(
      "['+', '+', '+', '+', '+', '+', '+', '+', '+']\n['+', 'N', '+', 'N', 'G', 'N', '+', 'N', 'S']",
    );
    expect(f.start_pos).toBe("(8, 1)");
    expect(f.end_pos).toMatch(/^\(\d+, \d+\)$/);
    expect(Number(f.grid_width_times_2)).toBe(2 * Number(f.grid_width));
  });

  it("a record without shapes prints the header alone, as the official prompt does for {}", () => {
    const plain = sparcRecords().find((r) => r.polyshapes === "{}");
    expect(plain && sparcPromptFields(plain).polyshapes_str).toBe("POLYSHAPES DEFINITIONS:\n");
  });

  it("fill a user's template through the task", () => {
    const r = record("c80d64b5c5e39d7b");
    const inst = sparcTask.load?.(r);
    if (!inst) throw new Error("no instance");
    const template = parsePromptTemplate(
      "===system===\nYou are an expert at solving puzzles games.\n===user===\nStart {{start_pos}}, end {{end_pos}}, {{grid_width}} columns.",
      "single_shot.txt",
    );
    const f = sparcPromptFields(r);
    expect(buildPrompt(sparcTask, inst, { template }).messages).toEqual([
      { role: "system", content: "You are an expert at solving puzzles games." },
      { role: "user", content: `Start ${f.start_pos}, end ${f.end_pos}, ${f.grid_width} columns.` },
    ]);
  });
});
