import { describe, expect, it } from "vitest";
import { junkTexts } from "../../../test/support/hostile.ts";
import { PythonLiteralError } from "./error.ts";
import { MAX_LITERAL_LENGTH, MAX_LITERAL_VALUES, parsePythonLiteral } from "./parse.ts";
import type { PyValue } from "./value.ts";

const int = (value: bigint): PyValue => ({ kind: "int", value });
const str = (value: string): PyValue => ({ kind: "str", value });

describe("parsePythonLiteral", () => {
  it("reads ints as bigints in every base, with underscores and signs", () => {
    expect(parsePythonLiteral("123456789012345678901234567890")).toEqual(
      int(123456789012345678901234567890n),
    );
    expect(parsePythonLiteral("0x_FF")).toEqual(int(255n));
    expect(parsePythonLiteral("0O17")).toEqual(int(15n));
    expect(parsePythonLiteral("0b1_01")).toEqual(int(5n));
    expect(parsePythonLiteral("1_000")).toEqual(int(1000n));
    expect(parsePythonLiteral("- 7")).toEqual(int(-7n));
    expect(parsePythonLiteral("-(7)")).toEqual(int(-7n));
    expect(parsePythonLiteral("+0")).toEqual(int(0n));
  });

  it("reads floats, including overflow to infinity", () => {
    expect(parsePythonLiteral("1.5e3")).toEqual({ kind: "float", value: 1500 });
    expect(parsePythonLiteral(".5")).toEqual({ kind: "float", value: 0.5 });
    expect(parsePythonLiteral("5.")).toEqual({ kind: "float", value: 5 });
    expect(parsePythonLiteral("-1e400")).toEqual({ kind: "float", value: Number.NEGATIVE_INFINITY });
  });

  it("reads strings with escapes, raw prefixes, triple quotes and implicit concatenation", () => {
    expect(parsePythonLiteral(String.raw`'a\tb\x41\101\u00e9\U0001F600\q'`)).toEqual(str("a\tbAAé😀\\q"));
    expect(parsePythonLiteral(String.raw`r'\n\''`)).toEqual(str(String.raw`\n\'`));
    expect(parsePythonLiteral("'''two\nlines'''")).toEqual(str("two\nlines"));
    expect(parsePythonLiteral(`"a" 'b' u"c"`)).toEqual(str("abc"));
    expect(parsePythonLiteral("'joined \\\nline'")).toEqual(str("joined line"));
  });

  it("reads containers, tuples with and without parentheses, and set()", () => {
    expect(parsePythonLiteral("()")).toEqual({ kind: "tuple", items: [] });
    expect(parsePythonLiteral("(1,)")).toEqual({ kind: "tuple", items: [int(1n)] });
    expect(parsePythonLiteral("(1)")).toEqual(int(1n));
    expect(parsePythonLiteral("1, 2,")).toEqual({ kind: "tuple", items: [int(1n), int(2n)] });
    expect(parsePythonLiteral("set ( )")).toEqual({ kind: "set", items: [] });
    expect(parsePythonLiteral("[True, None,]")).toEqual({
      kind: "list",
      items: [{ kind: "bool", value: true }, { kind: "none" }],
    });
    expect(parsePythonLiteral("{(1, 2): 'x', 3: [4]}")).toEqual({
      kind: "dict",
      entries: [
        [{ kind: "tuple", items: [int(1n), int(2n)] }, str("x")],
        [int(3n), { kind: "list", items: [int(4n)] }],
      ],
    });
  });

  it("merges equal set items and dict keys the way Python does", () => {
    expect(parsePythonLiteral("{1, 1.0, True, 2}")).toEqual({ kind: "set", items: [int(1n), int(2n)] });
    expect(parsePythonLiteral("{1: 'a', True: 'b', 1.0: 'c'}")).toEqual({
      kind: "dict",
      entries: [[int(1n), str("c")]],
    });
  });

  it("allows comments, blank lines and line joining, as the Python tokenizer does", () => {
    expect(parsePythonLiteral("# witness\n\n[1, # one\n 2]  # done\n")).toEqual({
      kind: "list",
      items: [int(1n), int(2n)],
    });
    expect(parsePythonLiteral(" \t[1,\r\n2]\r\n")).toEqual({ kind: "list", items: [int(1n), int(2n)] });
  });

  it.each([
    ["", "empty input"],
    ["[1, 2", "never closed"],
    ["[1,,2]", "expected a value"],
    ["01", "invalid number literal"],
    ["1__0", "invalid number literal"],
    ["--1", "a sign may only precede a number"],
    ["-True", "a sign may only precede a number"],
    ["1 + 2", "arithmetic is not a literal"],
    ["nan", "name 'nan' is not a literal"],
    ["inf", "name 'inf' is not a literal"],
    ["set([1])", "set() takes no arguments"],
    ["{[1]: 2}", "unhashable type: 'list'"],
    ["{(1, {2})}", "unhashable type: 'set'"],
    ["'abc", "unterminated string literal"],
    ["'a\nb'", "unterminated string literal"],
    ["'\\x4'", "truncated \\x escape"],
    ["b'x'", "bytes literals are not supported"],
    ["f'x'", "f-strings are not literals"],
    ["1j", "complex numbers are not supported"],
    ["...", "Ellipsis"],
    ["'\\N{DASH}'", "\\N{...} escapes are not supported"],
    ["1\n 2", "unexpected indent"],
    ["1\n2", "unexpected text after the literal"],
    ["[1] ;", "unexpected character"],
    ["'a\0'", "null byte"],
    ["1".repeat(4301), "more than 4300 digits"],
    ["[".repeat(201) + "]".repeat(201), "too many nested parentheses"],
  ])("rejects %j: %s", (text, problem) => {
    expect(() => parsePythonLiteral(text)).toThrow(PythonLiteralError);
    expect(() => parsePythonLiteral(text)).toThrow(problem);
  });

  it("reports the line and column of the problem", () => {
    try {
      parsePythonLiteral("[\n  1,\n  x]");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PythonLiteralError);
      const e = error as PythonLiteralError;
      expect([e.lineNumber, e.column]).toEqual([3, 3]);
      expect(e.message).toBe("invalid Python literal at line 3, column 3: name 'x' is not a literal");
    }
  });
});

