import { toOriginalPose } from "./original-frame.ts";
import { EDGE_LENGTH, type TetraAnswer, type TetraData } from "./schema.ts";
import { solveTetraShadow } from "./solve.ts";
import { exactCover } from "./solve-exact.ts";
import type { Quat, Vec3 } from "./tetra.ts";

const round = (v: number): number => Math.round(v * 1e9) / 1e9 || 0;

/**
 * A reference for an original subtask: an exact tiling where one exists (solve-exact.ts), else Plumb's greedy cover of the target grown by 2√2 (so the
 * tetrahedron has Plumb's edge), shrunk back and re-posed in the original's frame.
 */
export function solveOriginal(data: TetraData): TetraAnswer {
  const exact = exactCover(data);
  if (exact) return exact;
  const k = EDGE_LENGTH / data.edgeLength;
  const grown: TetraData = {
    ...data,
    original: undefined,
    rings: data.rings.map((r) => r.map(([x, y]) => [x * k, y * k] as [number, number])),
    edgeLength: EDGE_LENGTH,
  };
  const plumb = solveTetraShadow(grown);
  return {
    tetrahedra: plumb.tetrahedra.map((t) => {
      const pose = toOriginalPose(
        [t.position[0] / k, t.position[1] / k, t.position[2] / k],
        t.quaternion as Quat,
      );
      return { position: pose.position.map(round) as Vec3, quaternion: pose.quaternion.map(round) as Quat };
    }),
  };
}
