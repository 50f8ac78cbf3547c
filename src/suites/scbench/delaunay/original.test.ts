import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { InputError } from "../../../core/errors.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { delaunayTask as task } from "./index.ts";
import { loadDelaunay } from "./original.ts";

const records = readFileSync(new URL("./original.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Record<string, unknown>);

/** The records whose stored answer is not a Delaunay triangulation of the points as printed. */
const NOT_DELAUNAY = [
  "d4baa926",
  "040bc384",
  "b882fd28",
  "185aef42",
  "2df3d995",
  "9b0056d1",
  "30e2386e",
  "905e34dc",
  "fbf7cb5f",
];

const preset = () => task.presets?.original?.instances() ?? [];

describe("scbench/delaunay original preset", () => {
  it("is the 25 records of Table A.1, in file order, byte-identical on every call", () => {
    const a = preset();
    expect(a).toHaveLength(25);
    expect(JSON.stringify(a)).toBe(JSON.stringify(preset()));
    expect(a.map((i) => i.id)).toEqual(a.map((_, n) => `scbench/delaunay/original/${n + 1}`));
    expect(a.map((i) => i.data.original?.id)).toEqual(records.map((r) => r.id));
    expect(a.every((i) => i.seed === null)).toBe(true);
    expect(a.map((i) => i.data.points.length)).toEqual(
      records.map((r) => (r.datagen_args as { num_points: number }).num_points),
    );
    expect(Math.max(...a.map((i) => i.data.points.length))).toBe(76);
    expect(a[0]?.params).toEqual({ record: "98ac3de3", num_points: 6, seed: 10, difficulty: "easy" });
  });

  it("shows the points as the record printed them", () => {
    const first = preset()[0];
    if (!first) throw new Error("no instance");
    expect(first.data.points[0]).toEqual([956, 208]);
    const text = task.prompt(first).messages.at(-1)?.content ?? "";
    expect(text).toContain("[0.956, 0.208]");
    expect(text).toContain("[0.825, 0.338]");
  });

  it("accepts every stored answer but exactly the 9 that are not Delaunay for the printed points, saying why", () => {
    const rejected: string[] = [];
    for (const inst of preset()) {
      const [stored] = task.references?.(inst) ?? [];
      if (!stored) throw new Error("no reference");
      const verdict = task.verify(inst, stored);
      if (verdict.passed) continue;
      rejected.push(inst.data.original?.id ?? "");
      expect(verdict.failure?.kind).toBe("wrong");
      expect(verdict.failure?.message).toMatch(/inside the circumcircle|overlap/);
    }
    expect(rejected).toEqual(NOT_DELAUNAY);
  });

  it("solves every subtask, the 9 included", () => {
    for (const inst of preset()) {
      const answer = task.solve?.(inst).answers[0];
      if (!answer) throw new Error("no answer");
      expect(task.verify(inst, answer).passed).toBe(true);
    }
  });
});

describe("scbench/delaunay loading", () => {
  it("loads every record as the file has it, under the record's id", () => {
    for (const record of records) {
      const inst = loadDelaunay(record);
      expect(inst.id).toBe(record.id);
      expect(inst.data.original?.answer).toEqual(record.ground_truth);
    }
  });

  it("still loads Plumb's own instance lines", () => {
    const inst = preset()[3];
    expect(loadDelaunay(JSON.parse(JSON.stringify(inst)))).toEqual(inst);
  });

  it("names the field of a bad record", () => {
    const base = records[0] as Record<string, unknown>;
    const bad: [Record<string, unknown>, string][] = [
      [{ ...base, ground_truth: "x" }, "ground_truth"],
      [{ ...base, datagen_args: { num_points: 7 } }, "prompt"],
      [{ ...base, prompt: (base.prompt as string).replace("0.956", "0.9561") }, "prompt"],
      [{ ...base, prompt: (base.prompt as string).replace("0.828, 0.149", "0.956, 0.208") }, "prompt"],
      [{ ...base, id: 3 }, "id"],
    ];
    for (const [record, field] of bad) {
      let error: unknown;
      try {
        loadDelaunay(record);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).field).toBe(field);
    }
  });
});

describe("scbench/delaunay answers in the original's format", () => {
  const inst = preset()[0];
  if (!inst) throw new Error("no instance");
  const truth = [
    [0, 1, 5],
    [0, 3, 5],
    [1, 2, 5],
    [2, 3, 4],
    [2, 3, 5],
  ];

  it("reads a Python list of lists or of tuples, after reasoning, as the JSON object", () => {
    const json = task.parse(JSON.stringify({ triangles: truth }), inst);
    for (const text of [
      "<thinking>hull is 0, 3, 4, 2, 1</thinking>\n[[0, 1, 5], [0, 3, 5], [1, 2, 5], [2, 3, 4], [2, 3, 5]]",
      "[(0, 1, 5), (0, 3, 5), (1, 2, 5), (2, 3, 4), (2, 3, 5)]",
      "```python\n[[0, 1, 5], [0, 3, 5], [1, 2, 5], [2, 3, 4], [2, 3, 5],]\n```",
      "{'triangles': [(0, 1, 5), (0, 3, 5), (1, 2, 5), (2, 3, 4), (2, 3, 5)]}",
    ]) {
      expect(task.parse(text, inst)).toEqual(json);
    }
    expect(task.verify(inst, json as { triangles: number[][] }).passed).toBe(true);
  });

  it("fails wrong shapes by name and never passes hostile texts", () => {
    const wrong = task.parse("{'triangles': [[0, 1, 'five']]}", inst);
    expect(isParseFailure(wrong) && wrong.message).toMatch(/triangles/);
    for (const h of hostileTexts(JSON.stringify(truth), 20_000)) {
      const parsed = task.parse(h.text, inst);
      if (isParseFailure(parsed) || h.expect !== "fail") continue;
      expect(task.verify(inst, parsed).passed, h.name).toBe(false);
    }
  });
});

describe("scbench/delaunay prompts", () => {
  const inst = preset()[0];
  if (!inst) throw new Error("no instance");
  const text = (variant?: string) => task.prompt(inst, variant ? { variant } : {}).messages.at(-1)?.content;

  it("by default asks only what the original asked: no rules of a triangulation, no circumcircle test", () => {
    expect(text()).toMatch(/Delaunay triangulation/);
    expect(text()).toMatch(/ascending/);
    expect(text()).not.toMatch(/circumcircle|convex hull|circle through/i);
  });

  it("keeps the rules under --variant explained", () => {
    expect(text("explained")).toMatch(/Empty circumcircle/);
    expect(() => text("other")).toThrow(InputError);
  });
});
