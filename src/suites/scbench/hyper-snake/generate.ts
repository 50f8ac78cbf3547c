import type { Rng } from "../../../core/rng.ts";
import { Box } from "./box.ts";
import { fullCoverage } from "./rules.ts";
import type { HyperSnakeData, HyperSnakeParams } from "./schema.ts";
import { solveSnake } from "./solve.ts";
import { verifySnake } from "./verify.ts";

const ATTEMPTS = 60;

/**
 * Scatters walls and a start at random until the reference snake earns the full coverage score,
 * then puts the food on cells that snake visits (so every instance has a full-score answer).
 */
export function generateSnake(params: HyperSnakeParams, rng: Rng): HyperSnakeData {
  const box = new Box(params.shape);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const cells = rng.shuffle(Array.from({ length: box.size }, (_, k) => k));
    const [start = 0, ...rest] = cells;
    const walls = rest.slice(0, params.walls).sort((a, b) => a - b);
    const draft: HyperSnakeData = {
      shape: [...params.shape],
      walls: walls.map((k) => box.point(k)),
      food: [],
      start: box.point(start),
    };
    const path = solveSnake(draft);
    if (path.length < fullCoverage(draft)) continue;
    const food = rng
      .shuffle(path.slice(1).map((p) => box.index(p)))
      .slice(0, params.food)
      .sort((a, b) => a - b);
    const data = { ...draft, food: food.map((k) => box.point(k)) };
    const verdict = verifySnake(data, { path });
    if (!verdict.passed) throw new Error(`hyper-snake reference fails: ${verdict.failure?.message ?? ""}`);
    return data;
  }
  throw new Error(
    `hyper-snake: no playfield of shape ${params.shape.join("×")} with ${params.walls} walls suits the reference`,
  );
}
