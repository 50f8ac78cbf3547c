import { clip } from "../clip.ts";
import { PythonLiteralError } from "./error.ts";
import { Lexer, type Punctuation, type Token } from "./lexer.ts";
import { type PyValue, pyDict, pySet, unhashableType } from "./value.ts";

/** A parsed expression, and whether it is a bare number constant (the only thing a sign may precede). */
interface Parsed {
  value: PyValue;
  isNumber: boolean;
}

interface Located {
  value: PyValue;
  start: number;
}

/**
 * The longest text read, in UTF-16 code units (8 MiB): eight times a 1 MB model response, room for the
 * canonical literal a sandbox prints for a payload that builds its value with code, while the worst
 * literal of this size parses in one to two seconds within about 300 MB. Python has no such limit.
 */
export const MAX_LITERAL_LENGTH = 8 * 1024 * 1024;

/**
 * The most values one literal may hold, counting every scalar and container (2^20): a 1000 × 1000 grid
 * fits, and parsing the largest literal stays near 200 MB of memory (the text cap alone would allow four
 * million values). Python has no such limit.
 */
export const MAX_LITERAL_VALUES = 1024 * 1024;

/**
 * Parses what Python's `ast.literal_eval(text)` accepts: ints (as bigint), floats, strs (with implicit
 * concatenation), True/False/None, lists, tuples (with or without parentheses at the top), sets, `set()`,
 * dicts, one sign before a number, comments and line joining. Rejected although Python accepts them, each
 * with a clear message: complex numbers, bytes, Ellipsis, `\N{...}` escapes, texts longer than
 * MAX_LITERAL_LENGTH and values with more than MAX_LITERAL_VALUES parts. Time and memory are linear in
 * the text's length; nesting is bounded as in CPython (200 brackets), so recursion stays shallow.
 * Throws PythonLiteralError with the line and column of the problem.
 */
export function parsePythonLiteral(input: string): PyValue {
  if (input.length > MAX_LITERAL_LENGTH) {
    const problem = `the text is ${input.length} characters long; the limit is ${MAX_LITERAL_LENGTH}`;
    throw new PythonLiteralError(problem, input, 0);
  }
  const text = input.replace(/\r\n?/g, "\n");
  const nul = text.indexOf("\0");
  if (nul >= 0) throw new PythonLiteralError("the text contains a null byte", text, nul);
  const surrogate = text.search(/[\uD800-\uDFFF]/u);
  if (surrogate >= 0)
    throw new PythonLiteralError("the text contains a lone surrogate (not valid Unicode)", text, surrogate);
  // literal_eval strips leading spaces and tabs before parsing.
  const lead = /^[ \t]*/.exec(text)?.[0].length ?? 0;
  return new Parser(text, new Lexer(text, lead)).parseDocument();
}

class Parser {
  private values = 0;

  constructor(
    private readonly text: string,
    private readonly lexer: Lexer,
  ) {}

  parseDocument(): PyValue {
    if (this.peek().type === "end") this.fail("empty input");
    const value = this.parseTopLevel();
    if (this.peek().type === "newline") this.lexer.advance();
    if (this.peek().type !== "end") this.fail("unexpected text after the literal");
    return value;
  }

  /** `a`, or `a, b, ...`: eval mode reads a bare comma-separated list as a tuple. */
  private parseTopLevel(): PyValue {
    const first = this.parseExpression();
    if (!this.isOp(",")) return first.value;
    const items = [first.value];
    while (this.takeOp(",")) {
      const next = this.peek().type;
      if (next === "end" || next === "newline") break;
      items.push(this.parseExpression().value);
    }
    return { kind: "tuple", items };
  }

  private parseExpression(): Parsed {
    const parsed = this.parseFactor();
    if (this.isOp("+") || this.isOp("-")) this.fail("arithmetic is not a literal");
    return parsed;
  }

  private parseFactor(): Parsed {
    const token = this.peek();
    if (token.type !== "op" || (token.text !== "-" && token.text !== "+")) return this.parseAtom();
    this.lexer.advance();
    const operandStart = this.peek().start;
    // A signed operand is never a bare number: fail before recursing, so a long run of signs cannot
    // exhaust the stack.
    if (this.isOp("-") || this.isOp("+")) this.fail("a sign may only precede a number", operandStart);
    const operand = this.parseFactor();
    if (!operand.isNumber) this.fail("a sign may only precede a number", operandStart);
    const value = operand.value;
    if (token.text === "+") return { value, isNumber: false };
    if (value.kind === "int") return { value: { kind: "int", value: -value.value }, isNumber: false };
    if (value.kind === "float") return { value: { kind: "float", value: -value.value }, isNumber: false };
    return this.fail("a sign may only precede a number", operandStart);
  }

