import { Box } from "./box.ts";
import type { HyperSnakeData } from "./schema.ts";

/** Below full coverage, a playfield with walls still scores fully from this fraction of its open cells. */
export const WALL_ALLOWANCE = 0.98;

/** The playfield as cell indices: which cells are walls and how many cells are open. */
export function field(data: HyperSnakeData): { box: Box; wall: Uint8Array; open: number } {
  const box = new Box(data.shape);
  const wall = new Uint8Array(box.size);
  for (const w of data.walls) if (box.contains(w)) wall[box.index(w)] = 1;
  const open = box.size - wall.reduce((a, b) => a + b, 0);
  return { box, wall, open };
}

/** The score of a legal path: coverage of the open cells (walls relax it), divided by uneaten food + 1. */
export function snakeScore(data: HyperSnakeData, visited: number, uneaten: number): number {
  const { open } = field(data);
  // Compared in whole cells so that the coverage check and the score agree exactly.
  const coverage = visited >= fullCoverage(data) ? 1 : visited / open;
  const adjusted = data.walls.length > 0 ? Math.min(1, coverage / WALL_ALLOWANCE) : coverage;
  return adjusted / (uneaten + 1);
}

/** Fewest visited cells that earn the full coverage score. */
export function fullCoverage(data: HyperSnakeData): number {
  const { open } = field(data);
  return data.walls.length > 0 ? Math.ceil(WALL_ALLOWANCE * open - 1e-9) : open;
}
