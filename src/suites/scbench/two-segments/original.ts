import { z } from "zod";
import { InputError } from "../../../core/errors.ts";
import type { Instance } from "../../../core/task.ts";
import { isInstanceLine, loadInstanceLine, parseRecord, vgbRecordFields } from "../common/vgb-records.ts";
import { type Corners, isConvexCounterClockwise, isUnitSquare } from "./frame.ts";
import { TASK_ID } from "./generate.ts";
import { TIERS, type TwoSegmentsData, twoSegmentsData } from "./schema.ts";
import { describeTarget, SHAPES, type Target } from "./targets.ts";

const finite = z.number().finite();
const count = z.int().min(0).max(4);
const counts = z
  .object({ triangle: count, quadrilateral: count, pentagon: count, hexagon: count })
  .partial()
  .strict();

/** A record of VisGeomBench's two_segments_curated.jsonl, the file the SCBench original ran. */
const twoSegmentsRecord = z.object({
  ...vgbRecordFields,
  ground_truth: z.array(z.object({ shape: z.enum(SHAPES), count })).max(4),
  metadata: z.object({ difficulty: z.enum(TIERS) }),
  datagen_args: z.object({
    counts,
    snap_decimals: z.int().min(1).max(4),
    corners: z
      .array(z.tuple([finite, finite]))
      .length(4)
      .optional(),
    coordinate_grid: z.array(finite.min(0).max(1)).min(2).max(101).optional(),
    square: z.string().max(40).optional(),
    square_seed: z.int().optional(),
  }),
});

const fullTarget = (c: z.infer<typeof counts>): Target => ({
  triangle: c.triangle ?? 0,
  quadrilateral: c.quadrilateral ?? 0,
  pentagon: c.pentagon ?? 0,
  hexagon: c.hexagon ?? 0,
});

/** A corner as the record's prompt prints it (six significant digits), which is what a model works with. */
const printed = (v: number): number => Number(v.toPrecision(6));

/** A VisGeomBench two-segments record (or one of Plumb's own instance lines) as an instance. */
export function loadTwoSegments(record: unknown): Instance<TwoSegmentsData> {
  if (isInstanceLine(record)) return loadInstanceLine(record, twoSegmentsData);
  const r = parseRecord(twoSegmentsRecord, record);
  const args = r.datagen_args;
  const target = fullTarget(args.counts);
  const stated = fullTarget(Object.fromEntries(r.ground_truth.map((g) => [g.shape, g.count])));
  if (describeTarget(stated) !== describeTarget(target))
    throw new InputError(`ground_truth (${describeTarget(stated)}) differs from datagen_args.counts`, {
      field: "ground_truth",
    });
  const corners = args.corners?.map(([x, y]) => [printed(x), printed(y)]) as Corners | undefined;
  if (corners && !isConvexCounterClockwise(corners))
    throw new InputError("the corners are not a convex quadrilateral listed counter-clockwise", {
      field: "datagen_args.corners",
    });
  const data: TwoSegmentsData = {
    target,
    snapDecimals: args.snap_decimals,
    tier: r.metadata.difficulty,
    ...(corners && !isUnitSquare(corners) ? { corners } : {}),
    ...(args.coordinate_grid ? { grid: args.coordinate_grid } : {}),
    original: { id: r.id },
  };
  const params = { record: r.id, ...args };
  return { id: r.id, task: TASK_ID, params, seed: null, data };
}
