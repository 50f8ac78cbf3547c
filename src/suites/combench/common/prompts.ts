import { checkShots, checkVariant, tokenCapLines } from "../../../core/prompt-options.ts";
import type { Prompt, PromptOptions } from "../../../core/task.ts";
import type { TaskRecord } from "./record.ts";
import { ANALYSIS_HEADING, QUESTION_HEADINGS } from "./sections.ts";

const user = (lines: string[]): Prompt => ({ messages: [{ role: "user", content: lines.join("\n") }] });

/** ComBench prompts have one wording (appendix E.2) and no worked examples. */
function checkOptions(opts: PromptOptions): void {
  checkVariant(opts, ["default"]);
  checkShots(opts);
}

/** Appendix E.2, analysis-centric records. */
export function analysisPrompt(record: TaskRecord, opts: PromptOptions = {}): Prompt {
  checkOptions(opts);
  return user([
    "You are solving one IMO-style math problem.",
    "",
    "## Problem",
    '"""',
    "Please answer the problem adhering to the following rules:",
    "1. Please use LaTeX format to represent the variables and formulas used in the solution process and results.",
    "2. Please provide a complete and explicit solution process in the response.",
    "3. In the end of the response:",
    "- If the problem has final answer(s), put them in \\boxed{}.",
    "- If the problem requires multiple answers, list them in order, each in a separate \\boxed{}.",
    "- If the problem is a proof or does not require a final numerical answer, provide a complete and rigorous proof, and do not use \\boxed{}.",
    "Problem:",
    record.query.trim(),
    '"""',
    "",
    "You must answer using exactly the following output structure:",
    "",
    ANALYSIS_HEADING,
    "[Your complete solution, including the final answer if applicable.]",
    "",
    "Rules:",
    "- Output the solution heading exactly as written above.",
    `- Do not use \`${QUESTION_HEADINGS[0]}\` or \`${QUESTION_HEADINGS[1]}\`.`,
    "- Do not use any <construct>...</construct> block.",
    ...tokenCapLines(opts).flatMap((line) => ["", line]),
  ]);
}

/** Appendix E.2, construction-centric records: the original problem, then the construction task. */
export function constructionPrompt(record: TaskRecord, opts: PromptOptions = {}): Prompt {
  checkOptions(opts);
  return user([
    "You are solving one IMO-style math problem with an additional construction deliverable.",
    "",
    "## Question 1",
    '"""',
    record.query.trim(),
    '"""',
    "",
    "## Question 2",
    '"""',
    record.instruction.trim(),
    '"""',
    "",
    "You must answer using exactly the following output structure:",
    "",
    QUESTION_HEADINGS[0],
    "[Your proof and final answer to Question 1 only.]",
    "",
    QUESTION_HEADINGS[1],
    "[Your response to Question 2. This section must include exactly one construction block.]",
    "<construct>",
    "[Construction payload]",
    "</construct>",
    "",
    "Rules:",
    "- Output the two solution headings exactly as written above.",
    "- Do not put any <construct> block in Solution to Question 1.",
    "- Put exactly one <construct>...</construct> block in Solution to Question 2.",
    "- Inside <construct>...</construct>, put ONLY the construction payload and nothing else.",
    "- Do not use code fences.",
    ...tokenCapLines(opts).flatMap((line) => ["", line]),
  ]);
}
