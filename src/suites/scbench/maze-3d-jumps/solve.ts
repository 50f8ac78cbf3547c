import { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { constructMaze } from "./generate.ts";
import type { MazeAnswer, MazeData } from "./maze.ts";

/** The reference maze of an instance: the constructor run on the instance's own stream. */
export function referenceMaze(inst: Instance<MazeData>): MazeAnswer {
  return constructMaze(inst.data, new Rng(inst.seed ?? inst.id).split("construct"));
}
