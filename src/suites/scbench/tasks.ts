import type { AnyTask } from "../../core/task.ts";
import { csgUnionTask } from "./csg-union/index.ts";
import { curveFittingTask } from "./curve-fitting/index.ts";
import { delaunayTask } from "./delaunay/index.ts";
import { fluidSimTask } from "./fluid-sim/index.ts";
import { halfSubdivisionTask } from "./half-subdivision/index.ts";
import { hamiltonianLoopTask } from "./hamiltonian-loop/index.ts";
import { hideAndSeekTask } from "./hide-and-seek/index.ts";
import { hyperSnakeTask } from "./hyper-snake/index.ts";
import { interlockingPartsTask } from "./interlocking-parts/index.ts";
import { legoShellTask } from "./lego-shell/index.ts";
import { maze3dJumpsTask } from "./maze-3d-jumps/index.ts";
import { packPrismsTask } from "./pack-prisms/index.ts";
import { pipeLoopTask } from "./pipe-loop/index.ts";
import { printablePrimeTask } from "./printable-prime/index.ts";
import { shikakuTask } from "./shikaku/index.ts";
import { terrainLevellingTask } from "./terrain-levelling/index.ts";
import { tetraShadowTask } from "./tetra-shadow/index.ts";
import { classifyBehaviourTask, enumerateEdgesTask, topologyEnumerationTask } from "./topology/index.ts";
import { twoSegmentsTask } from "./two-segments/index.ts";
import { voxelProjectionTask } from "./voxel-projection/index.ts";

/** The suite's 22 tasks, in the order `plumb list` shows them. */
export const scbenchTasks: readonly AnyTask[] = [
  topologyEnumerationTask,
  enumerateEdgesTask,
  classifyBehaviourTask,
  halfSubdivisionTask,
  delaunayTask,
  shikakuTask,
  hideAndSeekTask,
  printablePrimeTask,
  curveFittingTask,
  twoSegmentsTask,
  voxelProjectionTask,
  hamiltonianLoopTask,
  maze3dJumpsTask,
  packPrismsTask,
  hyperSnakeTask,
  pipeLoopTask,
  tetraShadowTask,
  fluidSimTask,
  terrainLevellingTask,
  legoShellTask,
  csgUnionTask,
  interlockingPartsTask,
] as AnyTask[];
