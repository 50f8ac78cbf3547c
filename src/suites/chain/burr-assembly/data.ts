/** The stored form of a burr-assembly instance (a burr instance and its assembly plan) and of agent actions. */
import { z } from "zod";
import { burrDataSchema } from "../burr/data.ts";
import { DIRECTIONS } from "../burr/motion.ts";

/** Longest piece name and largest group an action may carry (a part has at most 30 pieces). */
const pieceName = z.string().min(1).max(40);
const MAX_GROUP = 30;

export const AXES = ["x", "y", "z"] as const;
export type Axis = (typeof AXES)[number];
export type Direction = (typeof DIRECTIONS)[number];

/** Numbers are any finite numbers here: the state names a fractional, unsafe or too large one. */
export const insertActionSchema = z.object({
  action: z.literal("insert"),
  piece: pieceName,
  into: pieceName,
  from: z.enum(DIRECTIONS),
  at: z.tuple([z.number(), z.number(), z.number()]),
});
export const moveActionSchema = z.object({
  action: z.literal("move"),
  piece: z.union([pieceName, z.array(pieceName).min(1).max(MAX_GROUP)]),
  axis: z.enum(["x", "y", "z", "+x", "+y", "+z", "-x", "-y", "-z"]),
  distance: z.number(),
});
export const assemblyActionSchema = z.discriminatedUnion("action", [
  insertActionSchema,
  moveActionSchema,
  z.object({ action: z.literal("state") }),
]);
export type InsertAction = z.infer<typeof insertActionSchema>;
export type MoveAction = z.infer<typeof moveActionSchema>;
export type AssemblyAction = z.infer<typeof assemblyActionSchema>;

export const ACTION_SIGNATURES = {
  insert: ["piece", "into", "from", "at"],
  move: ["piece", "axis", "distance"],
  state: [],
} as const;

export const burrAssemblyDataSchema = burrDataSchema.extend({
  /** The shortest assembly: the cheapest disassembly reversed, `optimal` actions long. */
  assembly: z.array(assemblyActionSchema),
});
export type BurrAssemblyData = z.infer<typeof burrAssemblyDataSchema>;

/** A move in the state's terms: piece names, an axis and a signed whole distance. */
export interface MoveSpec {
  pieces: string[];
  axis: Axis;
  distance: number;
}

/** An action's move: "-x" with distance 2 is x with distance −2. */
export function moveOf(a: MoveAction): MoveSpec {
  return {
    pieces: typeof a.piece === "string" ? [a.piece] : a.piece,
    axis: a.axis.replace(/^[+-]/, "") as Axis,
    distance: a.axis.startsWith("-") ? -a.distance : a.distance,
  };
}

export function moveAction(m: MoveSpec): MoveAction {
  return {
    action: "move",
    piece: m.pieces.length === 1 ? (m.pieces[0] as string) : m.pieces,
    axis: m.axis,
    distance: m.distance,
  };
}

/** An action as the agent writes it after `Final:`, for messages. */
export function actionText(a: InsertAction | MoveSpec): string {
  if ("action" in a) return `insert(${a.piece}, ${a.into}, ${a.from}, [${a.at.join(", ")}])`;
  const group = a.pieces.length === 1 ? a.pieces[0] : `[${a.pieces.join(", ")}]`;
  return `move(${group}, ${a.axis}, ${a.distance})`;
}