describe("parsePythonLiteral on hostile text", () => {
  const refusal = (text: string) => {
    try {
      parsePythonLiteral(text);
    } catch (error) {
      if (error instanceof PythonLiteralError) return error;
      throw error;
    }
    throw new Error("parsed");
  };

  it("reads a text of exactly the size limit and refuses one character more, before reading it", () => {
    const body = "a".repeat(MAX_LITERAL_LENGTH - 2);
    expect(parsePythonLiteral(`'${body}'`)).toEqual(str(body));
    expect(refusal(`'${body}' `).message).toBe(
      `invalid Python literal at line 1, column 1: the text is ${MAX_LITERAL_LENGTH + 1} characters long; the limit is ${MAX_LITERAL_LENGTH}`,
    );
  });

  it("refuses the first value past the value limit, where it starts", () => {
    // The list is value 1 and each "0," one more: the value past the limit is the limit-th zero.
    const e = refusal(`[${"0,".repeat(MAX_LITERAL_VALUES)}]`);
    expect(e.message).toMatch(`holds more than ${MAX_LITERAL_VALUES} values`);
    expect(e.column).toBe(2 * MAX_LITERAL_VALUES);
  });

  it("fails with a PythonLiteralError, not a stack overflow, on long runs of signs and deep nesting", () => {
    expect(refusal(`${"-".repeat(1_000_000)}1`).message).toMatch("a sign may only precede a number");
    expect(refusal(`${"+ ".repeat(500_000)}1`).message).toMatch("a sign may only precede a number");
    expect(refusal(`${"-(".repeat(199)}1${")".repeat(199)}`).message).toMatch("a sign may only precede");
    for (const open of ["(", "[", "{"]) {
      expect(refusal(open.repeat(100_000)).message).toMatch("too many nested parentheses");
    }
  });

  it("reads decimal ints as Python does: 4300 digits at most, leading zeros not counted", () => {
    expect(parsePythonLiteral("0".repeat(100_000))).toEqual(int(0n));
    expect(parsePythonLiteral(`${"0_".repeat(5000)}0`)).toEqual(int(0n));
    expect(parsePythonLiteral(`-1_${"0".repeat(4299)}`)).toEqual(int(-(10n ** 4299n)));
    expect(refusal("9".repeat(1_000_000)).message).toMatch("more than 4300 digits");
    expect(parsePythonLiteral(`0x${"f".repeat(250_000)}`)).toEqual(int(16n ** 250_000n - 1n));
  });

  it("keeps long strings and escapes whole, and clips a long name in the message", () => {
    expect(parsePythonLiteral(`'${"\\t".repeat(100_000)}x'`)).toEqual(str(`${"\t".repeat(100_000)}x`));
    expect(parsePythonLiteral(`r'${"\\".repeat(100_000)}'`)).toEqual(str("\\".repeat(100_000)));
    expect(parsePythonLiteral("'ab' ".repeat(100_000))).toEqual(str("ab".repeat(100_000)));
    expect(refusal(`'${"a".repeat(1_000_000)}`).message).toMatch("line 1, column 1: unterminated string");
    expect(refusal("x".repeat(1_000_000)).message.length).toBeLessThan(120);
  });

  it("answers every hostile junk text with a value or a PythonLiteralError", () => {
    for (const { name, text } of junkTexts(100_000)) {
      try {
        parsePythonLiteral(text);
      } catch (error) {
        expect(error, name).toBeInstanceOf(PythonLiteralError);
      }
    }
  });
});
