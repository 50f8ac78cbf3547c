import type { TaskInfo } from "../../../core/registry.ts";

/**
 * What `plumb list` and `--help` show without loading the task's code. Only a type import: this
 * module must stay free of runtime imports, so listing tasks never loads a task or its kernels.
 * `loadTask` checks it against the task (id, suite, description, tags, level names in order, presets).
 */
export const filledCellsInfo = {
  id: "template/filled-cells",
  suite: "template",
  description: "Filled cells: list the row and column of every filled cell of a small grid.",
  tags: ["template", "2d", "grid"],
  levels: ["small", "medium", "large"],
} satisfies TaskInfo;
