import { readFileSync, statSync } from "node:fs";
import type { ZodType } from "zod";
import { fromZodError, InputError } from "./errors.ts";

export interface JsonlLine {
  line: number;
  value: unknown;
}

/**
 * Parses JSONL text. Blank lines are skipped. A line that is not JSON becomes an InputError
 * naming its line number; `onError: "throw"` stops at the first, `"collect"` gathers them all
 * so a command can report every bad line and go on with the good ones.
 */
export function parseJsonl(text: string, source?: string): { lines: JsonlLine[]; errors: InputError[] } {
  const lines: JsonlLine[] = [];
  const errors: InputError[] = [];
  const rows = text.split("\n");
  for (let i = 0; i < rows.length; i++) {
    const raw = (rows[i] ?? "").trim();
    if (raw === "") continue;
    try {
      lines.push({ line: i + 1, value: JSON.parse(raw) as unknown });
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      errors.push(new InputError(`not valid JSON (${why})`, { line: i + 1, source }));
    }
  }
  return { lines, errors };
}

/**
 * A text file's contents; a missing or unreadable file, or one over `maxBytes`, is an InputError
 * naming it.
 */
export function readTextFile(path: string, maxBytes?: number): string {
  try {
    if (maxBytes !== undefined) {
      const size = statSync(path).size;
      if (size > maxBytes)
        throw new InputError(`${size} bytes, over the ${maxBytes} read here`, { source: path });
    }
    return readFileSync(path, "utf8");
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(code === "ENOENT" ? "file not found" : `cannot read (${code ?? String(e)})`, {
      source: path,
    });
  }
}

/** A JSON file's value; a missing file or invalid JSON is an InputError naming it. */
export function readJsonFile(path: string): unknown {
  const text = readTextFile(path);
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new InputError(`not valid JSON (${e instanceof Error ? e.message : String(e)})`, { source: path });
  }
}

export function readJsonlFile(path: string): { lines: JsonlLine[]; errors: InputError[] } {
  return parseJsonl(readTextFile(path), path);
}

/** Validates one parsed line against a schema; the error names the line and the field. */
export function validateLine<T>(schema: ZodType<T>, entry: JsonlLine, source?: string): T {
  const result = schema.safeParse(entry.value);
  if (!result.success) throw fromZodError(result.error).withLocation({ line: entry.line, source });
  return result.data;
}

/** One JSON value per line, keys in insertion order, no trailing spaces. */
export function toJsonl(values: Iterable<unknown>): string {
  let out = "";
  for (const v of values) out += `${JSON.stringify(v)}\n`;
  return out;
}
