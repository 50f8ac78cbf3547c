/**
 * Builds a Scene (core/scene.ts) from untrusted geometry within fixed caps, so that a scene always
 * ships as modest JSON and draws: non-finite or far-away coordinates, bad indices and colours are
 * dropped, and past a cap the rest is left out and the title says so.
 */
import type { Scene, SceneMesh, SceneVoxel } from "../core/scene.ts";
import { boxMesh } from "./box-mesh.ts";
import type { TriMesh, Vec3 } from "./mesh.ts";

export const SCENE_CAPS = {
  voxels: 50_000,
  triangles: 200_000,
  meshes: 200,
  /** Coordinates beyond ±this are dropped: a viewer could not frame them with the rest. */
  coordinate: 1e6,
  name: 80,
} as const;

const COLOUR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;
const FALLBACK = "#888888";

const near = (v: unknown): v is number =>
  typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= SCENE_CAPS.coordinate;
const colourOf = (c: string): string => (COLOUR.test(c) ? c : FALLBACK);
const opacityOf = (o: number | undefined): number | undefined =>
  o === undefined || o >= 1 || !Number.isFinite(o) ? undefined : Math.max(0.05, o);
/** Four decimals keep the JSON small; `|| 0` turns −0 (which JSON writes as 0) into 0. */
const round = (v: number): number => Math.round(v * 1e4) / 1e4 || 0;

export class SceneBuilder {
  private readonly voxelList: SceneVoxel[] = [];
  private readonly meshList: SceneMesh[] = [];
  private triangleCount = 0;
  private droppedVoxels = 0;
  private droppedTriangles = 0;

  constructor(private readonly title?: string) {}

  /** Whether the triangle cap is reached (further meshes are only counted). */
  get meshesFull(): boolean {
    return this.triangleCount >= SCENE_CAPS.triangles || this.meshList.length >= SCENE_CAPS.meshes;
  }

  /** A unit cube at `at` (its lowest corner); false when it was dropped. */
  voxel(at: readonly unknown[], color: string, group?: string, opacity?: number): boolean {
    if (at.length !== 3 || !at.every(near)) return false;
    if (this.voxelList.length >= SCENE_CAPS.voxels) {
      this.droppedVoxels++;
      return false;
    }
    const [x, y, z] = at as [number, number, number];
    const v: SceneVoxel = { at: [round(x), round(y), round(z)], color: colourOf(color) };
    if (group !== undefined) v.group = group.slice(0, SCENE_CAPS.name);
    const o = opacityOf(opacity);
    if (o !== undefined) v.opacity = o;
    this.voxelList.push(v);
    return true;
  }

  voxels(cells: readonly (readonly unknown[])[], color: string, group?: string, opacity?: number): void {
    for (const c of cells) this.voxel(c, color, group, opacity);
  }

  /**
   * A triangle mesh: vertices with a non-finite or far coordinate and triangles that name a bad
   * vertex are left out; past the triangle cap the mesh is cut short.
   */
  mesh(
    name: string,
    color: string,
    mesh: { vertices: readonly (readonly unknown[])[]; triangles: readonly (readonly unknown[])[] },
    opacity?: number,
  ): void {
    if (this.meshList.length >= SCENE_CAPS.meshes) {
      this.droppedTriangles += mesh.triangles.length;
      return;
    }
    const ok = mesh.vertices.map((v) => Array.isArray(v) && v.length === 3 && v.every(near));
    const index = new Map<number, number>();
    const positions: number[] = [];
    const triangles: number[] = [];
    const slot = (i: number): number => {
      let at = index.get(i);
      if (at === undefined) {
        at = index.size;
        index.set(i, at);
        const v = mesh.vertices[i] as Vec3;
        positions.push(round(v[0]), round(v[1]), round(v[2]));
      }
      return at;
    };
    for (const t of mesh.triangles) {
      if (!Array.isArray(t) || t.length !== 3) continue;
      if (!t.every((i) => Number.isInteger(i) && ok[i as number] === true)) continue;
      if (this.triangleCount >= SCENE_CAPS.triangles) {
        this.droppedTriangles++;
        continue;
      }
      triangles.push(slot(t[0] as number), slot(t[1] as number), slot(t[2] as number));
      this.triangleCount++;
    }
    if (triangles.length === 0) return;
    const m: SceneMesh = {
      name: name.slice(0, SCENE_CAPS.name),
      color: colourOf(color),
      positions,
      triangles,
    };
    const o = opacityOf(opacity);
    if (o !== undefined) m.opacity = o;
    this.meshList.push(m);
  }

  /** An axis-aligned box as a mesh. */
  box(name: string, color: string, min: Vec3, max: Vec3, opacity?: number): void {
    this.mesh(name, color, boxMesh(min, max), opacity);
  }

  /** Several meshes drawn as one (a layer of bricks, the parts of one colour). */
  meshes(name: string, color: string, parts: readonly TriMesh[], opacity?: number): void {
    const vertices: Vec3[] = [];
    const triangles: [number, number, number][] = [];
    for (const p of parts) {
      const base = vertices.length;
      vertices.push(...p.vertices);
      for (const [a, b, c] of p.triangles) triangles.push([a + base, b + base, c + base]);
    }
    this.mesh(name, color, { vertices, triangles }, opacity);
  }

  build(): Scene {
    const cut: string[] = [];
    if (this.droppedVoxels > 0) cut.push(`${this.droppedVoxels} voxels past ${SCENE_CAPS.voxels}`);
    if (this.droppedTriangles > 0) cut.push(`${this.droppedTriangles} triangles past the caps`);
    const title = [this.title, cut.length > 0 ? `(not drawn: ${cut.join(", ")})` : undefined]
      .filter((t) => t !== undefined)
      .join(" ");
    const scene: Scene = { voxels: this.voxelList, meshes: this.meshList };
    if (title !== "") scene.title = title;
    return scene;
  }
}

/** What a viewer would trip on in a scene (over a cap, a coordinate not finite or too far, a bad index); empty when none. */
export function sceneIssues(scene: Scene): string[] {
  const out: string[] = [];
  if (scene.voxels.length > SCENE_CAPS.voxels) out.push(`${scene.voxels.length} voxels`);
  if (scene.voxels.some((v) => v.at.length !== 3 || !v.at.every(near))) out.push("a voxel out of range");
  let triangles = 0;
  for (const m of scene.meshes) {
    triangles += m.triangles.length / 3;
    if (m.positions.length % 3 !== 0 || !m.positions.every(near)) out.push(`mesh ${m.name}: bad positions`);
    const n = m.positions.length / 3;
    if (m.triangles.length % 3 !== 0 || !m.triangles.every((i) => Number.isInteger(i) && i >= 0 && i < n))
      out.push(`mesh ${m.name}: bad triangles`);
  }
  if (triangles > SCENE_CAPS.triangles) out.push(`${triangles} triangles`);
  if (scene.meshes.length > SCENE_CAPS.meshes) out.push(`${scene.meshes.length} meshes`);
  return out;
}
