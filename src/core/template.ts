import { clip } from "./clip.ts";
import { InputError } from "./errors.ts";

type Part =
  | { kind: "text"; text: string }
  | { kind: "value"; name: string }
  | { kind: "section"; name: string; whenEmpty: boolean; parts: Part[] };

/** A checked template, ready to fill. */
export interface Template {
  parts: Part[];
}

export interface TemplateRules {
  /** The names a template may use. */
  names: readonly string[];
  /** Names it must show as a value somewhere. */
  required?: readonly string[];
  /** Named in errors (a file path, or what the template is). */
  source: string;
  /** Added to an error's line number: the line of the file the text starts on, less one. */
  lineOffset?: number;
}

/**
 * Reads a template: `{{name}}` is replaced by a value, `{{#name}}…{{/name}}` is kept only when the
 * value is non-empty and `{{^name}}…{{/name}}` only when it is empty (sections nest). Anything else
 * between `{{` and `}}` (an unknown name, an unclosed or mismatched section) is an InputError naming
 * the line and the field. One pass over the text.
 */
export function compileTemplate(text: string, rules: TemplateRules): Template {
  const known = new Set(rules.names);
  const fail = (reason: string, offset: number, field?: string): never => {
    const line = (rules.lineOffset ?? 0) + text.slice(0, offset).split("\n").length;
    throw new InputError(reason, { source: rules.source, line, ...(field === undefined ? {} : { field }) });
  };
  const root: Part[] = [];
  const open: { name: string; parts: Part[]; offset: number }[] = [];
  const current = () => open.at(-1)?.parts ?? root;
  const shown = new Set<string>();
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
    if (!known.has(name)) {
      const list = [...known].sort().join(", ");
      fail(`unknown placeholder {{${clip(tag, 40)}}} (known: ${list})`, start, clip(name, 40));
    }
    if (sigil === "/") {
      const section = open.pop();
      if (section?.name !== name) fail(`{{/${name}}} closes no open {{#${name}}} or {{^${name}}}`, start);
    } else if (sigil === "") {
      shown.add(name);
      current().push({ kind: "value", name });
    } else {
      const parts: Part[] = [];
      current().push({ kind: "section", name, whenEmpty: sigil === "^", parts });
      open.push({ name, parts, offset: start });
    }
    pos = end + 2;
  }
  if (pos < text.length) current().push({ kind: "text", text: text.slice(pos) });
  const unclosed = open.at(-1);
  if (unclosed) fail(`the section {{#${unclosed.name}}} is never closed`, unclosed.offset);
  for (const name of rules.required ?? []) {
    if (!shown.has(name)) fail(`the template never shows {{${name}}}, which it needs`, 0, name);
  }
  return { parts: root };
}

function render(parts: readonly Part[], values: Readonly<Record<string, string>>, out: string[]): void {
  const value = (name: string) => (Object.hasOwn(values, name) ? (values[name] as string) : "");
  for (const part of parts) {
    if (part.kind === "text") out.push(part.text);
    else if (part.kind === "value") out.push(value(part.name));
    else if ((value(part.name) === "") === part.whenEmpty) render(part.parts, values, out);
  }
}

/** The template filled with these values (inserted as they are, never read as template text). */
export function fillTemplate(template: Template, values: Readonly<Record<string, string>>): string {
  const out: string[] = [];
  render(template.parts, values, out);
  return out.join("");
}
