import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import { type Box, type PackAnswer, type PackData, sizeKey, sortedSize } from "./schema.ts";
import { boundingVolume } from "./solve.ts";

/** Score needed to pass: within 5% of the target efficiency. */
export const PASS_SCORE = 0.95;
const INVALID = new Set(["boxes.integer_corners", "boxes.positive_size"]);

const show = (b: Box): string => `[${b.min.join(",")}]–[${b.max.join(",")}]`;
const first = (bad: number[], what: string): string | undefined =>
  bad.length === 0 ? undefined : `${bad.length} box(es) ${what}, first box #${bad[0]}`;

/** Interiors meet: overlap of positive length on every axis (touching faces are allowed). */
const overlaps = (a: Box, b: Box): boolean =>
  [0, 1, 2].every(
    (k) => (a.min[k] as number) < (b.max[k] as number) && (b.min[k] as number) < (a.max[k] as number),
  );

export function verifyPack(data: PackData, answer: PackAnswer): Verdict {
  const boxes = answer.boxes;
  const idx = boxes.map((_, i) => i);
  const nonInteger = idx.filter(
    (i) => ![...(boxes[i] as Box).min, ...(boxes[i] as Box).max].every(Number.isInteger),
  );
  const flat = idx.filter((i) =>
    [0, 1, 2].some((k) => ((boxes[i] as Box).max[k] as number) <= ((boxes[i] as Box).min[k] as number)),
  );
  const negative = idx.filter(
    (i) => (boxes[i] as Box).min.some((v) => v < 0) || (boxes[i] as Box).max.some((v) => v < 0),
  );
  const checks: Check[] = [
    {
      name: "boxes.integer_corners",
      ok: nonInteger.length === 0,
      detail: first(nonInteger, "have a non-integer corner"),
    },
    {
      name: "boxes.positive_size",
      ok: flat.length === 0,
      detail: first(flat, "have max ≤ min on some axis"),
    },
    {
      name: "boxes.non_negative",
      ok: negative.length === 0,
      detail: first(negative, "have a negative coordinate"),
    },
  ];

  const want = new Map(data.classes.map((c) => [sizeKey(c.size), c.count]));
  const got = new Map<string, number>();
  for (const b of boxes) got.set(sizeKey(sortedSize(b)), (got.get(sizeKey(sortedSize(b))) ?? 0) + 1);
  const countErrors = [...new Set([...want.keys(), ...got.keys()])]
    .filter((k) => (want.get(k) ?? 0) !== (got.get(k) ?? 0))
    .map((k) => `${k}: ${got.get(k) ?? 0} given, ${want.get(k) ?? 0} required`);
  checks.push({
    name: "prisms.counts",
    ok: countErrors.length === 0,
    detail: countErrors.join("; ") || undefined,
  });

  let overlap: string | undefined;
  for (let i = 0; i < boxes.length && !overlap; i++)
    for (let j = i + 1; j < boxes.length && !overlap; j++)
      if (overlaps(boxes[i] as Box, boxes[j] as Box))
        overlap = `boxes #${i} ${show(boxes[i] as Box)} and #${j} ${show(boxes[j] as Box)} overlap`;
  checks.push({ name: "boxes.no_overlap", ok: overlap === undefined, detail: overlap });

  const valid = checks.every((c) => c.ok);
  const efficiency = valid ? data.totalVolume / boundingVolume(boxes) : 0;
  const score = valid ? Math.min(1, efficiency / data.target) : 0;
  checks.push({
    name: "packing.score",
    ok: score >= PASS_SCORE,
    detail: valid
      ? `efficiency ${efficiency.toFixed(4)} (prism volume ${data.totalVolume} / bounding box ${boundingVolume(boxes)}), target ${data.target.toFixed(4)}, score ${score.toFixed(4)}, pass needs ≥ ${PASS_SCORE}`
      : "not scored: the packing is not valid",
  });
  const verdict = verdictFromChecks(checks, INVALID);
  return { ...verdict, score };
}
