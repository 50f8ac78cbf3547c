import { registerLazyTask, registerPaperTable, type TaskInfo } from "../core/registry.ts";
import type { AnyTask } from "../core/task.ts";
import { burrInfo } from "./chain/burr/info.ts";
import { burrAssemblyInfo } from "./chain/burr-assembly/info.ts";
import { stackingInfo } from "./chain/stacking/info.ts";
import { comBenchAnalysisInfo } from "./combench/analysis/info.ts";
import { comBenchConstructionInfo } from "./combench/construction/info.ts";
import { csgUnionInfo } from "./scbench/csg-union/info.ts";
import { curveFittingInfo } from "./scbench/curve-fitting/info.ts";
import { delaunayInfo } from "./scbench/delaunay/info.ts";
import { fluidSimInfo } from "./scbench/fluid-sim/info.ts";
import { halfSubdivisionInfo } from "./scbench/half-subdivision/info.ts";
import { hamiltonianLoopInfo } from "./scbench/hamiltonian-loop/info.ts";
import { hideAndSeekInfo } from "./scbench/hide-and-seek/info.ts";
import { hyperSnakeInfo } from "./scbench/hyper-snake/info.ts";
import { interlockingPartsInfo } from "./scbench/interlocking-parts/info.ts";
import { legoShellInfo } from "./scbench/lego-shell/info.ts";
import { maze3dJumpsInfo } from "./scbench/maze-3d-jumps/info.ts";
import { packPrismsInfo } from "./scbench/pack-prisms/info.ts";
import { scbenchPaperTable } from "./scbench/paper-table.ts";
import { pipeLoopInfo } from "./scbench/pipe-loop/info.ts";
import { printablePrimeInfo } from "./scbench/printable-prime/info.ts";
import { shikakuInfo } from "./scbench/shikaku/info.ts";
import { terrainLevellingInfo } from "./scbench/terrain-levelling/info.ts";
import { tetraShadowInfo } from "./scbench/tetra-shadow/info.ts";
import {
  classifyBehaviourInfo,
  enumerateEdgesInfo,
  topologyEnumerationInfo,
} from "./scbench/topology/info.ts";
import { twoSegmentsInfo } from "./scbench/two-segments/info.ts";
import { voxelProjectionInfo } from "./scbench/voxel-projection/info.ts";
import { sparcInfo } from "./sparc/info.ts";

/** This module's URL: pool workers import it to register the same tasks. */
export const CATALOG_MODULE = import.meta.url;

const ids: string[] = [];

function task(info: TaskInfo, load: () => Promise<AnyTask>): void {
  registerLazyTask(info, load);
  ids.push(info.id);
}

/**
 * Registers every suite's tasks by their info (a task's code is imported when it is first used)
 * and returns their ids, in this order. The CLI and the evaluation layers import this, never a
 * suite. One registration per task.
 */
export function registerAllTasks(): readonly string[] {
  if (ids.length > 0) return ids;
  registerPaperTable(scbenchPaperTable);
  task(sparcInfo, async () => (await import("./sparc/index.ts")).sparcTask);
  task(
    topologyEnumerationInfo,
    async () => (await import("./scbench/topology/index.ts")).topologyEnumerationTask,
  );
  task(enumerateEdgesInfo, async () => (await import("./scbench/topology/index.ts")).enumerateEdgesTask);
  task(
    classifyBehaviourInfo,
    async () => (await import("./scbench/topology/index.ts")).classifyBehaviourTask,
  );
  task(
    halfSubdivisionInfo,
    async () => (await import("./scbench/half-subdivision/index.ts")).halfSubdivisionTask,
  );
  task(delaunayInfo, async () => (await import("./scbench/delaunay/index.ts")).delaunayTask);
  task(shikakuInfo, async () => (await import("./scbench/shikaku/index.ts")).shikakuTask);
  task(hideAndSeekInfo, async () => (await import("./scbench/hide-and-seek/index.ts")).hideAndSeekTask);
  task(
    printablePrimeInfo,
    async () => (await import("./scbench/printable-prime/index.ts")).printablePrimeTask,
  );
  task(curveFittingInfo, async () => (await import("./scbench/curve-fitting/index.ts")).curveFittingTask);
  task(twoSegmentsInfo, async () => (await import("./scbench/two-segments/index.ts")).twoSegmentsTask);
  task(
    voxelProjectionInfo,
    async () => (await import("./scbench/voxel-projection/index.ts")).voxelProjectionTask,
  );
  task(
    hamiltonianLoopInfo,
    async () => (await import("./scbench/hamiltonian-loop/index.ts")).hamiltonianLoopTask,
  );
  task(maze3dJumpsInfo, async () => (await import("./scbench/maze-3d-jumps/index.ts")).maze3dJumpsTask);
  task(packPrismsInfo, async () => (await import("./scbench/pack-prisms/index.ts")).packPrismsTask);
  task(hyperSnakeInfo, async () => (await import("./scbench/hyper-snake/index.ts")).hyperSnakeTask);
  task(pipeLoopInfo, async () => (await import("./scbench/pipe-loop/index.ts")).pipeLoopTask);
  task(tetraShadowInfo, async () => (await import("./scbench/tetra-shadow/index.ts")).tetraShadowTask);
  task(fluidSimInfo, async () => (await import("./scbench/fluid-sim/index.ts")).fluidSimTask);
  task(
    terrainLevellingInfo,
    async () => (await import("./scbench/terrain-levelling/index.ts")).terrainLevellingTask,
  );
  task(legoShellInfo, async () => (await import("./scbench/lego-shell/index.ts")).legoShellTask);
  task(csgUnionInfo, async () => (await import("./scbench/csg-union/index.ts")).csgUnionTask);
  task(
    interlockingPartsInfo,
    async () => (await import("./scbench/interlocking-parts/index.ts")).interlockingPartsTask,
  );
  task(stackingInfo, async () => (await import("./chain/stacking/index.ts")).stackingTask);
  task(burrInfo, async () => (await import("./chain/burr/index.ts")).burrTask);
  task(burrAssemblyInfo, async () => (await import("./chain/burr-assembly/index.ts")).burrAssemblyTask);
  task(
    comBenchConstructionInfo,
    async () => (await import("./combench/construction/index.ts")).comBenchConstructionTask,
  );
  task(comBenchAnalysisInfo, async () => (await import("./combench/analysis/index.ts")).comBenchAnalysisTask);
  return ids;
}
