import type { Scene } from "../../../core/scene.ts";
import type { TriMesh, Vec3 } from "../../../geometry/mesh.ts";
import { SceneBuilder } from "../../../geometry/scene-builder.ts";
import { footprint } from "./brick-geometry.ts";
import { inspectBricks } from "./inspect.ts";
import { colourOf } from "./render.ts";
import { answerSchema, BRICK_HEIGHT, type Brick, type LegoShellData } from "./schema.ts";

const SHELL = "#4e79a7";
const SEGMENTS = 48;
const RINGS = 12;

/** The upper half of a sphere of radius r about the origin, open at z = 0. */
function hemisphere(r: number): TriMesh {
  const vertices: Vec3[] = [];
  for (let i = 0; i <= RINGS; i++) {
    const phi = (i / RINGS) * (Math.PI / 2);
    for (let j = 0; j < SEGMENTS; j++) {
      const t = (j / SEGMENTS) * 2 * Math.PI;
      vertices.push([r * Math.cos(phi) * Math.cos(t), r * Math.cos(phi) * Math.sin(t), r * Math.sin(phi)]);
    }
  }
  const at = (i: number, j: number) => i * SEGMENTS + (j % SEGMENTS);
  const triangles: [number, number, number][] = [];
  for (let i = 0; i < RINGS; i++)
    for (let j = 0; j < SEGMENTS; j++)
      triangles.push([at(i, j), at(i, j + 1), at(i + 1, j + 1)], [at(i, j), at(i + 1, j + 1), at(i + 1, j)]);
  return { vertices, triangles };
}

/** A brick as a prism over its footprint (turned bricks too). */
function brickMesh(b: Brick): TriMesh {
  const corners = footprint(b);
  const z0 = b.layer * BRICK_HEIGHT;
  const vertices: Vec3[] = [
    ...corners.map(([x, y]): Vec3 => [x, y, z0]),
    ...corners.map(([x, y]): Vec3 => [x, y, z0 + BRICK_HEIGHT]),
  ];
  const triangles: [number, number, number][] = [
    [0, 2, 1],
    [0, 3, 2],
    [4, 5, 6],
    [4, 6, 7],
  ];
  for (let k = 0; k < 4; k++) {
    const n = (k + 1) % 4;
    triangles.push([k, n, n + 4], [k, n + 4, k + 4]);
  }
  return { vertices, triangles };
}

/**
 * The shell (see-through), and with an answer its bricks, one group per layer in the render's
 * layer colours and the bricks that break a rule in red; an unreadable answer draws the shell alone.
 */
export function legoShellScene(data: LegoShellData, answer?: unknown): Scene {
  const read = answer === undefined ? undefined : answerSchema.safeParse(answer);
  const bricks = read?.success ? read.data.bricks : [];
  const title = `Hemispherical shell r ${data.inner} mm, R ${data.outer} mm`;
  const scene = new SceneBuilder(answer === undefined ? title : `${title}: ${bricks.length} bricks`);
  const opacity = answer === undefined ? 0.45 : 0.12;
  scene.mesh("outer surface", SHELL, hemisphere(data.outer), opacity);
  scene.mesh("inner surface", SHELL, hemisphere(data.inner), opacity);
  if (bricks.length === 0) return scene.build();
  const found = inspectBricks(data, bricks);
  const bad = new Set(Object.values(found).flatMap((r) => r.bad));
  const groups = new Map<string, { colour: string; meshes: TriMesh[] }>();
  bricks.forEach((b, i) => {
    const name = bad.has(i) ? "breaks a rule" : `layer ${b.layer}`;
    const group = groups.get(name) ?? { colour: colourOf(b, i, bad), meshes: [] };
    group.meshes.push(brickMesh(b));
    groups.set(name, group);
  });
  for (const [name, { colour, meshes }] of [...groups].sort((a, b) =>
    a[0].localeCompare(b[0], "en", { numeric: true }),
  ))
    scene.meshes(name, colour, meshes);
  return scene.build();
}
