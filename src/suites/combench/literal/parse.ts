import { PythonLiteralError } from "./error.ts";
import { type Punctuation, type Token, tokenize } from "./lexer.ts";
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
 * Parses what Python's `ast.literal_eval(text)` accepts: ints (as bigint), floats, strs (with implicit
 * concatenation), True/False/None, lists, tuples (with or without parentheses at the top), sets, `set()`,
 * dicts, one sign before a number, comments and line joining. Rejected although Python accepts them, each
 * with a clear message: complex numbers, bytes, Ellipsis and `\N{...}` escapes.
 * Throws PythonLiteralError with the line and column of the problem.
 */
export function parsePythonLiteral(input: string): PyValue {
  const text = input.replace(/\r\n?/g, "\n");
  const nul = text.indexOf("\0");
  if (nul >= 0) throw new PythonLiteralError("the text contains a null byte", text, nul);
  const surrogate = text.search(/[\uD800-\uDFFF]/u);
  if (surrogate >= 0)
    throw new PythonLiteralError("the text contains a lone surrogate (not valid Unicode)", text, surrogate);
  // literal_eval strips leading spaces and tabs before parsing.
  const lead = /^[ \t]*/.exec(text)?.[0].length ?? 0;
  return new Parser(text, tokenize(text, lead)).parseDocument();
}

class Parser {
  private index = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
  ) {}

  parseDocument(): PyValue {
    if (this.peek().type === "end") this.fail("empty input");
    const value = this.parseTopLevel();
    if (this.peek().type === "newline") this.index++;
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
    this.index++;
    const operandStart = this.peek().start;
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
    let value = first;
    for (let token = this.peek(); token.type === "str"; token = this.peek()) {
      value += token.value;
      this.index++;
    }
    return { kind: "str", value };
  }

  private nameValue(name: string, start: number): PyValue {
    if (name === "True" || name === "False") return { kind: "bool", value: name === "True" };
    if (name === "None") return { kind: "none" };
    if (name === "set" && this.isOp("(")) {
      this.index++;
      this.expectOp(")", "set() takes no arguments in a literal");
      return { kind: "set", items: [] };
    }
    return this.fail(`name '${name}' is not a literal`, start);
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
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== "end") this.index++;
    return token;
  }

  private isOp(text: Punctuation): boolean {
    const token = this.peek();
    return token.type === "op" && token.text === text;
  }

  private takeOp(text: Punctuation): boolean {
    if (!this.isOp(text)) return false;
    this.index++;
    return true;
  }

  private expectOp(text: Punctuation, problem: string): void {
    if (!this.takeOp(text)) this.fail(problem);
  }

  private fail(problem: string, at: number = this.peek().start): never {
    throw new PythonLiteralError(problem, this.text, at);
  }
}
