import { type Mat3, SYMMETRIES } from "../../../geometry/voxels.ts";
import type { Voxel } from "./schema.ts";

/** One of the 47 non-identity maps of the N×N×N cube onto itself. */
export interface CubeMap {
  /** Index into SYMMETRIES. */
  index: number;
  /** True for the proper rotations (determinant +1). */
  rotation: boolean;
  /** Readable formula, e.g. "(x, y, z) ↦ (5−y, x, z)". */
  name: string;
  apply(v: Voxel): Voxel;
}

const AXES = ["x", "y", "z"] as const;

/**
 * The matrix m about the cube's centre c = (N−1)/2: v ↦ m·(v − c) + c. Row r of a signed
 * permutation has one entry s at column p, so coordinate r becomes v[p] when s = 1 and
 * N−1−v[p] when s = −1: the map keeps the cube in place and stays on integers.
 */
function cubeMap(m: Mat3, index: number, n: number): CubeMap {
  const rows = [0, 1, 2].map((r) => {
    const p = [0, 1, 2].find((c) => m[3 * r + c] !== 0) as number;
    return { p, flip: m[3 * r + p] === -1 };
  }) as [{ p: number; flip: boolean }, { p: number; flip: boolean }, { p: number; flip: boolean }];
  const coord = (v: Voxel, r: 0 | 1 | 2): number => {
    const { p, flip } = rows[r];
    const x = v[p] as number;
    return flip ? n - 1 - x : x;
  };
  const name = `(x, y, z) ↦ (${rows.map(({ p, flip }) => (flip ? `${n - 1}−${AXES[p]}` : AXES[p])).join(", ")})`;
  const det =
    (m[0] as number) * ((m[4] as number) * (m[8] as number) - (m[5] as number) * (m[7] as number)) -
    (m[1] as number) * ((m[3] as number) * (m[8] as number) - (m[5] as number) * (m[6] as number)) +
    (m[2] as number) * ((m[3] as number) * (m[7] as number) - (m[4] as number) * (m[6] as number));
  return { index, rotation: det === 1, name, apply: (v) => [coord(v, 0), coord(v, 1), coord(v, 2)] };
}

const isIdentity = (m: Mat3) => m.every((e, i) => e === (i % 4 === 0 ? 1 : 0));

/** The 47 non-identity symmetries of the N×N×N cube, in SYMMETRIES order (rotations first). */
export function cubeSymmetries(n: number): CubeMap[] {
  const out: CubeMap[] = [];
  SYMMETRIES.forEach((m, i) => {
    if (!isIdentity(m)) out.push(cubeMap(m, i, n));
  });
  return out;
}

/**
 * The first non-identity cube symmetry mapping the set of voxels (all inside the cube, distinct)
 * onto itself, or null when there is none.
 */
export function firstSelfSymmetry(voxels: readonly Voxel[], n: number): CubeMap | null {
  const key = (v: Voxel) => (v[0] * n + v[1]) * n + v[2];
  const occupied = new Uint8Array(n * n * n);
  for (const v of voxels) occupied[key(v)] = 1;
  for (const s of cubeSymmetries(n)) {
    // A map of the cube is a bijection, so "every image is occupied" means the set maps onto itself.
    if (voxels.every((v) => occupied[key(s.apply(v))] === 1)) return s;
  }
  return null;
}
