import type { ZodType } from "zod";
import { ParseFailure } from "./verdict.ts";

/**
 * Reads a JSON answer from model text: the whole text when it is JSON (structured output), else
 * the last fenced ```json block, else the last balanced {...} or [...] in the text. The value
 * must then match the task's answer schema; anything else is a parse failure naming the field.
 */
export function parseJsonAnswer<T>(text: string, schema: ZodType<T>): T | ParseFailure {
  const value = findJson(text);
  if (value === undefined) return new ParseFailure("no JSON answer found in the reply");
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("") ?? "";
    return new ParseFailure(`answer${field}: ${issue?.message ?? "does not match the answer format"}`);
  }
  return parsed.data;
}

function tryJson(s: string): unknown {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return undefined;
  }
}

function findJson(text: string): unknown {
  const whole = tryJson(text.trim());
  if (whole !== undefined) return whole;
  const fences = [...text.matchAll(/```(?:json)?\s*\n([\s\S]*?)```/g)];
  for (let i = fences.length - 1; i >= 0; i--) {
    const v = tryJson((fences[i]?.[1] ?? "").trim());
    if (v !== undefined) return v;
  }
  // The last balanced object or array that parses, scanning closers from the end.
  for (let end = text.length - 1; end >= 0; end--) {
    const close = text[end];
    if (close !== "}" && close !== "]") continue;
    const open = close === "}" ? "{" : "[";
    let depth = 0;
    for (let start = end; start >= 0; start--) {
      const ch = text[start];
      if (ch === close) depth++;
      else if (ch === open && --depth === 0) {
        const v = tryJson(text.slice(start, end + 1));
        if (v !== undefined) return v;
        break;
      }
    }
  }
  return undefined;
}