  private parseAtom(): Parsed {
    const token = this.next();
    if (++this.values > MAX_LITERAL_VALUES) {
      this.fail(`the literal holds more than ${MAX_LITERAL_VALUES} values`, token.start);
    }
    switch (token.type) {
      case "int":
      case "float":
        return { value: { kind: token.type, value: token.value } as PyValue, isNumber: true };
      case "str":
        return { value: this.continueString(token.value), isNumber: false };
      case "name":
        return { value: this.nameValue(token.text, token.start), isNumber: false };
      case "op":
        return this.parseBracketed(token.text, token.start);
      default:
        return this.fail("expected a value", token.start);
    }
  }

  private continueString(first: string): PyValue {
    const parts = [first];
    for (let token = this.peek(); token.type === "str"; token = this.peek()) {
      parts.push(token.value);
      this.lexer.advance();
    }
    return { kind: "str", value: parts.join("") };
  }

  private nameValue(name: string, start: number): PyValue {
    if (name === "True" || name === "False") return { kind: "bool", value: name === "True" };
    if (name === "None") return { kind: "none" };
    if (name === "set" && this.isOp("(")) {
      this.lexer.advance();
      this.expectOp(")", "set() takes no arguments in a literal");
      return { kind: "set", items: [] };
    }
    return this.fail(`name '${clip(name, 40)}' is not a literal`, start);
  }

  private parseBracketed(opener: Punctuation, start: number): Parsed {
    if (opener === "(") {
      if (this.takeOp(")")) return { value: { kind: "tuple", items: [] }, isNumber: false };
      const first = this.parseExpression();
      if (this.takeOp(")")) return first;
      if (!this.isOp(",")) this.fail("expected ',' or ')'");
      const tuple = this.parseTupleRest(first.value);
      return { value: tuple, isNumber: false };
    }
    if (opener === "[") {
      return {
        value: { kind: "list", items: this.parseItems("]").map((item) => item.value) },
        isNumber: false,
      };
    }
    if (opener === "{") return { value: this.parseBraces(), isNumber: false };
    return this.fail(`expected a value, not '${opener}'`, start);
  }

  private parseTupleRest(first: PyValue): PyValue {
    const items = [first];
    while (this.takeOp(",")) {
      if (this.isOp(")")) break;
      items.push(this.parseExpression().value);
    }
    this.expectOp(")", "expected ',' or ')'");
    return { kind: "tuple", items };
  }

  /** Comma-separated values up to `closer`, a trailing comma allowed; the opener (and `first`) already read. */
  private parseItems(closer: "]" | "}", first?: Located): Located[] {
    const items = first === undefined ? [] : [first];
    if (first !== undefined && !this.takeOp(",")) {
      this.expectOp(closer, `expected ',' or '${closer}'`);
      return items;
    }
    while (!this.takeOp(closer)) {
      items.push(this.parseLocated());
      if (!this.takeOp(",")) {
        this.expectOp(closer, `expected ',' or '${closer}'`);
        break;
      }
    }
    return items;
  }

  private parseBraces(): PyValue {
    if (this.takeOp("}")) return { kind: "dict", entries: [] };
    const first = this.parseLocated();
    if (!this.takeOp(":")) return pySet(this.parseItems("}", first).map((item) => this.hashable(item)));
    const entries: [PyValue, PyValue][] = [[this.hashable(first), this.parseExpression().value]];
    while (this.takeOp(",")) {
      if (this.takeOp("}")) return pyDict(entries);
      const key = this.parseLocated();
      this.expectOp(":", "expected ':' after a dictionary key");
      entries.push([this.hashable(key), this.parseExpression().value]);
    }
    this.expectOp("}", "expected ',' or '}'");
    return pyDict(entries);
  }

  private parseLocated(): Located {
    const start = this.peek().start;
    return { value: this.parseExpression().value, start };
  }

  private hashable({ value, start }: Located): PyValue {
    const unhashable = unhashableType(value);
    if (unhashable !== undefined) this.fail(`unhashable type: '${unhashable}'`, start);
    return value;
  }

  private peek(): Token {
    return this.lexer.peek();
  }

  private next(): Token {
    const token = this.peek();
    this.lexer.advance();
    return token;
  }

  private isOp(text: Punctuation): boolean {
    const token = this.peek();
    return token.type === "op" && token.text === text;
  }

  private takeOp(text: Punctuation): boolean {
    if (!this.isOp(text)) return false;
    this.lexer.advance();
    return true;
  }

  private expectOp(text: Punctuation, problem: string): void {
    if (!this.takeOp(text)) this.fail(problem);
  }

  private fail(problem: string, at: number = this.peek().start): never {
    throw new PythonLiteralError(problem, this.text, at);
  }
}
