import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import type { PrintablePrimeAnswer, PrintablePrimeData } from "./generate.ts";
import { LARGEST_DIGITS } from "./largest.ts";
import { isPrime } from "./primality.ts";
import {
  isFlat,
  orientationAllowed,
  repeatedGroup,
  type Support,
  stackHeight,
  supportAfter,
  supportProblem,
  withCommas,
} from "./rules.ts";

const INVALID = new Set(["number.digits"]);
/** Checks that only scale the score: a short answer earns partial credit, a low stack loses 10%. */
const SCORING = new Set(["number.target", "stack.height"]);

/** Per-layer problems, shared with the renderer. */
export interface LayerReport {
  digitOk: boolean;
  orientationOk: boolean;
  /** Why this layer cannot sit on the one below, or null. */
  supportProblem: string | null;
}

export interface StackReport {
  layers: LayerReport[];
  /** The digits as text when every digit is 0–9, else null. */
  digits: string | null;
  height: number;
}

export function analyseStack(answer: PrintablePrimeAnswer): StackReport {
  let below: Support = { kind: "bed" };
  const layers = answer.numberSequence.map(({ digit, orientation }): LayerReport => {
    const digitOk = digit >= 0 && digit <= 9;
    const orientationOk = digitOk && orientationAllowed(digit, orientation);
    const problem = orientationOk ? supportProblem(below, digit, orientation) : null;
    below = orientationOk
      ? supportAfter(digit, orientation)
      : isFlat(orientation)
        ? { kind: "bed" }
        : { kind: "raised" };
    return { digitOk, orientationOk, supportProblem: problem };
  });
  const digits = layers.every((l) => l.digitOk) ? answer.numberSequence.map((it) => it.digit).join("") : null;
  return { layers, digits, height: stackHeight(answer.numberSequence) };
}

const firstOf = (failures: string[]): string | undefined =>
  failures.length === 0
    ? undefined
    : `${failures[0]}${failures.length > 1 ? ` (and ${failures.length - 1} more)` : ""}`;

const check = (name: string, failures: string[]): Check => {
  const detail = firstOf(failures);
  return detail === undefined ? { name, ok: true } : { name, ok: false, detail };
};

/**
 * One check per rule. A broken rule scores 0. When every rule holds the answer scores
 * min(1, digits / targetDigits), times 0.9 when the stack is not taller than minHeightMm; it passes
 * once it reaches targetDigits (the height only changes the score).
 */
export function verifyPrintablePrime(data: PrintablePrimeData, answer: PrintablePrimeAnswer): Verdict {
  const seq = answer.numberSequence;
  const report = analyseStack(answer);
  const { digits, height } = report;
  const n = seq.length;

  const digitFailures: string[] = [];
  if (n === 0) digitFailures.push("the number has no digits");
  seq.forEach((it, i) => {
    if (!report.layers[i]?.digitOk) digitFailures.push(`layer ${i + 1}: ${it.digit} is not a digit 0–9`);
  });
  if (n > 1 && seq[0]?.digit === 0) digitFailures.push("the number has a leading zero");
  const usable = digitFailures.length === 0 && digits !== null;

  const lengthFailures =
    data.maxDigits !== null && n > data.maxDigits
      ? [`${n} digits, more than the allowed ${data.maxDigits}`]
      : [];
  const targetFailures =
    n < data.targetDigits ? [`${n} digits, short of the ${data.targetDigits} for full credit`] : [];

  const tripletFailures: string[] = [];
  if (!usable) tripletFailures.push("not checked: the digits do not form a number");
  else {
    const repeated = repeatedGroup(digits);
    if (repeated !== null) tripletFailures.push(`the group ${repeated} repeats in ${withCommas(digits)}`);
  }

  const orientationFailures: string[] = [];
  const supportFailures: string[] = [];
  seq.forEach((it, i) => {
    const layer = report.layers[i];
    if (layer === undefined || !layer.digitOk) return;
    if (!layer.orientationOk) {
      orientationFailures.push(
        `layer ${i + 1}: digit ${it.digit} cannot be printed in ${it.orientation} without supports`,
      );
    } else if (layer.supportProblem !== null) {
      const prev = seq[i - 1];
      const on = prev ? `on ${prev.digit} (${prev.orientation})` : "on the bed";
      supportFailures.push(`layer ${i + 1}: ${it.digit} (${it.orientation}) ${on}: ${layer.supportProblem}`);
    }
  });

  // Primality is the one slow check (about a second at 1000 digits). No stack longer than
  // LARGEST_DIGITS keeps the stacking and triplet rules, so beyond that length another rule has
  // already failed and the test is left out.
  const otherRuleFails = [lengthFailures, tripletFailures, orientationFailures, supportFailures].some(
    (f) => f.length > 0,
  );
  const primeFailures: string[] = [];
  if (!usable) primeFailures.push("not checked: the digits do not form a number");
  else if (n > LARGEST_DIGITS && otherRuleFails)
    primeFailures.push(`not checked: more than ${LARGEST_DIGITS} digits and another rule already fails`);
  else if (!isPrime(BigInt(digits))) primeFailures.push(`${withCommas(digits)} is not prime (Baillie–PSW)`);

  const tall = height > data.minHeightMm;
  const checks: Check[] = [
    check("number.digits", digitFailures),
    check("number.length", lengthFailures),
    check("number.target", targetFailures),
    check("number.no_repeated_triplet", tripletFailures),
    check("number.prime", primeFailures),
    check("stack.orientations", orientationFailures),
    check("stack.supports", supportFailures),
    {
      name: "stack.height",
      ok: true,
      detail: tall
        ? `${height.toFixed(1)} mm, taller than ${data.minHeightMm} mm`
        : `${height.toFixed(1)} mm, not taller than ${data.minHeightMm} mm: score × 0.9`,
    },
  ];

  const rulesHold = checks.every((c) => c.ok || SCORING.has(c.name));
  if (!rulesHold) return verdictFromChecks(checks, INVALID);
  const score = Math.min(1, n / data.targetDigits) * (tall ? 1 : 0.9);
  const verdict = verdictFromChecks(checks, INVALID);
  return { ...verdict, score };
}
