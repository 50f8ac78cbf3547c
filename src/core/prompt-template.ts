import { InputError } from "./errors.ts";
import { readTextFile } from "./jsonl.ts";
import type {
  AnyTask,
  Instance,
  Message,
  Prompt,
  PromptOptions,
  PromptTemplate,
  TemplateMessage,
} from "./task.ts";
import { compileTemplate, fillTemplate } from "./template.ts";

/** The largest template file read. */
export const MAX_TEMPLATE_BYTES = 256 * 1024;
const SECTION = /^===(system|user)===\s*$/;

/**
 * Reads a template file: plain text is the user message; a line `===system===` or `===user===`
 * starts that message instead. Every placeholder is checked later, against the task's fields.
 */
export function readPromptTemplate(path: string): PromptTemplate {
  return parsePromptTemplate(readTextFile(path, MAX_TEMPLATE_BYTES), path);
}

export function parsePromptTemplate(text: string, source: string): PromptTemplate {
  const lines = text.split(/\r?\n/);
  if (!lines.some((l) => SECTION.test(l))) return { source, user: { text, line: 1 } };
  const parts: Partial<Record<"system" | "user", { lines: string[]; line: number }>> = {};
  let current: "system" | "user" | null = null;
  lines.forEach((line, i) => {
    const section = SECTION.exec(line)?.[1] as "system" | "user" | undefined;
    if (section) {
      if (parts[section]) throw new InputError(`a second ===${section}=== section`, { source, line: i + 1 });
      parts[section] = { lines: [], line: i + 2 };
      current = section;
    } else if (current) parts[current]?.lines.push(line);
    else if (line.trim() !== "")
      throw new InputError("text before the first ===system=== or ===user=== line", { source, line: i + 1 });
  });
  if (!parts.user) throw new InputError("no ===user=== section", { source });
  const message = (p: { lines: string[]; line: number }) => ({ text: p.lines.join("\n"), line: p.line });
  return parts.system
    ? { source, system: message(parts.system), user: message(parts.user) }
    : { source, user: message(parts.user) };
}

function fill(message: TemplateMessage, fields: Readonly<Record<string, string>>, source: string): string {
  const rules = { names: Object.keys(fields), source, lineOffset: message.line - 1 };
  return fillTemplate(compileTemplate(message.text, rules), fields).trim();
}

function textOf(messages: readonly Message[], role: Message["role"]): string {
  return messages
    .filter((m) => m.role === role)
    .map((m) => m.content)
    .join("\n\n");
}

/**
 * The task's prompt, or with `opts.template` the template filled from the task's fields plus
 * `id`, `prompt` (the task's own user message) and `system` (its system message). Images and the
 * output schema stay the task's.
 */
export function buildPrompt(task: AnyTask, inst: Instance, opts: PromptOptions = {}): Prompt {
  const { template, ...own } = opts;
  const prompt = task.prompt(inst, own);
  if (!template) return prompt;
  const fields: Record<string, string> = {
    ...task.promptFields?.(inst),
    id: inst.id,
    prompt: textOf(prompt.messages, "user"),
    system: textOf(prompt.messages, "system"),
  };
  const messages: Message[] = [];
  if (template.system !== undefined)
    messages.push({ role: "system", content: fill(template.system, fields, template.source) });
  messages.push({ role: "user", content: fill(template.user, fields, template.source) });
  return { ...prompt, messages };
}
