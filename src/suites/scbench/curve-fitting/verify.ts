import type { Check, Verdict } from "../../../core/verdict.ts";
import { PASS_ACCURACY, scoreOf, tallyCells } from "./cells.ts";
import { parseExpression } from "./expression.ts";
import type { CurveFittingAnswer, CurveFittingData } from "./schema.ts";

const cellList = (cells: [number, number][]): string => cells.map(([x, y]) => `(${x}, ${y})`).join(", ");

/**
 * Grades an expression as the original did: the fraction of cells it classifies right, 0 below
 * 0.75 or when it puts every cell in one class, else that fraction to the 4th power. It passes
 * when at least 99% of the cells are right and the value is finite everywhere.
 */
export function verifyCurveFitting(data: CurveFittingData, answer: CurveFittingAnswer): Verdict {
  const parsed = parseExpression(answer.expression);
  if (!parsed.ok) {
    const check: Check = { name: "expression.parse", ok: false, detail: parsed.error };
    return {
      score: 0,
      passed: false,
      checks: [check],
      failure: { kind: "invalid", message: `expression.parse: ${parsed.error}` },
    };
  }
  const t = tallyCells(data.rows, parsed);
  const accuracy = t.correct / t.total;
  const uniform = t.positive === 0 || t.positive === t.total;
  const checks: Check[] = [
    { name: "expression.parse", ok: true },
    {
      name: "expression.finite",
      ok: t.nonFinite === 0,
      detail:
        t.nonFinite === 0
          ? undefined
          : `the value is not a finite number at ${t.nonFinite} cell(s) (counted wrong)`,
    },
    {
      name: "cells.both_classes",
      ok: !uniform,
      detail: uniform
        ? `the expression puts no cell in class ${t.positive === 0 ? 1 : 0}, so the score is 0`
        : undefined,
    },
    {
      name: "cells.accuracy",
      ok: accuracy >= PASS_ACCURACY,
      detail:
        `${t.correct}/${t.total} cells right (accuracy ${accuracy.toFixed(4)}, pass needs ≥ ${PASS_ACCURACY})` +
        (t.examples.length > 0 ? `; wrong cells include ${cellList(t.examples)}` : ""),
    },
  ];
  const failed = checks.filter((c) => !c.ok);
  const score = uniform ? 0 : scoreOf(accuracy);
  if (failed.length === 0) return { score, passed: true, checks };
  const message = failed.map((c) => `${c.name}: ${c.detail ?? "failed"}`).join("; ");
  return { score, passed: false, checks, failure: { kind: "wrong", message } };
}
