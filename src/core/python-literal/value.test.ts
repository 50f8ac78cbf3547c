import { describe, expect, it } from "vitest";
import { pyListItems, pyToJs, pyToSafeInteger, pyToString } from "./convert.ts";
import { parsePythonLiteral } from "./parse.ts";
import { type PyValue, pyEquals, pyKey, pyTypeName, unhashableType } from "./value.ts";

const py = parsePythonLiteral;

describe("pyEquals and pyKey", () => {
  it("follow Python's numeric equality across int, float and bool", () => {
    for (const [a, b] of [
      ["1", "1.0"],
      ["1", "True"],
      ["0", "-0.0"],
      ["False", "0.0"],
      ["(1, 'a')", "(1.0, 'a')"],
      ["9007199254740992", "9007199254740992.0"],
    ]) {
      expect(pyEquals(py(a as string), py(b as string))).toBe(true);
      expect(pyKey(py(a as string))).toBe(pyKey(py(b as string)));
    }
  });

  it("key ints the same whatever their spelling, and huge ints without decimal conversion", () => {
    expect(pyKey(py("0xff"))).toBe(pyKey(py("255.0")));
    expect(pyKey(py("-0o377"))).toBe(pyKey(py("-255.0")));
    expect(pyKey(py("-255"))).not.toBe(pyKey(py("255")));
    const huge = `0x${"f".repeat(1_000_000)}`;
    expect(py(`{${huge}: 1, ${huge}: 2}`)).toEqual({ kind: "dict", entries: [[py(huge), py("2")]] });
  });

  it("compare big ints with floats exactly", () => {
    expect(pyEquals(py("9007199254740993"), py("9007199254740992.0"))).toBe(false);
    expect(pyKey(py("9007199254740993"))).not.toBe(pyKey(py("9007199254740992.0")));
  });

  it("tell containers apart by kind and compare sets and dicts without order", () => {
    expect(pyEquals(py("[1, 2]"), py("(1, 2)"))).toBe(false);
    expect(pyEquals(py("{1, 2}"), py("{2, 1.0}"))).toBe(true);
    expect(pyEquals(py("{1: 'a', 2: 'b'}"), py("{2: 'b', True: 'a'}"))).toBe(true);
    expect(pyEquals(py("{1: 'a'}"), py("{1: 'b'}"))).toBe(false);
    expect(pyEquals(py("'1'"), py("1"))).toBe(false);
    expect(pyEquals(py("None"), py("None"))).toBe(true);
  });

  it("refuse to key unhashable values", () => {
    expect(unhashableType(py("(1, [2])"))).toBe("list");
    expect(unhashableType(py("(1, (2,))"))).toBeUndefined();
    expect(() => pyKey(py("[1]"))).toThrow("unhashable type: 'list'");
  });
});

describe("conversions for verifier ports", () => {
  it("turn Python values into plain JS", () => {
    expect(pyToJs(py("[(1, 2.5), {'k': None}, {True}]"))).toEqual([[1n, 2.5], [["k", null]], [true]]);
  });

  it("narrow ints, lists and strings without confusing bools for ints", () => {
    expect(pyToSafeInteger(py("42"))).toBe(42);
    expect(pyToSafeInteger(py("True"))).toBeUndefined();
    expect(pyToSafeInteger(py("1152921504606846976"))).toBeUndefined();
    expect(pyListItems(py("(1,)"))).toBeUndefined();
    expect(pyListItems(py("[1]"))).toHaveLength(1);
    expect(pyToString(py("'I'"))).toBe("I");
    const none: PyValue = { kind: "none" };
    expect(pyTypeName(none)).toBe("NoneType");
  });
});
