import { describe, expect, it } from "vitest";
import { type Mat3, SYMMETRIES } from "../../../geometry/voxels.ts";
import { cubeSymmetries } from "./cube.ts";
import type { Voxel, VoxelProjectionAnswer, VoxelProjectionData } from "./schema.ts";
import { solveVoxelProjection } from "./solve.ts";
import { verifyVoxelProjection } from "./verify.ts";

const DATA: VoxelProjectionData = { n: 6, voxels: 50, forbiddenSumDigit: null };
const valid = () => solveVoxelProjection(DATA).voxels;
const key = (v: readonly number[]) => v.join(",");

/** Independent of cube.ts: each matrix applied about the cube's centre in floating point. */
function bruteSelfSymmetries(voxels: readonly Voxel[], n: number): number[] {
  const c = (n - 1) / 2;
  const set = new Set(voxels.map(key));
  const out: number[] = [];
  SYMMETRIES.forEach((m: Mat3, i) => {
    if (m.every((e, j) => e === (j % 4 === 0 ? 1 : 0))) return;
    const image = voxels.map((v) =>
      [0, 1, 2].map(
        (r) => [0, 1, 2].reduce((s, k) => s + (m[3 * r + k] as number) * ((v[k] as number) - c), 0) + c,
      ),
    );
    if (image.every((w) => set.has(key(w)))) out.push(i);
  });
  return out;
}

function failed(data: VoxelProjectionData, answer: VoxelProjectionAnswer) {
  const verdict = verifyVoxelProjection(data, answer);
  return { verdict, names: verdict.checks.filter((c) => !c.ok).map((c) => c.name) };
}

function closedUnderCells(voxels: readonly Voxel[], apply: (v: Voxel) => Voxel): Voxel[] {
  const seen = new Map(voxels.map((v) => [key(v), v]));
  const stack = [...voxels];
  while (stack.length > 0) {
    const w = apply(stack.pop() as Voxel);
    if (!seen.has(key(w))) {
      seen.set(key(w), w);
      stack.push(w);
    }
  }
  return [...seen.values()];
}

/** The valid set closed under one map, with the count set to fit: only symmetry.none can fail. */
function closedUnder(voxels: readonly Voxel[], apply: (v: Voxel) => Voxel) {
  const all = closedUnderCells(voxels, apply);
  return { data: { ...DATA, voxels: all.length }, answer: { voxels: all } };
}

