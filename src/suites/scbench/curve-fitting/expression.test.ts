import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { MAX_EXPRESSION_DEPTH, MAX_EXPRESSION_LENGTH, parseExpression } from "./expression.ts";

const value = (text: string, x = 0, y = 0): number => {
  const p = parseExpression(text);
  if (!p.ok) throw new Error(`${text}: ${p.error}`);
  return p.evaluate(x, y);
};
const error = (text: string): string => {
  const p = parseExpression(text);
  return p.ok ? "parsed" : p.error;
};

describe("expression parser", () => {
  it("follows precedence and associativity on hand values", () => {
    expect(value("2^3^2")).toBe(512);
    expect(value("2**3**2")).toBe(512);
    expect(value("(2^3)^2")).toBe(64);
    expect(value("-x^2", 3)).toBe(-9);
    expect(value("-2^2")).toBe(-4);
    expect(value("(-2)^2")).toBe(4);
    expect(value("2^-1")).toBe(0.5);
    expect(value("2*-x", 3)).toBe(-6);
    expect(value("--x", 3)).toBe(3);
    expect(value("+x", 3)).toBe(3);
    expect(value("1-2-3")).toBe(-4);
    expect(value("8/4/2")).toBe(1);
    expect(value("2+3*4")).toBe(14);
    expect(value("x*y^2 - y", 2, 3)).toBe(15);
    expect(value(" ( x + 1 ) * ( y - 1 ) ", 2, 3)).toBe(6);
  });

  it("reads decimals and exponents", () => {
    expect(value("1e3")).toBe(1000);
    expect(value("2.5E-2")).toBe(0.025);
    expect(value("1.5e+2")).toBe(150);
    expect(value(".5")).toBe(0.5);
    expect(value("3.")).toBe(3);
    expect(value("007")).toBe(7);
  });

  it("gives IEEE results for division by zero and bad powers", () => {
    expect(value("1/x", 0)).toBe(Number.POSITIVE_INFINITY);
    expect(value("0/x", 0)).toBeNaN();
    expect(value("x^0.5", -4)).toBeNaN();
    expect(value("10^400")).toBe(Number.POSITIVE_INFINITY);
  });

  it("rejects anything but numbers, x, y, operators and parentheses, without running it", () => {
    const exit = vi.spyOn(process, "exit").mockImplementation(() => undefined as never);
    const bad = [
      "process.exit()",
      "constructor",
      "x.y",
      "1;2",
      "`x`",
      "Math.PI",
      "__proto__",
      "this",
      "x y",
      "2x",
      "x(2)",
      "",
      "   ",
      "x^",
      "()",
      "((x)",
      "x)",
      "1e999",
      "1..2",
      "x % 2",
      "x = 1",
      "x ** * 2",
      "X",
    ];
    for (const text of bad) expect(error(text), text).not.toBe("parsed");
    expect(exit).not.toHaveBeenCalled();
    exit.mockRestore();
    expect(error("1;2")).toContain('";"');
    expect(error("((x)")).toContain('missing ")"');
  });

  it("reads a 2 850-character row-selector polynomial, as a stored answer of the original's runs has", () => {
    const row = (k: number) =>
      Array.from({ length: 16 }, (_, j) => j)
        .filter((j) => j !== k)
        .map((j) => (j === 0 ? "y**2" : `(y-${j})**2`))
        .join("*");
    const text = Array.from({ length: 16 }, (_, k) => `(${row(k)})*(2*x-15)*(43-2*x)`).join(" + ");
    expect(text.length).toBeGreaterThan(2000);
    expect(parseExpression(text).ok).toBe(true);
  });

  it("caps length and nesting depth", () => {
    expect(error(`x${"+1".repeat(MAX_EXPRESSION_LENGTH)}`)).toContain("characters long");
    expect(
      error(`${"(".repeat(MAX_EXPRESSION_DEPTH + 1)}x${")".repeat(MAX_EXPRESSION_DEPTH + 1)}`),
    ).toContain("nests deeper");
    expect(error(`${"-".repeat(MAX_EXPRESSION_DEPTH + 1)}x`)).toContain("nests deeper");
    expect(error(`${"2^".repeat(MAX_EXPRESSION_DEPTH + 1)}x`)).toContain("nests deeper");
    expect(value(`${"(".repeat(50)}x${")".repeat(50)}`, 7)).toBe(7);
    expect(value(`x${"+x".repeat(600)}`, 1)).toBe(601);
    const long = parseExpression(`x${"*y+x".repeat(399)}`);
    // 399·x·y + x on a 2×3 grid.
    expect(long.ok && [...long.evaluateGrid(2, 3)]).toEqual([0, 1, 0, 400, 0, 799]);
  });

  it("agrees with a direct evaluation of random expression trees", () => {
    type Tree = { text: string; at: (x: number, y: number) => number };
    const leaf: fc.Arbitrary<Tree> = fc.oneof(
      fc.integer({ min: 0, max: 20 }).map((k) => ({ text: String(k), at: () => k })),
      fc.constant<Tree>({ text: "x", at: (x) => x }),
      fc.constant<Tree>({ text: "y", at: (_x, y) => y }),
    );
    const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
      tree: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc
          .tuple(
            tie("tree") as fc.Arbitrary<Tree>,
            fc.constantFrom("+", "-", "*", "/"),
            tie("tree") as fc.Arbitrary<Tree>,
          )
          .map(([a, op, b]): Tree => {
            const f = {
              "+": (p: number, q: number) => p + q,
              "-": (p: number, q: number) => p - q,
              "*": (p: number, q: number) => p * q,
              "/": (p: number, q: number) => p / q,
            }[op] as (p: number, q: number) => number;
            return { text: `(${a.text})${op}(${b.text})`, at: (x, y) => f(a.at(x, y), b.at(x, y)) };
          }),
        fc.tuple(tie("tree") as fc.Arbitrary<Tree>, fc.integer({ min: 0, max: 3 })).map(
          ([a, k]): Tree => ({
            text: `(${a.text})^${k}`,
            at: (x, y) => a.at(x, y) ** k,
          }),
        ),
        (tie("tree") as fc.Arbitrary<Tree>).map(
          (a): Tree => ({ text: `-(${a.text})`, at: (x, y) => -a.at(x, y) }),
        ),
      ),
    }));
    fc.assert(
      fc.property(tree, fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 }), (t, x, y) => {
        expect(value(t.text, x, y)).toBe(t.at(x, y));
        const p = parseExpression(t.text);
        const grid = p.ok ? p.evaluateGrid(3, 2) : [];
        for (let i = 0; i < 6; i++) expect(grid[i]).toBe(t.at(i % 3, Math.floor(i / 3)));
      }),
      { numRuns: 300 },
    );
  });
});
