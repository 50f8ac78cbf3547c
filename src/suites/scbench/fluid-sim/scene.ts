import type { Scene } from "../../../core/scene.ts";
import { SceneBuilder } from "../../../geometry/scene-builder.ts";
import { describeGoal } from "./goals.ts";
import { ROCK_FILLS, WATER_FILL } from "./render.ts";
import { answerSchema, type FluidData, LAYERS } from "./schema.ts";
import { simulate } from "./simulate.ts";
import { validityChecks } from "./verify.ts";
import { AIR, cellIndex, ROCK, terrainWorld, WATER, type World } from "./world.ts";

/** A cell is seen when a face of it meets air, the world's side or its top (the floor is never seen). */
function seen(world: World, x: number, y: number, z: number): boolean {
  const { side, cells } = world;
  const open = (a: number, b: number, c: number) =>
    a < 0 ||
    b < 0 ||
    a >= side ||
    b >= side ||
    c >= LAYERS ||
    (c >= 0 && cells[cellIndex(side, a, b, c)] === AIR);
  return (
    open(x + 1, y, z) ||
    open(x - 1, y, z) ||
    open(x, y + 1, z) ||
    open(x, y - 1, z) ||
    open(x, y, z + 1) ||
    open(x, y, z - 1)
  );
}

/**
 * As `render` draws it: the terrain, or with a valid answer the world after its earthworks, rock
 * settling and rain (rock by layer, water); an invalid or unreadable answer draws the terrain.
 * Cells hidden on all sides are left out.
 */
export function fluidScene(data: FluidData, answer?: unknown): Scene {
  const read = answer === undefined ? undefined : answerSchema.safeParse(answer);
  const works = read?.success ? read.data.earthworks : undefined;
  const valid = works !== undefined && validityChecks(data, works).every((c) => c.ok);
  const world = valid ? simulate(data.heights, works).world : terrainWorld(data.heights);
  const when =
    answer === undefined
      ? "the terrain"
      : valid
        ? `after ${works.length} earthwork(s) and rain`
        : "the terrain (the answer is invalid)";
  const scene = new SceneBuilder(`Goal ${data.goalNumber}: ${describeGoal(data.goal)} · ${when}`);
  const { side, cells } = world;
  // Rock first, then water, so that the legend lists the layers in order.
  for (const material of [ROCK, WATER])
    for (let z = 0; z < LAYERS; z++)
      for (let y = 0; y < side; y++)
        for (let x = 0; x < side; x++) {
          if (cells[cellIndex(side, x, y, z)] !== material || !seen(world, x, y, z)) continue;
          if (material === ROCK) scene.voxel([x, y, z], ROCK_FILLS[z] as string, `rock z=${z}`);
          else scene.voxel([x, y, z], WATER_FILL, "water", 0.75);
        }
  return scene.build();
}
