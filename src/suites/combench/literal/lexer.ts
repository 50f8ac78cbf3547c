import { PythonLiteralError } from "./error.ts";
import { lexNumber } from "./numbers.ts";
import { isStringPrefix, lexString } from "./strings.ts";

export type Punctuation = "(" | ")" | "[" | "]" | "{" | "}" | "," | ":" | "+" | "-";

export type Token = { readonly start: number } & (
  | { readonly type: "int"; readonly value: bigint }
  | { readonly type: "float"; readonly value: number }
  | { readonly type: "str"; readonly value: string }
  | { readonly type: "name"; readonly text: string }
  | { readonly type: "op"; readonly text: Punctuation }
  | { readonly type: "newline" }
  | { readonly type: "end" }
);

/** CPython's tokenizer refuses more than this many open brackets (MAXLEVEL). */
const MAX_NESTING = 200;

const OPENERS = "([{";
const CLOSERS = ")]}";
const SINGLE_OPS = ",:+-";

/**
 * Tokenizes `text` (newlines already normalized to `\n`) from `from`, following the Python tokenizer where
 * it matters for literals: comments, blank lines, line joining inside brackets and with backslashes,
 * and "unexpected indent" for a line that starts with spaces outside brackets.
 */
export function tokenize(text: string, from: number): Token[] {
  const tokens: Token[] = [];
  const fail = (problem: string, at: number): never => {
    throw new PythonLiteralError(problem, text, at);
  };
  let pos = from;
  let depth = 0;
  let atLineStart = true;
  let lineHasTokens = false;
  const push = (token: Token) => {
    tokens.push(token);
    lineHasTokens = true;
  };

  while (pos < text.length) {
    if (atLineStart && depth === 0) {
      atLineStart = false;
      let column = 0;
      let p = pos;
      for (; p < text.length && " \t\f".includes(text[p] as string); p++) {
        column = text[p] === "\f" ? 0 : column + 1; // a form feed resets the column, as in CPython
      }
      const next = text[p];
      // CPython counts spaces before the end of the text as an indent too ("1\n  " is an error).
      const blank = next === "\n" || next === "#";
      if (column > 0 && !blank) fail("unexpected indent", pos);
      pos = p;
      continue;
    }
    const c = text[pos] as string;
    if (c === " " || c === "\t" || c === "\f") {
      pos++;
    } else if (c === "#") {
      const newline = text.indexOf("\n", pos);
      pos = newline < 0 ? text.length : newline;
    } else if (c === "\n") {
      if (depth === 0) {
        if (lineHasTokens) tokens.push({ type: "newline", start: pos });
        lineHasTokens = false;
        atLineStart = true;
      }
      pos++;
    } else if (c === "\\") {
      if (text[pos + 1] !== "\n") fail("unexpected character after line continuation character", pos);
      if (pos + 2 >= text.length) fail("unexpected end of input after line continuation", pos);
      pos += 2;
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(text[pos + 1] ?? ""))) {
      const lexed = lexNumber(text, pos);
      if (!lexed.ok) fail(lexed.problem, pos);
      else {
        push({ type: lexed.value.kind, value: lexed.value.value, start: pos } as Token);
        pos = lexed.end;
      }
    } else if (c === "'" || c === '"') {
      pos = pushString(pos, pos, "");
    } else if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z0-9_]*/.exec(text.slice(pos, pos + 256))?.[0] ?? "";
      const after = text[pos + word.length];
      if ((after === "'" || after === '"') && isStringPrefix(word))
        pos = pushString(pos, pos + word.length, word);
      else {
        push({ type: "name", text: word, start: pos });
        pos += word.length;
      }
    } else if (OPENERS.includes(c)) {
      if (depth >= MAX_NESTING) fail("too many nested parentheses", pos);
      depth++;
      push({ type: "op", text: c as Punctuation, start: pos++ });
    } else if (CLOSERS.includes(c)) {
      if (depth === 0) fail(`unmatched '${c}'`, pos);
      depth--;
      push({ type: "op", text: c as Punctuation, start: pos++ });
    } else if (SINGLE_OPS.includes(c)) {
      push({ type: "op", text: c as Punctuation, start: pos++ });
    } else if (text.startsWith("...", pos)) {
      fail("Ellipsis (...) is not supported", pos);
    } else {
      fail(`unexpected character ${JSON.stringify(c)}`, pos);
    }
  }
  if (depth > 0) fail("unexpected end of input: a bracket was never closed", pos);
  tokens.push({ type: "end", start: pos });
  return tokens;

  function pushString(start: number, quoteAt: number, prefix: string): number {
    const lexed = lexString(text, start, quoteAt, prefix);
    if (!lexed.ok) return fail(lexed.problem, lexed.at);
    push({ type: "str", value: lexed.value, start });
    return lexed.end;
  }
}
