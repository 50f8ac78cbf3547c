import R from "@dimforge/rapier3d-compat";
import { type Blast, type Heightmap, sphereCount } from "./schema.ts";

// Loaded once at import (about 150 ms), so that generation can certify its reference plan synchronously.
await R.init();

/** Bump when any rule or constant below changes: cached results of older versions are ignored. */
export const SIMULATOR_VERSION = "terrain-sim-1";

export const SPHERE_RADIUS = 0.25;
/** Vertical distance between the centres of stacked spheres. */
export const STACK_SPACING = 0.55;
export const TIME_STEP = 1 / 60;
/** Steps per blast before the simulation stops, settled or not (20 simulated seconds). */
export const MAX_STEPS = 1200;
/** Every sphere slower than this (units per second) for REST_STEPS steps in a row: settled. */
export const REST_SPEED = 0.05;
export const REST_STEPS = 15;
/** A sphere whose centre drops below this height has fallen off the world. */
export const FLOOR_Y = -1;
const FRICTION = 0.6;
const LINEAR_DAMPING = 0.6;
const ANGULAR_DAMPING = 0.3;

export interface BlastOutcome {
  spheres: number;
  /** Spheres that came to rest over the grid. */
  kept: number;
  /** Spheres that fell off the world. */
  lost: number;
  /** Physics steps run. */
  steps: number;
  /** False when the step cap stopped the simulation before every sphere slept. */
  settled: boolean;
}

export interface SimulationResult {
  heights: Heightmap;
  outcomes: BlastOutcome[];
  /** Index of the first blast deeper than its cell's height at that moment, with that height. */
  tooDeep?: { index: number; height: number };
}

/**
 * One blast's rubble: `count` spheres stacked above cell (x, y) on a heightfield through the
 * cell centres of `heights` (already lowered), simulated until every sphere rests or MAX_STEPS.
 * Returns the final sphere centres in grid coordinates (x, y, height), in insertion order.
 */
function dropRubble(
  heights: Heightmap,
  blast: Blast,
  count: number,
): { rest: [number, number, number][]; steps: number; settled: boolean } {
  const n = heights.length;
  const world = new R.World({ x: 0, y: -9.81, z: 0 });
  try {
    world.timestep = TIME_STEP;
    // Rapier heightfields are column-major with rows along z and columns along x: sample (x, y) sits at index y + x·n.
    const samples = new Float32Array(n * n);
    for (let x = 0; x < n; x++)
      for (let y = 0; y < n; y++) samples[y + x * n] = (heights[y] as number[])[x] as number;
    world.createCollider(
      R.ColliderDesc.heightfield(n - 1, n - 1, samples, { x: n - 1, y: 1, z: n - 1 })
        .setTranslation(n / 2, 0, n / 2)
        .setFriction(FRICTION),
    );
    const base = (heights[blast.y] as number[])[blast.x] as number;
    const bodies = Array.from({ length: count }, (_, k) => {
      const body = world.createRigidBody(
        R.RigidBodyDesc.dynamic()
          .setTranslation(blast.x + 0.5, base + SPHERE_RADIUS + 0.05 + k * STACK_SPACING, blast.y + 0.5)
          .setLinearDamping(LINEAR_DAMPING)
          .setAngularDamping(ANGULAR_DAMPING),
      );
      world.createCollider(R.ColliderDesc.ball(SPHERE_RADIUS).setFriction(FRICTION).setRestitution(0), body);
      return body;
    });
    let steps = 0;
    let still = 0;
    while (steps < MAX_STEPS && still < REST_STEPS) {
      world.step();
      steps++;
      const moving = bodies.some((b) => {
        if (b.isSleeping() || b.translation().y < FLOOR_Y) return false;
        const v = b.linvel();
        return Math.hypot(v.x, v.y, v.z) >= REST_SPEED;
      });
      still = moving ? 0 : still + 1;
    }
    const settled = still >= REST_STEPS;
    const rest = bodies.map((b): [number, number, number] => {
      const p = b.translation();
      return [p.x, p.z, p.y];
    });
    return { rest, steps, settled };
  } finally {
    world.free();
  }
}

/**
 * Runs a plan: for each blast in order, check the depth against the cell's current height,
 * lower the cell, drop the rubble, and raise by depth/count the cell under each sphere that came
 * to rest over the grid. Stops at the first blast that is too deep.
 */
export function simulatePlan(initial: Heightmap, blasts: readonly Blast[]): SimulationResult {
  const heights = initial.map((row) => [...row]);
  const n = heights.length;
  const outcomes: BlastOutcome[] = [];
  for (const [index, blast] of blasts.entries()) {
    const row = heights[blast.y] as number[];
    const current = row[blast.x] as number;
    if (blast.depth > current) return { heights, outcomes, tooDeep: { index, height: current } };
    row[blast.x] = current - blast.depth;
    const count = sphereCount(blast.depth);
    const { rest, steps, settled } = dropRubble(heights, blast, count);
    let kept = 0;
    for (const [px, py, pz] of rest) {
      const cx = Math.floor(px);
      const cy = Math.floor(py);
      if (pz < FLOOR_Y || cx < 0 || cy < 0 || cx >= n || cy >= n) continue;
      const cell = heights[cy] as number[];
      cell[cx] = (cell[cx] as number) + blast.depth / count;
      kept++;
    }
    outcomes.push({ spheres: count, kept, lost: count - kept, steps, settled });
  }
  return { heights, outcomes };
}
