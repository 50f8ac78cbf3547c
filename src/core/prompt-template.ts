import { InputError } from "./errors.ts";
import { readTextFile } from "./jsonl.ts";
import type { AnyTask, Instance, Message, Prompt, PromptOptions } from "./task.ts";

/** The largest template file read. */
export const MAX_TEMPLATE_BYTES = 256 * 1024;
const SECTION = /^===(system|user)===\s*$/;
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * A user's own prompt wording: a user message and optionally a system message, with `{{name}}`
 * placeholders filled from the task's prompt fields. `source` names the file in errors.
 */
export interface PromptTemplate {
  source: string;
  system?: string;
  user: string;
}

/**
 * Reads a template file: plain text is the user message; a line `===system===` or `===user===`
 * starts that message instead. Every placeholder is checked later, against the task's fields.
 */
export function readPromptTemplate(path: string): PromptTemplate {
  return parsePromptTemplate(readTextFile(path, MAX_TEMPLATE_BYTES), path);
}

export function parsePromptTemplate(text: string, source: string): PromptTemplate {
  const lines = text.split(/\r?\n/);
  if (!lines.some((l) => SECTION.test(l))) return { source, user: text };
  const parts: Partial<Record<"system" | "user", string[]>> = {};
  let current: "system" | "user" | null = null;
  lines.forEach((line, i) => {
    const section = SECTION.exec(line)?.[1] as "system" | "user" | undefined;
    if (section) {
      if (parts[section]) throw new InputError(`a second ===${section}=== section`, { source, line: i + 1 });
      parts[section] = [];
      current = section;
    } else if (current) parts[current]?.push(line);
    else if (line.trim() !== "")
      throw new InputError("text before the first ===system=== or ===user=== line", { source, line: i + 1 });
  });
  if (!parts.user) throw new InputError("no ===user=== section", { source });
  const join = (ls: string[]) => ls.join("\n").trim();
  return parts.system
    ? { source, system: join(parts.system), user: join(parts.user) }
    : { source, user: join(parts.user) };
}

/** Line number (1-based) of `offset` in a message of the template. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function fill(text: string, fields: Readonly<Record<string, string>>, source: string, part: string): string {
  return text.replace(PLACEHOLDER, (_whole, name: string, offset: number) => {
    if (Object.hasOwn(fields, name)) return fields[name] as string;
    const known = Object.keys(fields).sort().join(", ");
    throw new InputError(
      `unknown placeholder {{${name}}} (line ${lineOf(text, offset)} of the ${part} message; fields: ${known})`,
      {
        source,
        field: name,
      },
    );
  });
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
    messages.push({ role: "system", content: fill(template.system, fields, template.source, "system") });
  messages.push({ role: "user", content: fill(template.user, fields, template.source, "user") });
  return { ...prompt, messages };
}
