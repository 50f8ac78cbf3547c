import { describe, expect, it } from "vitest";
import { LARGEST_PRINTABLE_PRIME } from "./largest.ts";
import { isPrime } from "./primality.ts";
import {
  isFlat,
  ORIENTATIONS,
  type Orientation,
  orientationAllowed,
  repeatedGroup,
  type Support,
  supportAfter,
  supportProblem,
} from "./rules.ts";
import { largestPrintablePrime, solvePrintablePrime, tallestStack } from "./solve.ts";
import { verifyPrintablePrime } from "./verify.ts";

/** Brute force: does any orientation sequence print these digits? Straight from the rules, layer by layer. */
function printable(digits: string, below: Support = { kind: "bed" }): boolean {
  if (digits === "") return true;
  const d = Number(digits[0]);
  return ORIENTATIONS.some(
    (o) =>
      orientationAllowed(d, o) &&
      supportProblem(below, d, o) === null &&
      printable(digits.slice(1), supportAfter(d, o)),
  );
}

const data = (targetDigits: number, maxDigits: number | null = null) => ({
  targetDigits,
  maxDigits,
  minHeightMm: 70,
});

describe("printable-prime search", () => {
  it("finds the same largest prime per length as a brute force over all numbers (1–5 digits)", () => {
    for (let length = 1; length <= 5; length++) {
      let expected: string | null = null;
      for (let n = 10 ** length - 1; n >= 10 ** (length - 1) && expected === null; n--) {
        const s = String(n);
        if (isPrime(BigInt(n)) && repeatedGroup(s) === null && printable(s)) expected = s;
      }
      expect(largestPrintablePrime(length).digits, `length ${length}`).toBe(expected);
    }
  });

  it("the orientation DP agrees with the brute-force printability on every number below 10^4", () => {
    for (let n = 1; n < 10_000; n++)
      expect(tallestStack(String(n)) !== null, `${n}`).toBe(printable(String(n)));
  });

  it("re-finds the stored 65-digit constant and finds no 66-digit one", () => {
    const found = largestPrintablePrime(65);
    expect(found.digits).toBe(LARGEST_PRINTABLE_PRIME);
    expect(found.primalityTests).toBeLessThan(200);
    expect(largestPrintablePrime(66).digits).toBeNull();
  });

  it("finds a 42-digit answer and a 12-digit one that verify", () => {
    const d42 = largestPrintablePrime(42).digits;
    expect(d42).toHaveLength(42);
    const a12 = solvePrintablePrime(12);
    expect(a12.numberSequence).toHaveLength(12);
    expect(verifyPrintablePrime(data(12, 12), a12).passed).toBe(true);
    const full = solvePrintablePrime(null);
    expect(full.numberSequence.map((it) => it.digit).join("")).toBe(LARGEST_PRINTABLE_PRIME);
    expect(verifyPrintablePrime(data(42), full)).toMatchObject({ passed: true, score: 1 });
  });

  it("prints the original's 42-digit reference answer 888,999,996,969,699,696,669,666,333,377,777,711,111,171", () => {
    const items = tallestStack("888999996969699696669666333377777711111171");
    expect(items).not.toBeNull();
    const verdict = verifyPrintablePrime(data(42), { numberSequence: items ?? [] });
    expect(verdict).toMatchObject({ passed: true, score: 1 });
    expect(verdict.checks.find((c) => c.name === "stack.height")?.detail).toContain("80.4 mm");
  });

  it("flat-on-flat support matches the original's table except where its segment sets disagree", () => {
    // canPrintOnTop from the original grader (flat digits that may go on each flat digit).
    const original: Record<number, number[]> = {
      0: [0, 1, 7],
      1: [1],
      2: [2, 5],
      3: [1, 3, 7],
      4: [1, 4],
      5: [2, 5],
      6: [1, 3, 4, 5, 6, 7, 9],
      7: [1, 7],
      8: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      9: [1, 3, 5, 6, 7, 9],
    };
    const flats = ORIENTATIONS.filter(isFlat);
    for (let lower = 0; lower <= 9; lower++) {
      const ours: number[] = [];
      for (let upper = 0; upper <= 9; upper++) {
        const fits = flats.some((lo: Orientation) =>
          flats.some((up) => supportProblem(supportAfter(lower, lo), upper, up) === null),
        );
        if (fits) ours.push(upper);
      }
      // 2 (a mirrored 5) fits on 6 and 9, and 4 (bcfg) on 9 (abcdfg): the original's table missed these.
      const missed: Record<number, number[]> = { 6: [2], 9: [2, 4] };
      expect(ours, `on ${lower}`).toEqual([...(original[lower] ?? []), ...(missed[lower] ?? [])].sort());
    }
  });
});
