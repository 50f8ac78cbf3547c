import { InputError } from "../../../core/errors.ts";
import { generateInstances } from "../../../core/instances.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import type { Cell } from "../../../geometry/voxels.ts";
import { checkStackingPuzzle } from "./checker.ts";
import { stackingTask } from "./index.ts";
import { type Mode, type StackingData, stackingParams } from "./schema.ts";

export interface AuditRow {
  size: Cell;
  mode: Mode;
  requested: number;
  /** Distinct puzzles generated (fewer than requested when the parameters admit no more). */
  generated: number;
  /** The "only N distinct" error, when the set ran out of distinct puzzles. */
  exhausted: string | null;
  /** "instance id: problem" for every failed constraint. */
  problems: string[];
  seconds: number;
  puzzlesPerSecond: number;
}

/**
 * Generates `count` puzzles per size × mode through generateInstances (de-duplicated by
 * signature) and checks each with the independent checker. When a size admits fewer distinct
 * puzzles, the row records how many were found before the duplicate error.
 */
const task = stackingTask as unknown as AnyTask;

export function auditStacking(
  sizes: readonly Cell[],
  modes: readonly Mode[],
  count: number,
  seed = "audit",
): AuditRow[] {
  const rows: AuditRow[] = [];
  for (const size of sizes) {
    for (const mode of modes) {
      const params = stackingParams.parse({ size, mode });
      const label = `${seed}/${size.join("x")}/${mode}`;
      const t0 = performance.now();
      let instances: Instance[] = [];
      let exhausted: string | null = null;
      try {
        instances = generateInstances(task, params, count, label);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        exhausted = e.message;
        // Sets are prefix-stable, so the N distinct puzzles the error names regenerate without it.
        const found = /only (\d+) distinct/.exec(e.message);
        instances = found ? generateInstances(task, params, Number(found[1]), label) : [];
      }
      const problems = instances.flatMap((inst) =>
        checkStackingPuzzle(inst.data as StackingData, params).map((p) => `${inst.id}: ${p}`),
      );
      const signatures = new Set(instances.map((i) => (i.data as StackingData).signature));
      if (signatures.size !== instances.length) problems.push("two puzzles share a signature");
      const seconds = (performance.now() - t0) / 1000;
      rows.push({
        size,
        mode,
        requested: count,
        generated: instances.length,
        exhausted,
        problems,
        seconds,
        puzzlesPerSecond: instances.length / Math.max(seconds, 1e-9),
      });
    }
  }
  return rows;
}
