import { InputError } from "../../../core/errors.ts";
import { boxShellVolume } from "./box-shell-volume.ts";
import { alignedBox } from "./brick-geometry.ts";
import { LEVEL_RADII } from "./generate.ts";
import { BRICK_HEIGHT, type LegoShellData, shellVolume } from "./schema.ts";
import { shellOverlap } from "./shell-overlap.ts";
import { buildShell } from "./solve.ts";
import { brickShellVolume, shellIou, verifyLegoShell } from "./verify.ts";

export interface LegoShellBenchRow {
  level: string;
  bricks: number;
  /** Median time to grade the reference answer, ms. */
  ms: number;
  /** The verifier's numerical shell volume (its quadrature over the whole shell) vs the closed form. */
  shellVolumeRelErr: number;
  /** The reference bricks' in-shell volume as the verifier integrates it vs with 64 slices per layer. */
  brickVolumeRelErr: number;
  /** |IoU by manifold-3d CSG (96-segment volume-matched spheres) − the verifier's IoU|. */
  manifoldIouDelta: number;
  /** Time of that manifold CSG evaluation, ms. */
  manifoldMs: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/** Grading time of the reference per level, with the verifier's volume error and a manifold cross-check. */
export function benchLegoShell(repeats = 5, levels = Object.keys(LEVEL_RADII)): LegoShellBenchRow[] {
  return levels.map((level) => {
    const radii = LEVEL_RADII[level];
    if (!radii) throw new InputError(`unknown level "${level}"`, { field: "level" });
    const { inner, outer } = radii;
    const data: LegoShellData = { inner, outer, shellVolume: shellVolume(inner, outer) };
    const answer = buildShell(inner, outer).answer;
    const times = Array.from({ length: repeats }, () => {
      const start = performance.now();
      verifyLegoShell(data, answer);
      return performance.now() - start;
    });
    const whole = boxShellVolume(
      { min: [-outer, -outer, 0], max: [outer, outer, outer] },
      inner,
      outer,
      8 * Math.ceil(outer / BRICK_HEIGHT),
    );
    const fine = answer.bricks.reduce((sum, b) => sum + boxShellVolume(alignedBox(b), inner, outer, 64), 0);
    const graded = answer.bricks.reduce((sum, b) => sum + brickShellVolume(data, b), 0);
    const start = performance.now();
    const csg = shellOverlap(inner, outer, answer.bricks);
    const manifoldMs = performance.now() - start;
    return {
      level,
      bricks: answer.bricks.length,
      ms: median(times),
      shellVolumeRelErr: whole / data.shellVolume - 1,
      brickVolumeRelErr: graded / fine - 1,
      manifoldIouDelta: Math.abs(csg.iou - shellIou(data, answer.bricks)),
      manifoldMs,
    };
  });
}
