import { describe, expect, it } from "vitest";
import { PROOFBENCH_CATEGORIES, PROOFBENCH_LEVELS } from "./levels.ts";
import { loadProofBench, proofBenchRecords } from "./records.ts";

const HEADER = "Problem ID,Problem,Solution,Grading guidelines,Category,Level,Short Answer,Source";

describe("the shipped IMO-ProofBench problems", () => {
  const records = loadProofBench();

  it("are 60 analysis-centric records with unique ids", () => {
    expect(records).toHaveLength(60);
    expect(new Set(records.map((r) => r.id)).size).toBe(60);
    for (const r of records) {
      expect(r).toMatchObject({ type: "analysis", instruction: "", verify_code: "", ref_construction: "" });
      expect(r.ref_solution.trim()).not.toBe("");
    }
  });

  it("use exactly the categories and levels the task's presets name", () => {
    expect(new Set(records.map((r) => r.category))).toEqual(new Set(PROOFBENCH_CATEGORIES));
    expect(new Set(records.map((r) => r.level))).toEqual(new Set(PROOFBENCH_LEVELS));
  });

  it("map the columns and write the 0/1/6/7 scale over the original guidelines", () => {
    const first = records[0];
    expect(first).toMatchObject({
      id: "PB-Basic-001",
      category: "Algebra",
      level: "IMO-easy",
      source: "(Modified) IMO 2019, P1",
      ref_answer: expect.stringMatching(/^\$f\(x\) = 0\$/),
    });
    const rubric = first?.grading_guidelines ?? "";
    expect(rubric).toMatch(/7 points: a complete and rigorous solution/);
    expect(rubric).toMatch(/6 points: .*"\(Almost\)"/);
    expect(rubric).toMatch(/1 point: .*"\(Partial\)"/);
    expect(rubric).toMatch(/0 points: /);
    expect(rubric).toContain("(Partial)\n 1. Guessed the solution correctly");
  });

  it("keep a blank short answer empty", () => {
    expect(records.find((r) => r.id === "PB-Basic-002")?.ref_answer).toBe("");
  });
});

describe("proofBenchRecords", () => {
  it("names the line and field of a bad row", () => {
    const text = `${HEADER}\nPB-1,"Prove it.\nReally.",Proof,(Partial),Algebra,pre-IMO, ,Novel\nPB-2,,Proof,g,Algebra,pre-IMO, ,Novel\n`;
    expect(() => proofBenchRecords(text, "pb.csv")).toThrow(/pb\.csv line 4, field query/);
  });

  it("names a missing column", () => {
    expect(() => proofBenchRecords("Problem ID,Problem\nPB-1,Q\n")).toThrow(/field Solution: missing column/);
  });
});
