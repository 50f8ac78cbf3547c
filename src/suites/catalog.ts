import { registerPaperTable, registerTask } from "../core/registry.ts";
import { burrTask } from "./chain/burr/index.ts";
import { stackingTask } from "./chain/stacking/index.ts";
import { comBenchAnalysisTask } from "./combench/analysis/index.ts";
import { comBenchConstructionTask } from "./combench/construction/index.ts";
import { csgUnionTask } from "./scbench/csg-union/index.ts";
import { curveFittingTask } from "./scbench/curve-fitting/index.ts";
import { delaunayTask } from "./scbench/delaunay/index.ts";
import { fluidSimTask } from "./scbench/fluid-sim/index.ts";
import { halfSubdivisionTask } from "./scbench/half-subdivision/index.ts";
import { hamiltonianLoopTask } from "./scbench/hamiltonian-loop/index.ts";
import { hideAndSeekTask } from "./scbench/hide-and-seek/index.ts";
import { hyperSnakeTask } from "./scbench/hyper-snake/index.ts";
import { interlockingPartsTask } from "./scbench/interlocking-parts/index.ts";
import { legoShellTask } from "./scbench/lego-shell/index.ts";
import { maze3dJumpsTask } from "./scbench/maze-3d-jumps/index.ts";
import { packPrismsTask } from "./scbench/pack-prisms/index.ts";
import { scbenchPaperTable } from "./scbench/paper-table.ts";
import { pipeLoopTask } from "./scbench/pipe-loop/index.ts";
import { printablePrimeTask } from "./scbench/printable-prime/index.ts";
import { shikakuTask } from "./scbench/shikaku/index.ts";
import { terrainLevellingTask } from "./scbench/terrain-levelling/index.ts";
import { tetraShadowTask } from "./scbench/tetra-shadow/index.ts";
import {
  classifyBehaviourTask,
  enumerateEdgesTask,
  topologyEnumerationTask,
} from "./scbench/topology/index.ts";
import { twoSegmentsTask } from "./scbench/two-segments/index.ts";
import { voxelProjectionTask } from "./scbench/voxel-projection/index.ts";
import { sparcTask } from "./sparc/index.ts";

let registered = false;

/** Registers every suite's tasks. The CLI and the evaluation layers import this, never a suite. */
export function registerAllTasks(): void {
  if (registered) return;
  registered = true;
  registerPaperTable(scbenchPaperTable);
  registerTask(sparcTask);
  registerTask(topologyEnumerationTask);
  registerTask(enumerateEdgesTask);
  registerTask(classifyBehaviourTask);
  registerTask(halfSubdivisionTask);
  registerTask(delaunayTask);
  registerTask(shikakuTask);
  registerTask(hideAndSeekTask);
  registerTask(printablePrimeTask);
  registerTask(curveFittingTask);
  registerTask(twoSegmentsTask);
  registerTask(voxelProjectionTask);
  registerTask(hamiltonianLoopTask);
  registerTask(maze3dJumpsTask);
  registerTask(packPrismsTask);
  registerTask(hyperSnakeTask);
  registerTask(pipeLoopTask);
  registerTask(tetraShadowTask);
  registerTask(fluidSimTask);
  registerTask(terrainLevellingTask);
  registerTask(legoShellTask);
  registerTask(csgUnionTask);
  registerTask(interlockingPartsTask);
  registerTask(stackingTask);
  registerTask(burrTask);
  registerTask(comBenchConstructionTask);
  registerTask(comBenchAnalysisTask);
}
