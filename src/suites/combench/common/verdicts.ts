import type { Check, Verdict } from "../../../core/verdict.ts";
import type { ConstructionAnswer } from "./answers.ts";
import { checkConstruction, UNCHECKED, VERIFIED } from "./construction-check.ts";
import { gatePoints, isPoints } from "./points.ts";
import type { TaskRecord } from "./record.ts";

export const HEADINGS = "format.headings";
export const BLOCK = "construction.block";
export const GRADED = "proof.graded";

/**
 * What `verify` can say without the judge: the format, and for construction records the checked payload
 * with the isolation its verifier ran under.
 */
export async function offlineChecks(
  record: TaskRecord,
  answer: ConstructionAnswer | null,
): Promise<{ checks: Check[]; isolation?: string }> {
  const headings: Check = { name: HEADINGS, ok: true, detail: "the required headings are there" };
  if (answer === null) return { checks: [headings] };
  const { construction } = answer;
  if ("problem" in construction) {
    return {
      checks: [headings, { name: BLOCK, ok: false, detail: `${construction.problem}; not run, scores 0` }],
    };
  }
  const block: Check = {
    name: BLOCK,
    ok: true,
    detail: `one block, ${construction.payload.length} characters`,
  };
  const { check, isolation } = await checkConstruction(record, construction.payload);
  return { checks: [headings, block, check], ...(isolation === undefined ? {} : { isolation }) };
}

/**
 * The verdict of an answer whose proof is not to be judged although its construction was checked (anchor
 * parsing: a `<construct>` tag in Question 1): a format failure, score 0, whatever a judge says.
 */
export function proofNotJudged(
  { checks, isolation }: { checks: Check[]; isolation?: string },
  problem: string,
): Verdict {
  return {
    score: 0,
    passed: false,
    checks: [...checks, { name: GRADED, ok: false, detail: `not judged: ${problem}` }],
    failure: { kind: "parse", message: problem },
    ...(isolation === undefined ? {} : { isolation }),
  };
}

/** The verdict before the judge: unscored, since the proof needs a grade (`--judge`). */
export function awaitingJudge({ checks, isolation }: { checks: Check[]; isolation?: string }): Verdict {
  const message = "not graded: the proof needs a judge model (--judge)";
  return {
    score: 0,
    passed: false,
    checks: [...checks, { name: GRADED, ok: false, detail: message }],
    failure: { kind: "unscored", message },
    ...(isolation === undefined ? {} : { isolation }),
  };
}

type Construction = "none" | "passed" | "failed" | "invalid" | "unchecked";

function constructionOf(checks: readonly Check[]): { state: Construction; detail: string } {
  const find = (name: string) => checks.find((c) => c.name === name);
  const block = find(BLOCK);
  if (!block) return { state: "none", detail: "" };
  if (!block.ok) return { state: "invalid", detail: block.detail ?? "" };
  const unchecked = find(UNCHECKED);
  if (unchecked) return { state: "unchecked", detail: unchecked.detail ?? "" };
  const verified = find(VERIFIED);
  return { state: verified?.ok ? "passed" : "failed", detail: verified?.detail ?? "" };
}

function unscored(checks: Check[], message: string): Verdict {
  return {
    score: 0,
    passed: false,
    checks: [...checks, { name: GRADED, ok: false, detail: message }],
    failure: { kind: "unscored", message },
  };
}

/**
 * The judge's grade joined with the offline checks (section 3.5). A response that could not be parsed
 * keeps its parse failure and score 0, whatever the judge said. No grade, or a construction nobody could
 * check, leaves the sample unscored (score 0, still in the denominator). Otherwise the points are the
 * grade, gated by the construction (7→6, 6→1 when it failed or was not run); score = points/7 and the
 * sample passes only with 7 points — a full proof and, for construction records, a passing payload.
 * Whenever the judge gave a grade, the `proof.graded` check's detail begins "N out of 7": the proof
 * score before gating (the paper's Table 2).
 */
export function combineVerdict(verdict: Verdict, grade: number | null, note: string): Verdict {
  const combined = combine(verdict, grade, note);
  const graded = verdict.failure?.kind !== "parse" && grade !== null && isPoints(grade);
  return {
    ...combined,
    ...(graded ? { metrics: { [PROOF_BEFORE_GATING]: grade / 7 } } : {}),
    ...(verdict.isolation === undefined ? {} : { isolation: verdict.isolation }),
  };
}

/** The verdict metric of a judged proof: its grade / 7 before gating (the paper's Table 2 proof score). */
export const PROOF_BEFORE_GATING = "proof before gating";

function combine(verdict: Verdict, grade: number | null, note: string): Verdict {
  const checks = verdict.checks.filter((c) => c.name !== GRADED);
  if (verdict.failure?.kind === "parse") {
    const detail = `not judged: the response is not in the required format (${note})`;
    return { ...verdict, checks: [...checks, { name: GRADED, ok: false, detail }] };
  }
  if (grade === null || !isPoints(grade)) return unscored(checks, note);
  const construction = constructionOf(checks);
  if (construction.state === "unchecked") {
    return unscored(
      checks,
      `${grade} out of 7, but the construction was not checked: ${construction.detail} (${note})`,
    );
  }
  const points = construction.state === "none" ? grade : gatePoints(grade, construction.state === "passed");
  const graded: Check = { name: GRADED, ok: grade === 7, detail: `${grade} out of 7 (${note})` };
  const all = [...checks, graded];
  if (points === 7) return { score: 1, passed: true, checks: all };
  const gated =
    points === grade ? "" : `, gated to ${points} out of 7 by the construction (${construction.state})`;
  return {
    score: points / 7,
    passed: false,
    checks: all,
    failure: {
      kind: construction.state === "invalid" ? "invalid" : "wrong",
      message: `proof ${grade} out of 7${gated}`,
    },
  };
}
