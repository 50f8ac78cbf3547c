import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import type { AnyTask } from "../../../core/task.ts";
import { comBenchAnalysisTask } from "../analysis/index.ts";
import { readRecord, recordTags } from "../common/record.ts";
import { comBenchConstructionTask } from "../construction/index.ts";
import { comBenchRecordSchema, RECORD_TYPE_SPELLINGS } from "./schema.ts";

/** Real ComBench records (the staged IMO 2016 P2 record and the toy example) written with nulls. */
const lines = readFileSync(
  new URL("../../../../test/fixtures/combench/official-nulls.jsonl", import.meta.url),
  "utf8",
)
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const [staged, toy, plain] = lines as [
  Record<string, unknown>,
  Record<string, unknown>,
  Record<string, unknown>,
];

const construction = comBenchConstructionTask as unknown as AnyTask;
const analysis = comBenchAnalysisTask as unknown as AnyTask;

describe("official records with nulls", () => {
  it("loads null optional fields as absent, a string year as a number, and the type spellings", () => {
    const inst = construction.load?.(staged);
    expect(inst?.data).toMatchObject({ ref_solution: "", year: 2016, source: "IMO", type: "construction" });
    expect(inst && construction.instanceTags?.(inst)).toEqual([
      "type:construction",
      "source:imo",
      "year:2016",
    ]);
    const toyInst = analysis.load?.(toy);
    expect(toyInst?.data).toMatchObject({
      instruction: "",
      verify_code: "",
      ref_construction: "",
      type: "analysis",
    });
    expect(toyInst?.data).not.toHaveProperty("year", null);
    const plainInst = analysis.load?.(plain);
    expect(plainInst?.data).toMatchObject({ ref_answer: "", type: "analysis", year: 2016 });
    expect(plainInst && analysis.instanceTags?.(plainInst)).toEqual([
      "type:analysis",
      "source:imo",
      "year:2016",
    ]);
  });

  it("reads every spelling of type, in any case and with any separator, and none other", () => {
    for (const [spelling, type] of Object.entries(RECORD_TYPE_SPELLINGS)) {
      for (const written of [
        spelling,
        spelling.toUpperCase(),
        spelling.replace("-", "_"),
        ` ${spelling.replace("-", " ")} `,
      ]) {
        expect(readRecord({ ...toy, type: written }).type).toBe(type);
      }
    }
    for (const wrong of ["analyses", "construct", "proof", "", "analysis-centric-x"]) {
      expect(() => readRecord({ ...toy, type: wrong })).toThrow(
        /field type: .* is not a record type \(analysis, /,
      );
    }
    expect(() => readRecord({ ...toy, type: 1 })).toThrow(/field type: .*expected string/);
  });

  it("refuses a year that is not a whole number, naming the field", () => {
    expect(readRecord({ ...toy, year: " 1999 " }).year).toBe(1999);
    for (const wrong of ["20x6", "2016.5", 2016.5, "", true, [2016]]) {
      expect(() => readRecord({ ...toy, year: wrong })).toThrow(/field year: must be a year/);
    }
  });

  it("still refuses null or wrongly typed required fields and wrongly typed optional ones", () => {
    for (const field of ["id", "query", "grading_guidelines"]) {
      expect(() => readRecord({ ...toy, [field]: null })).toThrow(InputError);
      expect(() => readRecord({ ...toy, [field]: null })).toThrow(
        new RegExp(`field ${field}: .*received null`),
      );
    }
    for (const field of [
      "ref_solution",
      "instruction",
      "verify_code",
      "ref_construction",
      "source",
      "ref_answer",
    ]) {
      expect(() => readRecord({ ...toy, [field]: 7 })).toThrow(
        new RegExp(`field ${field}: .*expected string`),
      );
    }
    expect(() => readRecord({ ...toy, category: "" })).toThrow(/field category/);
  });

  it("keeps the records schema strict where the starter set is: categories from the paper, a short answer", () => {
    expect(comBenchRecordSchema.safeParse({ ...toy, category: "geometry" }).success).toBe(false);
    expect(comBenchRecordSchema.safeParse({ ...toy, ref_answer: null }).success).toBe(false);
    expect(comBenchRecordSchema.safeParse({ ...toy, category: null }).success).toBe(true);
  });

  it("tags the competition and the year from the source when the record has no year", () => {
    const tags = (source: string, year?: number) => recordTags(readRecord({ ...toy, source, year }));
    expect(tags("IMO Shortlist 2012 C2")).toEqual(["type:analysis", "source:imo shortlist", "year:2012"]);
    expect(tags("(Modified) IMO 2024 P1")).toEqual(["type:analysis", "source:imo", "year:2024"]);
    expect(tags("USAMO", 2000)).toEqual(["type:analysis", "source:usamo", "year:2000"]);
    expect(tags("folklore")).toEqual(["type:analysis", "source:folklore"]);
    expect(tags("2020 USOJMO P1")).toEqual(["type:analysis", "source:2020 usojmo p1", "year:2020"]);
    const started = performance.now();
    expect(tags(`IMO${" ".repeat(1_000_000)}x`)).toEqual(["type:analysis", "source:imo x"]);
    expect(tags(`IMO${" -".repeat(500_000)}2001`)).toEqual(["type:analysis", "source:imo", "year:2001"]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
