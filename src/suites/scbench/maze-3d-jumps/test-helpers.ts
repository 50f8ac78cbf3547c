import type { Instance } from "../../../core/task.ts";
import type { MazeData } from "./maze.ts";

/**
 * A hand-checked 5×5 maze: A (height 2) walks to 3, 2, jumps the 0 to 2, climbs the right
 * connector, walks 4 5 4 along row 2, jumps its 0, then comes down the left connector to row 4
 * and walks to B (height 2). Walls are 8 and 9. Route: 15 cells, 2 jumps.
 */
export const GOOD = ["A3202", "89893", "40454", "39898", "2343B"];

export function mazeInstance(data: Partial<MazeData> = {}): Instance<MazeData> {
  return {
    id: "fixture",
    task: "scbench/maze-3d-jumps",
    params: {},
    seed: "fixture",
    data: { size: 5, minJumps: 2, startHeight: 2, endHeight: 2, ...data },
  };
}

/** `rows` with the cell at (r, c) replaced by `ch`. */
export function withCell(rows: readonly string[], r: number, c: number, ch: string): string[] {
  return rows.map((row, i) => (i === r ? row.slice(0, c) + ch + row.slice(c + 1) : row));
}
