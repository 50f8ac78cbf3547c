import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { InputError } from "../../../core/errors.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { twoSegmentsTask as task } from "./index.ts";
import { loadTwoSegments } from "./original.ts";
import type { TwoSegmentsAnswer } from "./schema.ts";

const records = readFileSync(new URL("./original.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Record<string, unknown>);

const preset = () => task.presets?.original?.instances() ?? [];
const byRecord = (id: string) => {
  const inst = preset().find((i) => i.data.original?.id === id);
  if (!inst) throw new Error(`no ${id}`);
  return inst;
};
const seg = (...s: number[][][]): TwoSegmentsAnswer => ({ segments: s as TwoSegmentsAnswer["segments"] });

describe("scbench/two-segments original preset", () => {
  it("is the 27 records of Table A.1, in file order, byte-identical on every call", () => {
    const a = preset();
    expect(a).toHaveLength(27);
    expect(JSON.stringify(a)).toBe(JSON.stringify(preset()));
    expect(a.map((i) => i.id)).toEqual(a.map((_, n) => `scbench/two-segments/original/${n + 1}`));
    expect(a.map((i) => i.data.original?.id)).toEqual(records.map((r) => r.id));
    expect(a.filter((i) => i.data.grid)).toHaveLength(8);
    expect(a.filter((i) => i.data.corners)).toHaveLength(10);
  });

  it("has a reference construction for every record that the verifier accepts", () => {
    for (const inst of preset()) {
      const [ref] = task.references?.(inst) ?? [];
      if (!ref) throw new Error(`no reference for ${inst.id}`);
      expect(task.verify(inst, ref).passed, inst.id).toBe(true);
    }
  });

  it("loads Plumb's own instance lines too, and names the field of a bad record", () => {
    const inst = preset()[1];
    expect(loadTwoSegments(JSON.parse(JSON.stringify(inst)))).toEqual(inst);
    const base = records[0] as Record<string, unknown>;
    const bad: [unknown, string][] = [
      [{ ...base, ground_truth: [{ shape: "triangle", count: 3 }] }, "ground_truth"],
      [
        { ...base, datagen_args: { ...(base.datagen_args as object), snap_decimals: 9 } },
        "datagen_args.snap_decimals",
      ],
      [{ ...base, metadata: {} }, "metadata.difficulty"],
    ];
    for (const [record, field] of bad) {
      let error: unknown;
      try {
        loadTwoSegments(record);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).field).toBe(field);
    }
  });
});

describe("scbench/two-segments regions and grids of the originals", () => {
  it("accepts endpoints on the fourth side of a quadrilateral (the original's mapping lost that side)", () => {
    // Corners (0,0), (1.25,0.05), (1.1,1.15), (-0.1,1); the fourth side runs from (1.1,1.15) to (-0.1,1).
    const inst = byRecord("64261699");
    const top = (t: number) => [1.1 + t * (-0.1 - 1.1), 1.15 + t * (1 - 1.15)];
    const bottom = (t: number) => [t * 1.25, t * 0.05];
    const answer = seg([bottom(0.5), top(0.5)], [bottom(0.25), top(0.75)]);
    const v = task.verify(inst, answer);
    expect(v.checks.find((c) => c.name === "segments.on_boundary")?.ok).toBe(true);
    // Off the side by 0.01 is off the boundary.
    const off = seg([bottom(0.5), [top(0.5)[0] ?? 0, (top(0.5)[1] ?? 0) - 0.01]], [bottom(0.25), top(0.75)]);
    expect(task.verify(inst, off).passed).toBe(false);
  });

  it("carries a shifted, scaled square onto the unit square within the rounding", () => {
    const inst = byRecord("6aaa04e3"); // square from (0.0203904, 0.137524), side 0.777403, 4 decimals
    const [x0, y0, s] = [0.0203904, 0.137524, 0.777403];
    const at = (u: number, v: number) => [x0 + u * s, y0 + v * s];
    // 1 triangle, 1 quadrilateral, 1 pentagon: a cut across, and one across a corner above it.
    const good = seg([at(0, 0.5), at(1, 0.5)], [at(0, 0.8), at(0.3, 1)]);
    expect(task.verify(inst, good).passed).toBe(true);
    const unitCoords = seg(
      [
        [0, 0.5],
        [1, 0.5],
      ],
      [
        [0, 0.8],
        [0.3, 1],
      ],
    );
    expect(task.verify(inst, unitCoords).passed).toBe(false);
  });

  it("rejects endpoints off the coordinate grid", () => {
    const inst = byRecord("c53c9f00"); // grid 0, 0.2, …, 1; 2 triangles and 2 quadrilaterals
    expect(
      task.verify(
        inst,
        seg(
          [
            [0, 0],
            [1, 1],
          ],
          [
            [0, 0.6],
            [1, 0.4],
          ],
        ),
      ).passed,
    ).toBe(true);
    const off = task.verify(
      inst,
      seg(
        [
          [0, 0],
          [1, 1],
        ],
        [
          [0, 0.5],
          [1, 0.4],
        ],
      ),
    );
    expect(off.passed).toBe(false);
    expect(off.checks.find((c) => c.name === "segments.on_grid")?.ok).toBe(false);
  });
});

describe("scbench/two-segments answers in the original's format", () => {
  const inst = byRecord("c53c9f00");
  const json = {
    segments: [
      [
        [0, 0.6],
        [0.6, 0],
      ],
      [
        [0.4, 1],
        [1, 0.4],
      ],
    ],
  };

  it("reads a Python list of tuples, and {'segments': …}, as the JSON object", () => {
    for (const text of [
      "<thinking>cut two corners</thinking>\n[((0, 0.6), (0.6, 0)), ((0.4, 1), (1, 0.4))]",
      "{'segments': [[[0, 0.6], [0.6, 0]], [[0.4, 1], [1, 0.4]]]}",
      "```python\n[((0.0, 0.6), (0.6, 0.0)), ((0.4, 1.0), (1.0, 0.4))]\n```",
    ]) {
      expect(task.parse(text, inst)).toEqual(json);
    }
  });

  it("names the field of a wrong shape and never passes hostile texts", () => {
    const wrong = task.parse("{'segments': [[(0, 0.6), (0.6,)]]}", inst);
    expect(isParseFailure(wrong) && wrong.message).toMatch(/segments/);
    expect(isParseFailure(wrong) && wrong.message).not.toMatch(/expected object/);
    for (const h of hostileTexts(JSON.stringify(json), 20_000)) {
      const parsed = task.parse(h.text, inst);
      if (isParseFailure(parsed) || h.expect !== "fail") continue;
      expect(task.verify(inst, parsed).passed, h.name).toBe(false);
    }
  });
});

describe("scbench/two-segments prompts", () => {
  const text = (id: string, variant?: string) =>
    task.prompt(byRecord(id), variant ? { variant } : {}).messages.at(-1)?.content ?? "";

  it("by default carries the original's information and not the rounding or corner-counting rules", () => {
    expect(text("c53c9f00")).toMatch(/\{0, 0\.2, 0\.4, 0\.6, 0\.8, 1\}/);
    expect(text("c53c9f00")).toMatch(/2 triangles and 2 quadrilaterals/);
    expect(text("64261699")).toMatch(/quadrilateral whose corners.*\(1\.25, 0\.05\)/);
    expect(text("6aaa04e3")).toMatch(/square whose corners.*\(0\.0203904, 0\.137524\)/);
    for (const id of ["c53c9f00", "64261699"]) {
      expect(text(id)).not.toMatch(/rounded|decimal place|vertices|runs straight/);
    }
  });

  it("keeps the rules under --variant explained", () => {
    expect(text("c53c9f00", "explained")).toMatch(/rounded to 3 decimal places/);
    expect(text("64261699", "explained")).toMatch(/projective map/);
  });
});
