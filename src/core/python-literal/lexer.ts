import { PythonLiteralError } from "./error.ts";
import { isDigit, lexNumber } from "./numbers.ts";
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
const WORD = /[A-Za-z0-9_]*/y;

const isLetter = (c: string) => (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_";

/**
 * Tokens of `text` (newlines already normalized to `\n`) from `from`, read one at a time as the parser
 * asks for them, following the Python tokenizer where it matters for literals: comments, blank lines,
 * line joining inside brackets and with backslashes, and "unexpected indent" for a line that starts with
 * spaces outside brackets.
 */
export class Lexer {
  private pos: number;
  private depth = 0;
  private atLineStart = true;
  private lineHasTokens = false;
  private lookahead: Token | undefined;

  constructor(
    private readonly text: string,
    from: number,
  ) {
    this.pos = from;
  }

  /** The next token, not consumed. */
  peek(): Token {
    this.lookahead ??= this.read();
    return this.lookahead;
  }

  /** Consumes the next token (the end token stays). */
  advance(): void {
    if (this.peek().type !== "end") this.lookahead = undefined;
  }

  private fail(problem: string, at: number): never {
    throw new PythonLiteralError(problem, this.text, at);
  }

  private token(token: Token): Token {
    this.lineHasTokens = true;
    return token;
  }

  private read(): Token {
    const text = this.text;
    while (this.pos < text.length) {
      const pos = this.pos;
      if (this.atLineStart && this.depth === 0) {
        this.skipIndent();
        continue;
      }
      const c = text[pos] as string;
      if (c === " " || c === "\t" || c === "\f") {
        this.pos++;
      } else if (c === "#") {
        const newline = text.indexOf("\n", pos);
        this.pos = newline < 0 ? text.length : newline;
      } else if (c === "\n") {
        this.pos++;
        if (this.depth > 0) continue;
        this.atLineStart = true;
        if (!this.lineHasTokens) continue;
        this.lineHasTokens = false;
        return { type: "newline", start: pos };
      } else if (c === "\\") {
        if (text[pos + 1] !== "\n") this.fail("unexpected character after line continuation character", pos);
        if (pos + 2 >= text.length) this.fail("unexpected end of input after line continuation", pos);
        this.pos += 2;
      } else if (isDigit(c) || (c === "." && isDigit(text[pos + 1]))) {
        const lexed = lexNumber(text, pos);
        if (!lexed.ok) this.fail(lexed.problem, pos);
        this.pos = lexed.end;
        const { kind, value } = lexed.value;
        return this.token(
          kind === "int" ? { type: kind, value, start: pos } : { type: kind, value, start: pos },
        );
      } else if (c === "'" || c === '"') {
        return this.string(pos, pos, "");
      } else if (isLetter(c)) {
        WORD.lastIndex = pos;
        const word = WORD.exec(text)?.[0] ?? "";
        const after = text[pos + word.length];
        if ((after === "'" || after === '"') && isStringPrefix(word))
          return this.string(pos, pos + word.length, word);
        this.pos += word.length;
        return this.token({ type: "name", text: word, start: pos });
      } else if (OPENERS.includes(c)) {
        if (this.depth >= MAX_NESTING) this.fail("too many nested parentheses", pos);
        this.depth++;
        this.pos++;
        return this.token({ type: "op", text: c as Punctuation, start: pos });
      } else if (CLOSERS.includes(c)) {
        if (this.depth === 0) this.fail(`unmatched '${c}'`, pos);
        this.depth--;
        this.pos++;
        return this.token({ type: "op", text: c as Punctuation, start: pos });
      } else if (SINGLE_OPS.includes(c)) {
        this.pos++;
        return this.token({ type: "op", text: c as Punctuation, start: pos });
      } else if (text.startsWith("...", pos)) {
        this.fail("Ellipsis (...) is not supported", pos);
      } else {
        this.fail(`unexpected character ${JSON.stringify(c)}`, pos);
      }
    }
    if (this.depth > 0) this.fail("unexpected end of input: a bracket was never closed", this.pos);
    return { type: "end", start: this.pos };
  }

  /** Skips the indentation of a line outside brackets, which must be empty unless the line is blank. */
  private skipIndent(): void {
    const text = this.text;
    this.atLineStart = false;
    let column = 0;
    let p = this.pos;
    for (; p < text.length && (text[p] === " " || text[p] === "\t" || text[p] === "\f"); p++) {
      column = text[p] === "\f" ? 0 : column + 1; // a form feed resets the column, as in CPython
    }
    const next = text[p];
    // CPython counts spaces before the end of the text as an indent too ("1\n  " is an error).
    const blank = next === "\n" || next === "#";
    if (column > 0 && !blank) this.fail("unexpected indent", this.pos);
    this.pos = p;
  }

  private string(start: number, quoteAt: number, prefix: string): Token {
    const lexed = lexString(this.text, start, quoteAt, prefix);
    if (!lexed.ok) this.fail(lexed.problem, lexed.at);
    this.pos = lexed.end;
    return this.token({ type: "str", value: lexed.value, start });
  }
}
