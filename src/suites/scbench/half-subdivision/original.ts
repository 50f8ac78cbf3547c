import { z } from "zod";
import { fromZodError, InputError } from "../../../core/errors.ts";
import type { Instance } from "../../../core/task.ts";
import { isInstanceLine, loadInstanceLine, parseRecord, vgbRecordFields } from "../common/vgb-records.ts";
import { type HalfSubdivisionData, halfSubdivisionData } from "./schema.ts";

export const TASK_ID = "scbench/half-subdivision-neighbours";

const address = z.string().regex(/^[01]+$/, "an address is a non-empty string of 0 and 1");

/** A record of VisGeomBench's half_subdivision.jsonl, the file the SCBench original ran. */
const halfSubdivisionRecord = z.object({
  ...vgbRecordFields,
  ground_truth: z.array(address).max(4096),
  datagen_args: z.object({
    max_depth: z.int().min(1).max(16),
    min_depth: z.int().min(0).max(16).optional(),
    split_prob: z.number().min(0).max(1).optional(),
    seed: z.int().optional(),
    axis_cycle: z
      .array(z.enum(["x", "y", "z"]))
      .min(1)
      .max(16),
    dimension: z.enum(["2D", "3D"]),
  }),
  runtime: z.object({ target_label: address }),
});

/** A node line of the record's drawn tree: the address after the branch mark, or the root's `""`. */
const NODE = /(?:── ([01]+)|^"")\s*$/;

/**
 * The tree exists only as the drawing in the record's prompt: every node on its own line. The
 * leaves are the nodes with no child drawn.
 */
function leavesOfDrawing(prompt: string): string[] {
  const nodes = new Set<string>();
  for (const line of prompt.split("\n")) {
    const m = NODE.exec(line);
    if (m) nodes.add(m[1] ?? "");
  }
  if (!nodes.has("")) throw new InputError("no subdivision tree drawn in the prompt", { field: "prompt" });
  return [...nodes].filter((n) => !nodes.has(`${n}0`) && !nodes.has(`${n}1`)).sort();
}

/** A VisGeomBench half-subdivision record (or one of Plumb's own instance lines) as an instance. */
export function loadHalfSubdivision(record: unknown): Instance<HalfSubdivisionData> {
  if (isInstanceLine(record)) return loadInstanceLine(record, halfSubdivisionData);
  const r = parseRecord(halfSubdivisionRecord, record);
  const args = r.datagen_args;
  const data = halfSubdivisionData.safeParse({
    dim: args.dimension === "2D" ? 2 : 3,
    cycle: args.axis_cycle.join("").toUpperCase(),
    maxDepth: args.max_depth,
    leaves: leavesOfDrawing(r.prompt),
    target: r.runtime.target_label,
  });
  if (!data.success) throw fromZodError(data.error, ["data"]);
  const params = { record: r.id, ...args, difficulty: r.metadata?.difficulty ?? null };
  return { id: r.id, task: TASK_ID, params, seed: null, data: data.data };
}
