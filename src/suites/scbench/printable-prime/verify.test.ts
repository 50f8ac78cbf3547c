import { describe, expect, it } from "vitest";
import type { PrintablePrimeAnswer, PrintablePrimeData, StackItem } from "./generate.ts";
import type { Orientation } from "./rules.ts";
import { tallestStack } from "./solve.ts";
import { verifyPrintablePrime } from "./verify.ts";

const data: PrintablePrimeData = { targetDigits: 42, maxDigits: null, minHeightMm: 70 };
const ORIGINAL = "888999996969699696669666333377777711111171";
const stack = (digits: string): StackItem[] => {
  const items = tallestStack(digits);
  if (items === null) throw new Error(`${digits} is not printable`);
  return items;
};
const answer = (numberSequence: StackItem[]): PrintablePrimeAnswer => ({ numberSequence });
const flat = (digits: string, orientation: Orientation = "flat") =>
  [...digits].map((c) => ({ digit: Number(c), orientation }));
const failed = (a: PrintablePrimeAnswer, d = data) =>
  verifyPrintablePrime(d, a)
    .checks.filter((c) => !c.ok)
    .map((c) => c.name);

describe("printable-prime verify", () => {
  it("passes the original's reference stack with score 1", () => {
    const v = verifyPrintablePrime(data, answer(stack(ORIGINAL)));
    expect(v).toMatchObject({ passed: true, score: 1 });
  });

  it("a composite that passes Miller–Rabin base 2 fails number.prime", () => {
    // 3215031751 = 151 · 751 · 28351 is a strong pseudoprime to bases 2, 3, 5 and 7.
    const v = verifyPrintablePrime(data, answer(flat("3215031751")));
    const prime = v.checks.find((c) => c.name === "number.prime");
    expect(prime).toMatchObject({ ok: false });
    expect(prime?.detail).toContain("3,215,031,751 is not prime");
    expect(v.checks.find((c) => c.name === "number.no_repeated_triplet")?.ok).toBe(true);
    expect(v.score).toBe(0);
    // 2047 = 23 · 89, the smallest base-2 strong pseudoprime (0 cannot go on a 2 either).
    expect(failed(answer(flat("2047")))).toEqual(["number.target", "number.prime", "stack.supports"]);
  });

  it("leaves the slow primality test out for a long number that already breaks a rule", () => {
    // Testing 10^999 + 7 would take about a second; 0 cannot be stacked on 1 anyway.
    const v = verifyPrintablePrime(data, answer(flat(`1${"0".repeat(998)}7`)));
    expect(v.checks.find((c) => c.name === "number.prime")?.detail).toBe(
      "not checked: more than 65 digits and another rule already fails",
    );
  });

  it("a printable, triplet-free composite fails only number.prime", () => {
    const items = stack(ORIGINAL);
    const last = items[items.length - 1] as StackItem;
    // 888…111173 (ends in 3) is composite; the final spire becomes a 3 lying on its side.
    const bad = [
      ...items.slice(0, -2),
      { digit: 1, orientation: "flat" as const },
      { ...last, digit: 3, orientation: "rotate90Y" as const },
    ];
    expect(failed(answer(bad))).toEqual(["number.prime"]);
  });

  it("an 8 on its side fails stack.orientations", () => {
    const items = stack(ORIGINAL);
    items[1] = { digit: 8, orientation: "rotate90Y" };
    const v = verifyPrintablePrime(data, answer(items));
    expect(v.checks.find((c) => c.name === "stack.orientations")).toMatchObject({ ok: false });
    expect(v.checks.find((c) => c.name === "stack.orientations")?.detail).toContain("layer 2: digit 8");
    expect(v.failure?.kind).toBe("wrong");
  });

  it("a 3 standing upright (its short side down) fails stack.orientations", () => {
    const v = verifyPrintablePrime(data, answer([{ digit: 3, orientation: "rotate90X" }]));
    expect(v.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["number.target", "stack.orientations"]);
  });

  it("an unsupported layer fails stack.supports: 6 flat on 9 flat, 8 on 9, a 7 on a spire", () => {
    expect(failed(answer(flat("9967"))).includes("stack.supports")).toBe(true);
    const ok = [
      { digit: 9, orientation: "flat" },
      { digit: 6, orientation: "rotate180Z" },
    ] as StackItem[];
    expect(
      verifyPrintablePrime(
        { ...data, targetDigits: 1 },
        answer([...ok, { digit: 7, orientation: "flat" }]),
      ).checks.find((c) => c.name === "stack.supports")?.ok,
    ).toBe(true);
    const v = verifyPrintablePrime(data, answer(flat("98")));
    expect(v.checks.find((c) => c.name === "stack.supports")?.detail).toContain(
      "layer 2: 8 (flat) on 9 (flat)",
    );
    const spire = [
      { digit: 1, orientation: "rotate90X" },
      { digit: 7, orientation: "rotate90X" },
    ] as StackItem[];
    expect(failed(answer(spire))).toContain("stack.supports");
    expect(
      failed(
        answer([
          { digit: 2, orientation: "flat" },
          { digit: 3, orientation: "rotate90Y" },
        ]),
      ),
    ).toContain("stack.supports");
  });

  it("a repeated comma group fails number.no_repeated_triplet", () => {
    const v = verifyPrintablePrime(data, answer(flat("8888")));
    expect(v.checks.find((c) => c.name === "number.no_repeated_triplet")?.ok).toBe(true);
    const rep = verifyPrintablePrime(data, answer(flat("888888")));
    expect(rep.checks.find((c) => c.name === "number.no_repeated_triplet")).toMatchObject({
      ok: false,
      detail: "the group 888 repeats in 888,888",
    });
    // 123,000,001,230 is fine: only whole groups count.
    expect(
      verifyPrintablePrime(data, answer(flat("123000001230"))).checks.find(
        (c) => c.name === "number.no_repeated_triplet",
      )?.ok,
    ).toBe(true);
  });

  it("a leading zero, a non-digit or an empty number is invalid", () => {
    const lead = verifyPrintablePrime(data, answer([{ digit: 0, orientation: "flat" }, ...stack("7")]));
    expect(lead.failure?.kind).toBe("invalid");
    expect(lead.checks.find((c) => c.name === "number.digits")?.detail).toContain("leading zero");
    expect(verifyPrintablePrime(data, answer([{ digit: 10, orientation: "flat" }])).failure?.kind).toBe(
      "invalid",
    );
    expect(verifyPrintablePrime(data, answer([{ digit: -1, orientation: "flat" }])).failure?.kind).toBe(
      "invalid",
    );
    expect(verifyPrintablePrime(data, answer([])).failure?.kind).toBe("invalid");
  });

  it("scores short answers partially and low stacks at 90%", () => {
    const seven = verifyPrintablePrime(data, answer(stack("97")));
    expect(seven.passed).toBe(false);
    expect(seven.failure?.kind).toBe("wrong");
    expect(seven.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["number.target"]);
    // 9 flat + 7 upright: 1.2 + 21.2 = 22.4 mm, not above 70 mm.
    expect(seven.score).toBeCloseTo((2 / 42) * 0.9, 10);
    const low = verifyPrintablePrime({ ...data, targetDigits: 2 }, answer(stack("97")));
    expect(low).toMatchObject({ passed: true });
    expect(low.score).toBeCloseTo(0.9, 10);
    expect(low.checks.find((c) => c.name === "stack.height")).toMatchObject({
      ok: true,
      detail: "22.4 mm, not taller than 70 mm: score × 0.9",
    });
  });

  it("rejects answers longer than maxDigits", () => {
    const d = { targetDigits: 12, maxDigits: 12, minHeightMm: 20 };
    const v = verifyPrintablePrime(d, answer(stack(ORIGINAL)));
    expect(v.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["number.length"]);
    expect(v.score).toBe(0);
  });
});
