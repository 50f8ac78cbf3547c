import type { z } from "zod";
import { clip } from "../../../core/clip.ts";
import { afterLastFinal, finalReply } from "../../../core/replies.ts";
import { isParseFailure, ParseFailure } from "../../../core/verdict.ts";
import { describeValue } from "./describe.ts";

/** Argument names of each action, in call order: `place(red, [[0,0,0]])` → {action, piece, cells}. */
export type ActionSignatures = Readonly<Record<string, readonly string[]>>;

/** The longest action read after `Final:`; a real one is a few hundred characters at most. */
export const MAX_ACTION_CHARS = 10_000;

/**
 * Reads one action from a reply: the text after the last `Final:` (or the last non-empty line),
 * written either as a JSON object with an "action" field or as a call such as
 * `place(red, [[0,0,0],[1,0,0]])`, `move(red, x, -2)` or `state()`. Bare words become strings.
 * The result still has to pass the environment's action schema. Linear in the reply's length;
 * action names are looked up as own properties of `signatures` only.
 */
/**
 * readAction, then the environment's action schema; a refusal names the value, the first field at
 * fault and what the environment expects.
 */
export function readSchemaAction<T>(
  text: string,
  signatures: ActionSignatures,
  schema: z.ZodType<T>,
  expected: string,
): T | ParseFailure {
  const raw = readAction(text, signatures);
  if (isParseFailure(raw)) return raw;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return new ParseFailure(
    `bad action ${describeValue(raw)}: ${clip(issue?.path.join(".") || "action", 120)}: ${clip(issue?.message ?? "invalid", 120)}; ${expected}`,
  );
}

export function readAction(
  text: string,
  signatures: ActionSignatures,
): Record<string, unknown> | ParseFailure {
  const body = actionText(text);
  if (body === "") return new ParseFailure("empty reply: expected a last line `Final: <action>`");
  if (body.length > MAX_ACTION_CHARS) {
    return new ParseFailure(
      `the action is ${body.length} characters long; at most ${MAX_ACTION_CHARS} are read`,
    );
  }
  const names = Object.keys(signatures).join(", ");
  if (body.startsWith("{")) {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (e) {
      return new ParseFailure(
        `the action is not valid JSON (${clip((e as Error).message, 120)}): ${clip(body, 120)}`,
      );
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return new ParseFailure('the action must be a JSON object with an "action" field');
    }
    const action = Object.hasOwn(value, "action") ? (value as { action: unknown }).action : undefined;
    if (typeof action !== "string" || !Object.hasOwn(signatures, action)) {
      return new ParseFailure(
        `unknown action ${clip(JSON.stringify(action) ?? "", 120)}: expected one of ${names}`,
      );
    }
    return value as Record<string, unknown>;
  }
  const call = /^([A-Za-z_]\w*)\s*\(([\s\S]*)\)$/.exec(body);
  if (!call) {
    return new ParseFailure(
      `could not read an action from "${clip(body, 120)}": expected a call such as ${Object.keys(signatures)[0]}(…) or a JSON object`,
    );
  }
  const name = (call[1] as string).toLowerCase();
  if (!Object.hasOwn(signatures, name)) {
    return new ParseFailure(`unknown action "${clip(name, 120)}": expected one of ${names}`);
  }
  const argNames = signatures[name] as readonly string[];
  const argsText = (call[2] as string).trim();
  const args = readArguments(argsText);
  if (args === undefined)
    return new ParseFailure(`could not read the arguments of ${name}(${clip(argsText, 120)})`);
  if (args.length !== argNames.length) {
    return new ParseFailure(
      `${name} takes ${argNames.length} argument${argNames.length === 1 ? "" : "s"} (${argNames.join(", ")}), got ${args.length}`,
    );
  }
  const out: Record<string, unknown> = { action: name };
  argNames.forEach((a, i) => {
    out[a] = args[i];
  });
  return out;
}

/** The text after the last `Final:` (any case), else the last non-empty line, without decoration. */
function actionText(text: string): string {
  let body = afterLastFinal(text) ?? lastLine(text);
  body = body.trim();
  const fence = /^```(?:json)?/i.exec(body);
  if (fence) body = body.slice(fence[0].length);
  let from = 0;
  let to = body.length;
  while (from < to && /[\s`*]/.test(body[from] as string)) from++;
  while (to > from && /[\s`*.;]/.test(body[to - 1] as string)) to--;
  return body.slice(from, to);
}

function lastLine(text: string): string {
  for (let end = text.length; end > 0; ) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(start, end).trim();
    if (line !== "" && !line.startsWith("```")) return line;
    end = start - 1;
  }
  return "";
}

const WORD_START = /[A-Za-z_]/;
const WORD_CHAR = /[\w-]/;
const BEFORE_WORD = /[\w".]/;

/**
 * A call's arguments read as a JSON list in which bare words (red, -x, blue2) stand for strings:
 * one scan quotes each bare word outside strings (true, false and null stay), then one JSON.parse.
 * Undefined when the arguments do not read.
 */
function readArguments(argsText: string): unknown[] | undefined {
  if (argsText === "") return [];
  const parts: string[] = [];
  let copied = 0;
  let i = 0;
  while (i < argsText.length) {
    const ch = argsText[i] as string;
    if (ch === '"') {
      i++;
      while (i < argsText.length && argsText[i] !== '"') i += argsText[i] === "\\" ? 2 : 1;
      i++;
      continue;
    }
    const signed = (ch === "+" || ch === "-") && WORD_START.test(argsText[i + 1] ?? "");
    const before = argsText[i - 1] ?? "";
    if ((signed || WORD_START.test(ch)) && !BEFORE_WORD.test(before)) {
      let end = i + 1;
      while (end < argsText.length && WORD_CHAR.test(argsText[end] as string)) end++;
      const word = argsText.slice(i, end);
      const next = argsText[end] ?? "";
      if (next !== '"' && next !== "(" && word !== "true" && word !== "false" && word !== "null") {
        parts.push(argsText.slice(copied, i), JSON.stringify(word));
        copied = end;
      }
      i = end;
      continue;
    }
    i++;
  }
  parts.push(argsText.slice(copied));
  try {
    const value: unknown = JSON.parse(`[${parts.join("")}]`);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The `Final:` line that `readAction` reads back, for the oracle and for history. */
export function formatAction(action: Record<string, unknown>): string {
  return finalReply(action);
}