describe("voxel-projection verify", () => {
  it("accepts the reference set with every check named", () => {
    const verdict = verifyVoxelProjection(DATA, { voxels: valid() });
    expect(verdict.passed).toBe(true);
    expect(verdict.checks.map((c) => c.name)).toEqual([
      "voxels.count",
      "voxels.unique",
      "voxels.in_range",
      "projections.xy",
      "projections.xz",
      "projections.yz",
      "symmetry.none",
    ]);
  });

  it("one voxel short fails voxels.count only", () => {
    const { verdict, names } = failed(DATA, { voxels: valid().slice(1) });
    // Dropping one voxel may open a projection hole; the count failure is always there.
    expect(names).toContain("voxels.count");
    expect(names.every((n) => n === "voxels.count" || n.startsWith("projections."))).toBe(true);
    expect(verdict.failure?.kind).toBe("wrong");
  });

  it("a duplicate fails voxels.unique", () => {
    const v = valid();
    const { verdict, names } = failed(DATA, { voxels: [...v.slice(0, -1), v[0] as Voxel] });
    expect(names).toContain("voxels.unique");
    expect(verdict.failure?.kind).toBe("wrong");
  });

  it("a voxel out of range fails voxels.in_range and is invalid", () => {
    const v = valid();
    const { verdict, names } = failed(DATA, { voxels: [...v.slice(0, -1), [0, 6, 2]] });
    expect(names).toContain("voxels.in_range");
    expect(verdict.failure?.kind).toBe("invalid");
    expect(failed(DATA, { voxels: [...v.slice(0, -1), [-1, 0, 0]] }).names).toContain("voxels.in_range");
  });

  it("a projection with one hole fails that projection and names the hole", () => {
    // Move every voxel above (x, y) = (2, 3) elsewhere: the XY projection loses exactly that cell.
    const v = valid();
    const kept = v.filter((w) => !(w[0] === 2 && w[1] === 3));
    const set = new Set(kept.map(key));
    const spare: Voxel[] = [];
    for (let x = 0; x < 6 && kept.length + spare.length < 50; x++)
      for (let y = 0; y < 6 && kept.length + spare.length < 50; y++)
        for (let z = 0; z < 6 && kept.length + spare.length < 50; z++)
          if (!(x === 2 && y === 3) && !set.has(key([x, y, z]))) spare.push([x, y, z]);
    const { verdict } = failed(DATA, { voxels: [...kept, ...spare] });
    const xy = verdict.checks.find((c) => c.name === "projections.xy");
    expect(xy?.ok).toBe(false);
    expect(xy?.detail).toBe("no voxel above (x=2, y=3)");
    expect(verdict.checks.find((c) => c.name === "voxels.count")?.ok).toBe(true);
  });

  it("a set symmetric under a mirror fails symmetry.none only, naming the first symmetry", () => {
    const mirror = (v: Voxel): Voxel => [5 - v[0], v[1], v[2]];
    const { data, answer } = closedUnder(valid(), mirror);
    const { verdict, names } = failed(data, answer);
    expect(names).toEqual(["symmetry.none"]);
    const brute = bruteSelfSymmetries(answer.voxels, 6);
    const byIndex = new Map(cubeSymmetries(6).map((s) => [s.index, s]));
    expect(brute.map((i) => byIndex.get(i)?.name)).toContain("(x, y, z) ↦ (5−x, y, z)");
    const first = byIndex.get(brute[0] as number);
    expect(verdict.checks.at(-1)?.detail).toContain(first?.name);
  });

  it("a set symmetric under a 90° rotation fails symmetry.none only", () => {
    const quarter = (v: Voxel): Voxel => [5 - v[1], v[0], v[2]];
    const { data, answer } = closedUnder(valid(), quarter);
    const { verdict, names } = failed(data, answer);
    expect(names).toEqual(["symmetry.none"]);
    const names90 = bruteSelfSymmetries(answer.voxels, 6).map(
      (i) => cubeSymmetries(6).find((s) => s.index === i)?.name,
    );
    expect(names90).toEqual(expect.arrayContaining(["(x, y, z) ↦ (5−y, x, z)", "(x, y, z) ↦ (y, 5−x, z)"]));
    expect(verdict.checks.at(-1)?.detail).toMatch(/^the voxels .* under the rotation \(x, y, z\) ↦ /);
  });

  it("the 47 cube maps are distinct non-identity permutations of the cube's cells", () => {
    for (const n of [3, 4]) {
      const cells: Voxel[] = [];
      for (let x = 0; x < n; x++)
        for (let y = 0; y < n; y++) for (let z = 0; z < n; z++) cells.push([x, y, z]);
      const maps = cubeSymmetries(n);
      expect(maps).toHaveLength(47);
      expect(maps.filter((s) => s.rotation)).toHaveLength(23);
      const images = new Set<string>();
      for (const s of maps) {
        const img = cells.map((c) => key(s.apply(c)));
        expect(new Set(img).size).toBe(cells.length);
        expect(img.every((k) => k.split(",").every((c) => Number(c) >= 0 && Number(c) < n))).toBe(true);
        images.add(img.join(";"));
      }
      images.add(cells.map(key).join(";"));
      expect(images.size).toBe(48);
    }
  });

  it("agrees with the brute-force symmetry test on random and symmetric sets", () => {
    const cells: Voxel[] = [];
    for (let x = 0; x < 4; x++) for (let y = 0; y < 4; y++) for (let z = 0; z < 4; z++) cells.push([x, y, z]);
    const data: VoxelProjectionData = { n: 4, voxels: 0, forbiddenSumDigit: null };
    const maps = cubeSymmetries(4);
    let seed = 7;
    let symmetric = 0;
    for (let t = 0; t < 200; t++) {
      // Small sets (and their closures) hit symmetric cases often.
      const random = cells.filter(() => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % 9 === 0;
      });
      const map = maps[t % 47] as (typeof maps)[number];
      const picked = t % 2 === 0 ? random : closedUnderCells(random, map.apply);
      const brute = bruteSelfSymmetries(picked, 4);
      const sym = verifyVoxelProjection({ ...data, voxels: picked.length }, { voxels: picked }).checks.at(-1);
      expect(sym?.ok).toBe(brute.length === 0);
      if (brute.length > 0) {
        symmetric++;
        const first = cubeSymmetries(4).find((s) => s.index === brute[0]);
        expect(sym?.detail).toContain(first?.name);
      }
    }
    expect(symmetric).toBeGreaterThanOrEqual(100);
  });

  it("the no-7 rule rejects any sum whose decimal form holds a 7", () => {
    const data: VoxelProjectionData = { n: 20, voxels: 500, forbiddenSumDigit: 7 };
    const good = solveVoxelProjection(data).voxels;
    expect(verifyVoxelProjection(data, { voxels: good }).passed).toBe(true);
    for (const bad of [
      [1, 2, 4],
      [5, 5, 7],
      [19, 19, 19],
      [0, 10, 17],
    ] as Voxel[]) {
      const swapped = [...good.filter((v) => key(v) !== key(bad)).slice(0, 499), bad];
      const check = verifyVoxelProjection(data, { voxels: swapped }).checks.find(
        (c) => c.name === "voxels.forbidden_sum",
      );
      expect(check?.ok).toBe(false);
      expect(check?.detail).toContain(`(sum ${bad[0] + bad[1] + bad[2]})`);
    }
  });
});
