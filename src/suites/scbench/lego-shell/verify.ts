import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import { preciseBoxShellVolume } from "./box-shell-volume.ts";
import { alignedBox, farthestDistance, nearestDistance } from "./brick-geometry.ts";
import { type Inspection, inspectBricks } from "./inspect.ts";
import { BRICK_VOLUME, type Brick, type LegoShellAnswer, type LegoShellData, PERFECT_IOU } from "./schema.ts";

/**
 * Volume of one brick inside the shell; exact for bricks wholly inside or outside. A turned brick
 * is measured as its `alignedBox`: the shell is round about z, so turning both changes nothing.
 */
export function brickShellVolume(data: LegoShellData, b: Brick): number {
  const box = alignedBox(b);
  if (box.min[2] >= data.outer || box.max[2] <= 0) return 0;
  const near = nearestDistance(box);
  const far = farthestDistance(box);
  if (near >= data.outer || far <= data.inner) return 0;
  if (box.min[2] >= 0 && near >= data.inner && far <= data.outer) return BRICK_VOLUME;
  return preciseBoxShellVolume(box, data.inner, data.outer);
}

/** IoU of non-overlapping bricks with the shell: Σ in-shell volume / (bricks + shell − in-shell). */
export function shellIou(data: LegoShellData, bricks: readonly Brick[]): number {
  const inside = bricks.reduce((s, b) => s + brickShellVolume(data, b), 0);
  return inside / (bricks.length * BRICK_VOLUME + data.shellVolume - inside);
}

export const CHECK_NAMES = [
  "bricks.connected",
  "bricks.stud_aligned",
  "bricks.no_overlap",
  "parts.stable",
  "bricks.in_bounds",
] as const;

const RULES: [(typeof CHECK_NAMES)[number], keyof Inspection][] = [
  ["bricks.connected", "connected"],
  ["bricks.stud_aligned", "studAligned"],
  ["bricks.no_overlap", "noOverlap"],
  ["parts.stable", "stable"],
  ["bricks.in_bounds", "inBounds"],
];

export function verifyLegoShell(data: LegoShellData, answer: LegoShellAnswer): Verdict {
  const found = inspectBricks(data, answer.bricks);
  const checks: Check[] = RULES.map(([name, key]) => ({
    name,
    ok: found[key].bad.length === 0 && !found[key].unchecked,
    detail: found[key].detail,
  }));
  const valid = checks.every((c) => c.ok);
  const iou = valid ? shellIou(data, answer.bricks) : 0;
  const score = valid ? Math.min(1, iou / PERFECT_IOU) : 0;
  checks.push({
    name: "shell.similarity",
    ok: valid && iou >= PERFECT_IOU,
    detail: valid
      ? `IoU with the shell ${iou.toFixed(4)} (${answer.bricks.length} bricks), score ${score.toFixed(4)}; full marks need IoU ≥ ${PERFECT_IOU}`
      : "not scored: the construction breaks a rule",
  });
  return { ...verdictFromChecks(checks), score };
}
