import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadTask, taskInfos } from "../../core/registry.ts";
import { isParseFailure, parseFailureVerdict, type Verdict } from "../../core/verdict.ts";
import { registerAllTasks } from "../catalog.ts";

registerAllTasks();

/**
 * Real answers that models gave the original benchmark, stored by its own runs with the score it
 * gave them, graded again by Plumb under the original preset: the two must agree record by record,
 * except where a record names the documented difference that makes Plumb's verdict another.
 */
const record = z.strictObject({
  task: z.string(),
  /** The original's subpass, counted from 0. */
  subpass: z.number().int().min(0),
  model: z.string().min(1),
  /** Where the answer and its score were stored: `path@commit` in the original's repository. */
  answer: z.string().includes("@"),
  verdict: z.string().includes("@"),
  text: z.string(),
  originalScore: z.number().min(0).max(1),
  /** "score": the original's score and Plumb's are the same quantity; "pass": only pass/fail compares. */
  compare: z.enum(["score", "pass"]),
  /** The preset instance (from 1) when it is not subpass + 1. */
  instance: z.number().int().min(1).optional(),
  /** Plumb's verdict where it deliberately differs, with the difference that explains it. */
  plumb: z
    .strictObject({ score: z.number().min(0).max(1), pass: z.boolean(), why: z.string().min(10) })
    .optional(),
});
type StoredAnswer = z.infer<typeof record>;

const folder = new URL("../../../test/fixtures/scbench/original-answers/", import.meta.url);
const files = readdirSync(folder)
  .filter((f) => f.endsWith(".jsonl"))
  .sort();

function readRecords(file: string): StoredAnswer[] {
  return readFileSync(new URL(file, folder), "utf8")
    .split("\n")
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => line.trim() !== "")
    .map(({ line, n }) => {
      const parsed = record.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${file}:${n}: ${z.prettifyError(parsed.error)}`);
      return parsed.data;
    });
}

async function grade(r: StoredAnswer): Promise<Verdict> {
  const task = await loadTask(`scbench/${r.task}`);
  const instances = task.presets?.original?.instances() ?? [];
  const inst = instances[(r.instance ?? r.subpass + 1) - 1];
  if (!inst) throw new Error(`scbench/${r.task} has no original instance for subpass ${r.subpass}`);
  const answer = task.parse(r.text, inst);
  return isParseFailure(answer) ? parseFailureVerdict(answer) : await task.verify(inst, answer);
}

const PASS = 1 - 1e-9;

describe("the original's stored answers, graded again under the original preset", () => {
  it("has stored answers for tasks of the suite only, each named after its file", () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const name = file.replace(/\.jsonl$/, "");
      expect(taskInfos("scbench").map((t) => t.id)).toContain(`scbench/${name}`);
      for (const r of readRecords(file)) expect(r.task).toBe(name);
    }
  });

  for (const file of files) {
    it(`agrees with the original on every answer in ${file}`, async () => {
      const mismatches: string[] = [];
      for (const r of readRecords(file)) {
        const v = await grade(r);
        const where = `${r.model} subpass ${r.subpass}`;
        if (r.plumb) {
          if (Math.abs(v.score - r.plumb.score) > 1e-6 || v.passed !== r.plumb.pass)
            mismatches.push(
              `${where}: Plumb ${v.score}/${v.passed}, recorded ${r.plumb.score}/${r.plumb.pass}`,
            );
        } else if (r.compare === "score") {
          if (Math.abs(v.score - r.originalScore) > 1e-6)
            mismatches.push(
              `${where}: Plumb ${v.score}, original ${r.originalScore} (${v.failure?.message ?? ""})`,
            );
        } else if (v.passed !== r.originalScore >= PASS) {
          mismatches.push(
            `${where}: Plumb ${v.passed ? "passes" : "fails"}, original ${r.originalScore} (${v.failure?.message ?? ""})`,
          );
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});
