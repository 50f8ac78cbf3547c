import { afterEach, describe, expect, it, vi } from "vitest";
import { generateInstances } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { PARSING_MODE_VARIABLE, PARSING_MODES } from "../common/parsing-mode.ts";
import type { TaskRecord } from "../common/record.ts";
import { loadProofBench } from "../proofbench/records.ts";
import { comBenchAnalysisTask as task } from "./index.ts";

const erased = task as unknown as AnyTask;
const all = generateInstances(erased, {}, 60, "a") as Instance<TaskRecord>[];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("combench/analysis", () => {
  it("generates every ProofBench problem once, with its level and tags", () => {
    expect(new Set(all.map((i) => i.id))).toEqual(new Set(loadProofBench().map((r) => r.id)));
    expect(() => generateInstances(erased, {}, 61, "a")).toThrow(/only 60 distinct/);
    const hard = generateInstances(erased, { level: "imo-hard", category: "combinatorics" }, 1, "a")[0];
    expect(hard && erased.level?.(hard)).toBe("IMO-hard");
    const tags = (hard && erased.instanceTags?.(hard)) ?? [];
    expect(tags.slice(0, 2)).toEqual(["category:combinatorics", "type:analysis"]);
    expect(tags.slice(2).every((t) => /^(source|year):/.test(t))).toBe(true);
  });

  it.each(PARSING_MODES)(
    "answers with the reference through the oracle's text path (%s parsing), unscored without a judge",
    async (mode) => {
      vi.stubEnv(PARSING_MODE_VARIABLE, mode);
      for (const inst of all) {
        const reference = task.solve?.(inst).answers[0];
        if (!reference) throw new Error("no reference");
        const parsed = task.parse(task.formatAnswer?.(reference, inst) ?? "", inst);
        if (isParseFailure(parsed)) throw new Error(`${inst.id}: ${parsed.message}`);
        expect(parsed.proof).toBe(inst.data.ref_solution.trim());
        const v = await task.verify(inst, parsed);
        expect(v).toMatchObject({ score: 0, passed: false, failure: { kind: "unscored" } });
      }
    },
  );

  it("asks per appendix E.2 and judges with the rubric template", () => {
    const inst = all[0] as Instance<TaskRecord>;
    const prompt = task.prompt(inst).messages[0]?.content ?? "";
    expect(prompt).toContain(`Problem:\n${inst.data.query}\n"""`);
    expect(prompt).toContain("## Solution\n[Your complete solution");
    const verdict = { score: 0, passed: false, checks: [] };
    const judge = task.judge?.prompt(inst, { text: "whole reply", answer: { proof: "My proof." }, verdict });
    const text = judge?.messages[0]?.content ?? "";
    expect(text).toContain(`- Ground-Truth Solution:\n${inst.data.ref_solution.trim()}`);
    expect(text).toContain(`- Specific Grading Guidelines:\n${inst.data.grading_guidelines}`);
    expect(text).toContain("- Proposed Solution:\nMy proof.\n");
    expect(text).toMatch(/<points>0 out of 7<\/points>$/);
  });

  it("loads an analysis record as-is and refuses a construction record", () => {
    const raw = { id: "a-1", query: "Prove it.", ref_answer: "", grading_guidelines: "g", ref_solution: "" };
    const inst = task.load?.(raw);
    expect(inst && task.dump?.(inst)).toMatchObject(raw);
    expect(() => task.load?.({ ...raw, instruction: "Build it.", verify_code: "print(True)" })).toThrow(
      /field verify_code: .*construction-centric/,
    );
  });

  it.each(PARSING_MODES)("a random answer parses (%s parsing)", (mode) => {
    vi.stubEnv(PARSING_MODE_VARIABLE, mode);
    const inst = all[0] as Instance<TaskRecord>;
    const random = task.randomAnswer?.(inst, new Rng(2));
    expect(random && task.parse(task.formatAnswer?.(random, inst) ?? "", inst)).toEqual(random);
  });
});
