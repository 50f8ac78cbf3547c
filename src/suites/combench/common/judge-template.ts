import { readTextFile } from "../../../core/jsonl.ts";
import { MAX_TEMPLATE_BYTES } from "../../../core/prompt-template.ts";
import { compileTemplate, fillTemplate, type Template } from "../../../core/template.ts";

/** What a judge template can name, each filled with the record's (or the answer's) text, trimmed. */
export const JUDGE_PLACEHOLDERS = {
  problem: "the problem statement (`query`)",
  reference_solution: "the reference solution (`ref_solution`), empty when the record has none",
  reference_answer: "the reference answer (`ref_answer`), empty when the record has none",
  guidelines: "the 0/1/6/7 grading guidelines (`grading_guidelines`)",
  proof: "the proposed solution: the parsed proof section",
} as const;

export type Placeholder = keyof typeof JUDGE_PLACEHOLDERS;
export type JudgeValues = Record<Placeholder, string>;

export const JUDGE_TEMPLATE_VARIABLE = "PLUMB_COMBENCH_JUDGE_TEMPLATE";

/** A checked judge template, ready to fill. */
export type JudgeTemplate = Template;

/**
 * Reads a judge template (see compileTemplate: `{{name}}`, `{{#name}}…{{/name}}`, `{{^name}}…{{/name}}`)
 * over the placeholders above; it must show `{{proof}}`.
 */
export function compileJudgeTemplate(text: string, source = "judge template"): JudgeTemplate {
  return compileTemplate(text, { names: Object.keys(JUDGE_PLACEHOLDERS), required: ["proof"], source });
}

/** The filled template, trimmed; every value is trimmed first. */
export function fillJudgeTemplate(template: JudgeTemplate, values: JudgeValues): string {
  const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
  return fillTemplate(template, trimmed).trim();
}

/** Reads and checks a template file; an InputError names the file (and the line). */
export function readJudgeTemplate(path: string): JudgeTemplate {
  return compileJudgeTemplate(readTextFile(path, MAX_TEMPLATE_BYTES), path);
}

let loaded: { path: string; template: JudgeTemplate } | undefined;

/**
 * The template named by PLUMB_COMBENCH_JUDGE_TEMPLATE (read once per path), or undefined for the
 * built-in one.
 */
export function userJudgeTemplate(
  env: Readonly<Record<string, string | undefined>> = process.env,
): JudgeTemplate | undefined {
  const path = env[JUDGE_TEMPLATE_VARIABLE]?.trim();
  if (!path) return undefined;
  if (loaded?.path !== path) loaded = { path, template: readJudgeTemplate(path) };
  return loaded.template;
}
