import type { Rng } from "../../../core/rng.ts";
import type { VoxelProjectionData, VoxelProjectionParams } from "./schema.ts";
import { solveVoxelProjection } from "./solve.ts";
import { verifyVoxelProjection } from "./verify.ts";

/**
 * The instance is the level itself (side, count, forbidden digit), as in the original's fixed
 * prompts; the seed only names it. Solvability is proved by building and verifying a solution.
 */
export function generateVoxelProjection(params: VoxelProjectionParams, _rng: Rng): VoxelProjectionData {
  const data: VoxelProjectionData = {
    n: params.n,
    voxels: params.voxels,
    forbiddenSumDigit: params.forbiddenSumDigit,
  };
  const verdict = verifyVoxelProjection(data, solveVoxelProjection(data));
  if (!verdict.passed)
    throw new Error(`voxel-projection: the reference set fails verify: ${verdict.failure?.message}`);
  return data;
}
