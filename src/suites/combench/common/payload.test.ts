import { describe, expect, it } from "vitest";
import { evaluatesText, writeValue } from "./payload.ts";

const i = (n: number | bigint) => [
  "i",
  `${n < 0 ? "-" : ""}0x${(n < 0 ? -BigInt(n) : BigInt(n)).toString(16)}`,
];

describe("an evaluated payload written back as Python data", () => {
  it("writes every plain kind of value, and collects its strings", () => {
    const value = [
      "t",
      [
        ["set", [["t", [i(1), i(2)]]]],
        ["fs", []],
        [
          "d",
          [
            [
              ["s", "rule"],
              ["s", 'lambda t: "x" in t'],
            ],
          ],
        ],
        ["l", [null, true, false, ["f", "1e-07"], ["f", "-0.0"], ["f", "inf"], ["b", "AP8="]]],
        ["t", [i(-3)]],
        ["set", []],
      ],
    ];
    const written = writeValue({ expression: value });
    expect(written).toEqual({
      text: '({(1, 2)}, frozenset(), {"rule": "lambda t: \\"x\\" in t"}, [None, True, False, 1e-07, -0.0, 1e999, b\'\\x00\\xff\'], (-3,), set())\n',
      strings: ["rule", 'lambda t: "x" in t'],
    });
  });

  it("writes names bound by statements, and only Python names", () => {
    expect(
      writeValue({
        statements: [
          ["A", ["l", [i(1)]]],
          ["b_2", null],
        ],
      }),
    ).toEqual({
      text: "A = [1]\nb_2 = None\n",
      strings: [],
    });
    for (const name of ["class", "1a", "a b", "x=1;import os", "é"]) {
      expect(writeValue({ statements: [[name, null]] })).toMatchObject({
        problem: expect.stringContaining("not a Python name"),
      });
    }
  });

  it("keeps huge ints exact, in hex past what CPython reads in decimal", () => {
    const big = 10n ** 5000n;
    const written = writeValue({ expression: i(big) });
    expect("text" in written && written.text.startsWith("0x")).toBe(true);
    expect("text" in written && BigInt(written.text.trim())).toBe(big);
    expect(writeValue({ expression: i(-(10n ** 30n)) })).toMatchObject({ text: `-${10n ** 30n}\n` });
  });

  it("refuses what a forged report could smuggle in, naming it", () => {
    const forged: [unknown, string][] = [
      [{ expression: ["f", "nan"] }, "NaN"],
      [{ expression: ["f", "__import__('os')"] }, "malformed float"],
      [{ expression: ["f", "12"] }, "malformed float"],
      [{ expression: ["i", "0x1f; import os"] }, "malformed int"],
      [{ expression: ["s", 42] }, "malformed string"],
      [{ expression: ["b", "not base64!"] }, "malformed bytes"],
      [{ expression: ["call", ["s", "print"]] }, "unknown kind"],
      [{ expression: ["l", "[1]"] }, "malformed container"],
      [{ expression: { l: [] } }, "malformed value"],
      [{ expression: "__import__('os')" }, "malformed value"],
      [{ statements: "x = 1" }, "no value"],
      [{}, "no value"],
    ];
    for (const [report, problem] of forged) {
      expect(writeValue(report), JSON.stringify(report)).toMatchObject({
        problem: expect.stringContaining(problem),
      });
    }
    let deep: unknown = null;
    for (let d = 0; d < 300; d++) deep = ["l", [deep]];
    expect(writeValue({ expression: deep })).toMatchObject({ problem: expect.stringContaining("nested") });
  });
});

describe("a verifier that evaluates text", () => {
  it("is one that names eval, exec, compile or a deserializer; literal_eval and json are data", () => {
    expect(evaluatesText("data = eval(payload)")).toBe(true);
    expect(evaluatesText("exec(compile(src, 'x', 'exec'))")).toBe(true);
    expect(evaluatesText("import pickle")).toBe(true);
    expect(evaluatesText("data = ast.literal_eval(text)\nother = json.loads(text)")).toBe(false);
    expect(evaluatesText("evaluate(x)  # an evaluation")).toBe(false);
  });
});
