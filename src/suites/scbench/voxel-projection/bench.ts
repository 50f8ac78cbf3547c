import type { VoxelProjectionData } from "./schema.ts";
import { solveVoxelProjection } from "./solve.ts";
import { verifyVoxelProjection } from "./verify.ts";

/**
 * For verifications-per-second benchmarks: builds a valid answer for the largest level
 * (24³, 1000 voxels) once and returns a thunk that verifies it, returning whether it passed.
 * A valid answer makes verify try all 47 symmetries (each up to its first unmatched voxel).
 */
export function voxelProjectionBench(
  data: VoxelProjectionData = { n: 24, voxels: 1000, forbiddenSumDigit: null },
): () => boolean {
  const answer = solveVoxelProjection(data);
  return () => verifyVoxelProjection(data, answer).passed;
}
