import type { Check, Verdict } from "../../../core/verdict.ts";

export const fmt = (v: number): string => v.toFixed(4);

/** The verdict: passed when every check holds; the failure names each check that does not. */
export function verdictOf(score: number, checks: Check[]): Verdict {
  const failed = checks.filter((c) => !c.ok);
  return {
    score,
    passed: failed.length === 0,
    checks,
    ...(failed.length > 0
      ? {
          failure: {
            kind: "wrong" as const,
            message: failed.map((c) => `${c.name}: ${c.detail}`).join("; "),
          },
        }
      : {}),
  };
}
