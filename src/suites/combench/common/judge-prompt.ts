import type { Prompt } from "../../../core/task.ts";
import {
  compileJudgeTemplate,
  fillJudgeTemplate,
  type JudgeTemplate,
  userJudgeTemplate,
} from "./judge-template.ts";
import type { TaskRecord } from "./record.ts";

/**
 * Appendix E.2's rubric-guided proof evaluation: problem, reference solution (when the record has one),
 * the 0/1/6/7 guidelines and the proposed solution; the grade in exactly one `<points>` tag.
 */
export const PAPER_JUDGE_TEMPLATE = `You are an expert grader for the International Mathematics Olympiad (IMO).
Evaluate the proposed solution strictly and rigorously.

Inputs:
- Problem Statement:
{{problem}}

- Ground-Truth Solution:
{{#reference_solution}}{{reference_solution}}{{/reference_solution}}{{^reference_solution}}(not available){{/reference_solution}}

- Specific Grading Guidelines:
{{guidelines}}

- Proposed Solution:
{{#proof}}{{proof}}{{/proof}}{{^proof}}(empty){{/proof}}

Output the final score using exactly one of:
<points>7 out of 7</points>
<points>6 out of 7</points>
<points>1 out of 7</points>
<points>0 out of 7</points>
`;

const paperTemplate = compileJudgeTemplate(PAPER_JUDGE_TEMPLATE, "the built-in judge template");

/** The judge's template: the user's (PLUMB_COMBENCH_JUDGE_TEMPLATE), else the paper's summary. */
export function judgeTemplate(): JudgeTemplate {
  return userJudgeTemplate() ?? paperTemplate;
}

export function judgePrompt(record: TaskRecord, proof: string, template = judgeTemplate()): Prompt {
  const content = fillJudgeTemplate(template, {
    problem: record.query,
    reference_solution: record.ref_solution,
    reference_answer: record.ref_answer,
    guidelines: record.grading_guidelines,
    proof,
  });
  return { messages: [{ role: "user", content }] };
}
