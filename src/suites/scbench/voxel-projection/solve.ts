import { Rng } from "../../../core/rng.ts";
import { sumHasDigit, type Voxel, type VoxelProjectionAnswer, type VoxelProjectionData } from "./schema.ts";
import { verifyVoxelProjection } from "./verify.ts";

const TRIES = 50;

/**
 * One attempt: cover the three projections greedily with allowed cells (for each (x, y) the
 * z that covers most still-empty (x, z) and (y, z) cells, then any (x, z) and (y, z) still
 * empty), then top up with random allowed cells. Null when the cover needs too many voxels
 * or some projection cell has no allowed voxel at all.
 */
function attempt(data: VoxelProjectionData, rng: Rng): Voxel[] | null {
  const { n, voxels: target, forbiddenSumDigit } = data;
  const allowed = (v: Voxel) => forbiddenSumDigit === null || !sumHasDigit(v, forbiddenSumDigit);
  const key = (v: Voxel) => (v[0] * n + v[1]) * n + v[2];
  const taken = new Uint8Array(n ** 3);
  const xz = new Uint8Array(n * n);
  const yz = new Uint8Array(n * n);
  const out: Voxel[] = [];
  const add = (v: Voxel) => {
    if (taken[key(v)]) return;
    taken[key(v)] = 1;
    xz[v[0] * n + v[2]] = 1;
    yz[v[1] * n + v[2]] = 1;
    out.push(v);
  };
  const range = Array.from({ length: n }, (_, i) => i);

  for (const x of rng.shuffle(range)) {
    for (const y of rng.shuffle(range)) {
      let best: Voxel | null = null;
      let bestGain = -1;
      for (const z of rng.shuffle(range)) {
        const v: Voxel = [x, y, z];
        if (!allowed(v)) continue;
        const gain = (xz[x * n + z] ? 0 : 1) + (yz[y * n + z] ? 0 : 1);
        if (gain > bestGain) [best, bestGain] = [v, gain];
      }
      if (best === null) return null;
      add(best);
    }
  }
  for (const x of range) {
    for (const z of range) {
      if (xz[x * n + z]) continue;
      const y = rng.shuffle(range).find((y) => allowed([x, y, z]));
      if (y === undefined) return null;
      add([x, y, z]);
    }
  }
  for (const y of range) {
    for (const z of range) {
      if (yz[y * n + z]) continue;
      const x = rng.shuffle(range).find((x) => allowed([x, y, z]));
      if (x === undefined) return null;
      add([x, y, z]);
    }
  }
  if (out.length > target) return null;
  const rest: Voxel[] = [];
  for (const x of range)
    for (const y of range)
      for (const z of range) if (!taken[key([x, y, z])] && allowed([x, y, z])) rest.push([x, y, z]);
  if (out.length + rest.length < target) return null;
  for (const v of rng.shuffle(rest).slice(0, target - out.length)) add(v);
  return out;
}

/** A valid asymmetric voxel set, sorted; throws when none is found (an impossible or too tight level). */
export function solveVoxelProjection(data: VoxelProjectionData): VoxelProjectionAnswer {
  const rng = new Rng(`voxel-projection/${data.n}/${data.voxels}/${data.forbiddenSumDigit ?? "-"}`);
  for (let t = 0; t < TRIES; t++) {
    const voxels = attempt(data, rng);
    if (voxels === null) continue;
    const answer = { voxels: voxels.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]) };
    if (verifyVoxelProjection(data, answer).passed) return answer;
  }
  throw new Error(`voxel-projection: no valid asymmetric set found for ${JSON.stringify(data)}`);
}
