import { registerPaperTable, registerTask } from "../core/registry.ts";
import { burrTask } from "./chain/burr/index.ts";
import { stackingTask } from "./chain/stacking/index.ts";
import { comBenchAnalysisTask } from "./combench/analysis/index.ts";
import { comBenchConstructionTask } from "./combench/construction/index.ts";
import { scbenchPaperTable } from "./scbench/paper-table.ts";
import { scbenchTasks } from "./scbench/tasks.ts";
import { sparcTask } from "./sparc/index.ts";

let registered = false;

/** Registers every suite's tasks. The CLI and the evaluation layers import this, never a suite. */
export function registerAllTasks(): void {
  if (registered) return;
  registered = true;
  registerPaperTable(scbenchPaperTable);
  registerTask(sparcTask);
  for (const task of scbenchTasks) registerTask(task);
  registerTask(stackingTask);
  registerTask(burrTask);
  registerTask(comBenchConstructionTask);
  registerTask(comBenchAnalysisTask);
}
