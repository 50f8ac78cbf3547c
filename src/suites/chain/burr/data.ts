/** The stored form of a burr instance and of agent actions. */
import { z } from "zod";
import type { Cell } from "../../../geometry/voxels.ts";
import type { PlanMove } from "./disassemble.ts";
import { AXES, type Axis, type MoveSpec } from "./state.ts";

const cell = z.tuple([z.number().int(), z.number().int(), z.number().int()]);

export const TIERS = ["easy", "mid", "hard"] as const;
export type Tier = (typeof TIERS)[number];

/** The tier a puzzle falls in by its piece count and the moves before its first separation. */
export function tierOf(pieces: number, firstLevel: number): Tier {
  if (pieces >= 6 && firstLevel >= 5) return "hard";
  if (pieces >= 4 && firstLevel >= 2) return "mid";
  return "easy";
}

export const burrDataSchema = z.object({
  /** "xmpuzzle": read from a BurrTools file. */
  source: z.enum(["generated", "luban", "holey", "classic", "xmpuzzle"]),
  tier: z.enum(TIERS),
  pieces: z.array(z.object({ name: z.string().min(1), hex: z.string(), cells: z.array(cell).min(1) })).min(2),
  /** Notchable numbers of a Luban lock's sticks, in piece order. */
  numbers: z.array(z.number().int()).nullable(),
  plan: z.array(
    z.object({ pieces: z.array(z.string()).min(1), axis: z.enum(AXES), distance: z.number().int() }),
  ),
  /** BurrTools' level string (fewest moves to each separation, in BurrTools' order). */
  level: z.string(),
  /** Moves of the shortest complete plan (`plan`): the environment's optimal steps. */
  optimal: z.number().int().nonnegative(),
  stats: z.object({ attempts: z.number().int(), nodes: z.number().int() }),
});
export type BurrData = z.infer<typeof burrDataSchema>;

/** Longest piece name and largest group an action may carry (a sub-assembly has at most 30 pieces). */
const pieceName = z.string().min(1).max(40);
const MAX_GROUP = 30;

/** The distance is any finite number here: the state names a fractional, unsafe or too long one. */
export const moveActionSchema = z.object({
  action: z.literal("move"),
  piece: z.union([pieceName, z.array(pieceName).min(1).max(MAX_GROUP)]),
  axis: z.enum(["x", "y", "z", "+x", "+y", "+z", "-x", "-y", "-z"]),
  distance: z.number(),
});
export const burrActionSchema = z.discriminatedUnion("action", [
  moveActionSchema,
  z.object({ action: z.literal("state") }),
]);
export type BurrAction = z.infer<typeof burrActionSchema>;

export const ACTION_SIGNATURES = { move: ["piece", "axis", "distance"], state: [] } as const;

/** An action's move: "-x" with distance 2 is x with distance −2. */
export function moveOf(a: z.infer<typeof moveActionSchema>): MoveSpec {
  const axis = a.axis.replace(/^[+-]/, "") as Axis;
  return {
    pieces: typeof a.piece === "string" ? [a.piece] : a.piece,
    axis,
    distance: a.axis.startsWith("-") ? -a.distance : a.distance,
  };
}

export function actionOf(m: MoveSpec): BurrAction {
  return {
    action: "move",
    piece: m.pieces.length === 1 ? (m.pieces[0] as string) : m.pieces,
    axis: m.axis,
    distance: m.distance,
  };
}

export function specOf(m: PlanMove, names: readonly string[]): MoveSpec {
  return {
    pieces: m.pieces.map((i) => names[i] as string),
    axis: AXES[m.dir >> 1] as Axis,
    distance: (m.dir & 1 ? -1 : 1) * m.distance,
  };
}

export const shapesOf = (data: BurrData): Cell[][] => data.pieces.map((p) => p.cells as Cell[]);
