import { clip } from "../../../core/clip.ts";
import { InputError } from "../../../core/errors.ts";
import { readTextFile } from "../../../core/jsonl.ts";
import { MAX_TEMPLATE_BYTES } from "../../../core/prompt-template.ts";

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

type Part =
  | { kind: "text"; text: string }
  | { kind: "value"; name: Placeholder }
  | { kind: "section"; name: Placeholder; whenEmpty: boolean; parts: Part[] };

/** A checked template, ready to fill. */
export interface JudgeTemplate {
  parts: Part[];
}

const isPlaceholder = (name: string): name is Placeholder => Object.hasOwn(JUDGE_PLACEHOLDERS, name);

const lineAt = (text: string, offset: number) => text.slice(0, offset).split("\n").length;

/**
 * Reads a template: `{{name}}` is replaced by a value, `{{#name}}…{{/name}}` is kept only when the value
 * is non-empty and `{{^name}}…{{/name}}` only when it is empty (sections nest). Anything else between
 * `{{` and `}}` — an unknown name, an unclosed or mismatched section — is an InputError naming the line.
 * One pass over the text.
 */
export function compileJudgeTemplate(text: string, source = "judge template"): JudgeTemplate {
  const fail = (reason: string, offset: number) => {
    throw new InputError(reason, { source, line: lineAt(text, offset) });
  };
  const root: Part[] = [];
  const open: { name: Placeholder; parts: Part[]; offset: number }[] = [];
  const current = () => open.at(-1)?.parts ?? root;
  let seenProof = false;
  let pos = 0;
  while (pos < text.length) {
    const start = text.indexOf("{{", pos);
    if (start < 0) break;
    if (start > pos) current().push({ kind: "text", text: text.slice(pos, start) });
    const end = text.indexOf("}}", start + 2);
    if (end < 0) fail("a `{{` without its closing `}}`", start);
    const tag = text.slice(start + 2, end).trim();
    const sigil = tag[0] === "#" || tag[0] === "^" || tag[0] === "/" ? tag[0] : "";
    const name = tag.slice(sigil.length).trim();
    if (!isPlaceholder(name)) {
      fail(
        `unknown placeholder {{${clip(tag, 40)}}} (known: ${Object.keys(JUDGE_PLACEHOLDERS).join(", ")})`,
        start,
      );
    }
    const known = name as Placeholder;
    if (sigil === "/") {
      const section = open.pop();
      if (section?.name !== known) fail(`{{/${known}}} closes no open {{#${known}}} or {{^${known}}}`, start);
    } else if (sigil === "") {
      if (known === "proof") seenProof = true;
      current().push({ kind: "value", name: known });
    } else {
      const parts: Part[] = [];
      current().push({ kind: "section", name: known, whenEmpty: sigil === "^", parts });
      open.push({ name: known, parts, offset: start });
    }
    pos = end + 2;
  }
  if (pos < text.length) current().push({ kind: "text", text: text.slice(pos) });
  const unclosed = open.at(-1);
  if (unclosed) fail(`the section {{#${unclosed.name}}} is never closed`, unclosed.offset);
  if (!seenProof) fail("the template never shows the proof: it needs {{proof}}", 0);
  return { parts: root };
}

function render(parts: readonly Part[], values: JudgeValues, out: string[]): void {
  for (const part of parts) {
    if (part.kind === "text") out.push(part.text);
    else if (part.kind === "value") out.push(values[part.name]);
    else if ((values[part.name] === "") === part.whenEmpty) render(part.parts, values, out);
  }
}

/** The filled template, trimmed; every value is trimmed first. */
export function fillJudgeTemplate(template: JudgeTemplate, values: JudgeValues): string {
  const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as JudgeValues;
  const out: string[] = [];
  render(template.parts, trimmed, out);
  return out.join("").trim();
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
