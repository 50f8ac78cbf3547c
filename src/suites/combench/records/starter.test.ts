import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { loadComBenchRecords, loadStarterRecords } from "./load.ts";
import { COMBENCH_CATEGORIES, isConstructionRecord } from "./schema.ts";

const records = loadStarterRecords();

describe("the starter construction set", () => {
  it("has at least 12 construction records with unique ids and non-empty fields", () => {
    expect(records.length).toBeGreaterThanOrEqual(12);
    expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
    for (const record of records) {
      expect(isConstructionRecord(record), record.id).toBe(true);
      expect(record.type).toBe("construction");
      for (const [field, value] of Object.entries(record)) {
        expect(String(value).trim(), `${record.id}.${field}`).not.toBe("");
      }
      expect(record.verify_code).toContain("ast.literal_eval");
      expect(record.verify_code).not.toMatch(/\beval\(|\bexec\(|\bopen\(|subprocess|socket/);
    }
  });

  it("covers all five categories, at least twice each", () => {
    for (const category of COMBENCH_CATEGORIES) {
      expect(records.filter((r) => r.category === category).length, category).toBeGreaterThanOrEqual(2);
    }
  });
});

describe("loadComBenchRecords", () => {
  const write = (text: string) => {
    const path = join(mkdtempSync(join(tmpdir(), "combench-")), "records.jsonl");
    writeFileSync(path, text);
    return path;
  };

  it("names the line and the field of a bad record", () => {
    const good = JSON.stringify(records[0]);
    const bad = JSON.stringify({ ...records[0], query: "" });
    const path = write(`${good}\n${bad}\n`);
    expect(() => loadComBenchRecords(path)).toThrow(InputError);
    expect(() => loadComBenchRecords(path)).toThrow(/line 2, field query/);
  });

  it("names the line of text that is not JSON", () => {
    expect(() => loadComBenchRecords(write("{}\nnot json\n"))).toThrow(/line 1|line 2/);
  });

  it("treats a record without instruction or verifier as analysis-centric", () => {
    const [record] = loadComBenchRecords(
      write(
        JSON.stringify({ id: "a", query: "q", ref_answer: "r", grading_guidelines: "g", ref_solution: "" }),
      ),
    );
    expect(record && isConstructionRecord(record)).toBe(false);
  });
});
