import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import { firstSelfSymmetry } from "./cube.ts";
import { sumHasDigit, type Voxel, type VoxelProjectionAnswer, type VoxelProjectionData } from "./schema.ts";

/** Coordinates outside the grid make the answer malformed rather than merely wrong. */
const INVALID = new Set(["voxels.in_range"]);

const show = (v: Voxel) => `(${v[0]}, ${v[1]}, ${v[2]})`;

/** Holes of one projection: the pairs (a, b) with no voxel, listed as text (first few). */
function projectionCheck(
  name: string,
  labels: [string, string],
  n: number,
  voxels: readonly Voxel[],
  pick: (v: Voxel) => [number, number],
): Check {
  const seen = new Uint8Array(n * n);
  for (const v of voxels) {
    const [a, b] = pick(v);
    seen[a * n + b] = 1;
  }
  const holes: string[] = [];
  for (let i = 0; i < n * n; i++) {
    if (!seen[i]) holes.push(`(${labels[0]}=${Math.floor(i / n)}, ${labels[1]}=${i % n})`);
  }
  if (holes.length === 0) return { name, ok: true };
  const more = holes.length > 5 ? `, … (${holes.length} in all)` : "";
  return { name, ok: false, detail: `no voxel above ${holes.slice(0, 5).join(", ")}${more}` };
}

export interface VoxelAnalysis {
  /** Distinct voxels inside the grid, in answer order. */
  inside: Voxel[];
  checks: Check[];
}

export function analyseVoxels(data: VoxelProjectionData, answer: VoxelProjectionAnswer): VoxelAnalysis {
  const { n, voxels: required, forbiddenSumDigit } = data;
  const given = answer.voxels;
  const checks: Check[] = [];

  checks.push(
    given.length === required
      ? { name: "voxels.count", ok: true }
      : {
          name: "voxels.count",
          ok: false,
          detail: `${given.length} voxels given, exactly ${required} required`,
        },
  );

  const seen = new Set<string>();
  const repeated: Voxel[] = [];
  const outside: Voxel[] = [];
  const inside: Voxel[] = [];
  for (const v of given) {
    const k = v.join(",");
    if (seen.has(k)) {
      repeated.push(v);
      continue;
    }
    seen.add(k);
    if (v.every((c) => c >= 0 && c < n)) inside.push(v);
    else outside.push(v);
  }
  checks.push(
    repeated.length === 0
      ? { name: "voxels.unique", ok: true }
      : {
          name: "voxels.unique",
          ok: false,
          detail: `${repeated.length} repeated voxel(s), first ${show(repeated[0] as Voxel)}`,
        },
  );
  checks.push(
    outside.length === 0
      ? { name: "voxels.in_range", ok: true }
      : {
          name: "voxels.in_range",
          ok: false,
          detail: `${outside.length} voxel(s) outside [0, ${n - 1}]³, first ${show(outside[0] as Voxel)}`,
        },
  );
  if (forbiddenSumDigit !== null) {
    const bad = given.filter((v) => sumHasDigit(v, forbiddenSumDigit));
    checks.push(
      bad.length === 0
        ? { name: "voxels.forbidden_sum", ok: true }
        : {
            name: "voxels.forbidden_sum",
            ok: false,
            detail: `${bad.length} voxel(s) whose x+y+z contains the digit ${forbiddenSumDigit}, first ${show(bad[0] as Voxel)} (sum ${(bad[0] as Voxel).reduce((a, b) => a + b, 0)})`,
          },
    );
  }

  checks.push(projectionCheck("projections.xy", ["x", "y"], n, inside, (v) => [v[0], v[1]]));
  checks.push(projectionCheck("projections.xz", ["x", "z"], n, inside, (v) => [v[0], v[2]]));
  checks.push(projectionCheck("projections.yz", ["y", "z"], n, inside, (v) => [v[1], v[2]]));

  const sym = firstSelfSymmetry(inside, n);
  checks.push(
    sym === null
      ? { name: "symmetry.none", ok: true }
      : {
          name: "symmetry.none",
          ok: false,
          detail: `the voxels (inside the grid, repeats dropped) map onto themselves under the ${sym.rotation ? "rotation" : "improper (mirroring) symmetry"} ${sym.name}`,
        },
  );
  return { inside, checks };
}

export function verifyVoxelProjection(data: VoxelProjectionData, answer: VoxelProjectionAnswer): Verdict {
  return verdictFromChecks(analyseVoxels(data, answer).checks, INVALID);
}
