import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { judgePrompt } from "./judge-prompt.ts";
import {
  compileJudgeTemplate,
  fillJudgeTemplate,
  JUDGE_TEMPLATE_VARIABLE,
  type JudgeValues,
  readJudgeTemplate,
  userJudgeTemplate,
} from "./judge-template.ts";
import { readRecord } from "./record.ts";

const values: JudgeValues = {
  problem: " Prove it. ",
  reference_solution: "",
  reference_answer: "42",
  guidelines: "7: all of it",
  proof: "\nMy proof.\n",
};

const fill = (template: string, v: Partial<JudgeValues> = {}) =>
  fillJudgeTemplate(compileJudgeTemplate(template), { ...values, ...v });

/** The README's skeleton of the anchor's proof-grading prompt, its header and footer prose left out. */
const ANCHOR_SKELETON = `HEADER
---

**PROBLEM STATEMENT**
{{problem}}

{{#reference_solution}}**GROUND-TRUTH SOLUTION**
{{reference_solution}}

{{/reference_solution}}**SPECIFIC GRADING GUIDELINES**
{{guidelines}}

**PROPOSED SOLUTION**
{{proof}}

FOOTER
`;

/** How the anchor assembles that prompt (src/llm/prompts.py, build_proof_eval_prompt), as a fact to match. */
function anchorAssembly(v: JudgeValues): string {
  const sections = ["HEADER", "---", "", "**PROBLEM STATEMENT**", v.problem.trim(), ""];
  if (v.reference_solution.trim() !== "") {
    sections.push("**GROUND-TRUTH SOLUTION**", v.reference_solution.trim(), "");
  }
  sections.push("**SPECIFIC GRADING GUIDELINES**", v.guidelines.trim(), "");
  sections.push("**PROPOSED SOLUTION**", v.proof.trim(), "", "FOOTER");
  return sections.join("\n").trim();
}

describe("judge templates", () => {
  it("fills values trimmed, and keeps a section by whether its value is empty", () => {
    expect(fill("P: {{problem}} / {{ proof }}")).toBe("P: Prove it. / My proof.");
    const t =
      "{{#reference_solution}}ref: {{reference_solution}}{{/reference_solution}}{{^reference_solution}}none{{/reference_solution}}";
    expect(fill(`${t} {{proof}}`)).toBe("none My proof.");
    expect(fill(`${t} {{proof}}`, { reference_solution: " R " })).toBe("ref: R My proof.");
    expect(
      fill(
        "{{#reference_answer}}{{#guidelines}}[{{reference_answer}}]{{/guidelines}}{{/reference_answer}}{{proof}}",
      ),
    ).toBe("[42]My proof.");
  });

  it("reproduces the anchor's assembly with and without a reference solution", () => {
    const anchor = compileJudgeTemplate(ANCHOR_SKELETON);
    for (const reference_solution of ["", "  The reference.  "]) {
      const v = { ...values, reference_solution };
      expect(fillJudgeTemplate(anchor, v)).toBe(anchorAssembly(v));
    }
  });

  it("refuses unknown placeholders, bad sections and a template without the proof, naming the line", () => {
    const cases: [string, RegExp][] = [
      [
        "{{proof}}\n{{problme}}",
        /line 2, field problme: unknown placeholder \{\{problme\}\} \(known: guidelines, problem, /,
      ],
      ["{{proof}} {{#query}}x{{/query}}", /line 1, field query: unknown placeholder \{\{#query\}\}/],
      ["{{proof}} {{}}", /unknown placeholder \{\{\}\}/],
      ["{{proof}}\n\n{{#problem}}x", /line 3: the section \{\{#problem\}\} is never closed/],
      ["{{proof}} {{#problem}}x{{/guidelines}}", /\{\{\/guidelines\}\} closes no open/],
      ["{{proof}} {{/problem}}", /\{\{\/problem\}\} closes no open/],
      ["{{proof}} {{problem", /a `\{\{` without its closing `\}\}`/],
      ["{{problem}} {{#proof}}{{/proof}}", /never shows \{\{proof\}\}, which it needs/],
    ];
    for (const [template, message] of cases) {
      expect(() => compileJudgeTemplate(template, "t.txt")).toThrow(InputError);
      expect(() => compileJudgeTemplate(template, "t.txt")).toThrow(message);
    }
  });

  it("is read from the file PLUMB_COMBENCH_JUDGE_TEMPLATE names; a bad file is an InputError naming it", () => {
    const dir = mkdtempSync(join(tmpdir(), "combench-judge-"));
    const good = join(dir, "good.txt");
    writeFileSync(good, "Grade: {{proof}}\n");
    expect(userJudgeTemplate({})).toBeUndefined();
    const template = userJudgeTemplate({ [JUDGE_TEMPLATE_VARIABLE]: good });
    expect(template && fillJudgeTemplate(template, values)).toBe("Grade: My proof.");
    const bad = join(dir, "bad.txt");
    writeFileSync(bad, "{{proof}}\n{{answer}}\n");
    expect(() => userJudgeTemplate({ [JUDGE_TEMPLATE_VARIABLE]: bad })).toThrow(
      `${bad} line 2, field answer: unknown placeholder`,
    );
    expect(() => readJudgeTemplate(join(dir, "missing.txt"))).toThrow(/missing\.txt: file not found/);
    const big = join(dir, "big.txt");
    writeFileSync(big, `{{proof}}${" ".repeat(300 * 1024)}`);
    expect(() => readJudgeTemplate(big)).toThrow(/bytes, over the 262144 read here/);
  });

  it("keeps the built-in prompt: the paper's summary, with placeholders for what a record lacks", () => {
    const record = readRecord({ id: "r", query: " Q ", grading_guidelines: "G", ref_solution: null });
    const content = judgePrompt(record, "").messages[0]?.content;
    expect(content).toBe(
      [
        "You are an expert grader for the International Mathematics Olympiad (IMO).",
        "Evaluate the proposed solution strictly and rigorously.",
        "",
        "Inputs:",
        "- Problem Statement:",
        "Q",
        "",
        "- Ground-Truth Solution:",
        "(not available)",
        "",
        "- Specific Grading Guidelines:",
        "G",
        "",
        "- Proposed Solution:",
        "(empty)",
        "",
        "Output the final score using exactly one of:",
        "<points>7 out of 7</points>",
        "<points>6 out of 7</points>",
        "<points>1 out of 7</points>",
        "<points>0 out of 7</points>",
      ].join("\n"),
    );
    const other = compileJudgeTemplate("{{guidelines}} | {{proof}}");
    expect(judgePrompt(record, "P", other).messages[0]?.content).toBe("G | P");
  });
});
