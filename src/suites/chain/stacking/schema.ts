import { z } from "zod";
import type { Cell } from "../../../geometry/voxels.ts";

export const MODES = ["easy", "mid", "hard"] as const;
export type Mode = (typeof MODES)[number];

/** The six axis directions, as written in assembly orders. */
export const DIRECTIONS = ["+x", "-x", "+y", "-y", "+z", "-z"] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The straight paths a piece may take into and out of the box; rules.ts defines them. */
export const INSERTION_RULES = ["down", "axis"] as const;
export type InsertionRule = (typeof INSERTION_RULES)[number];

/** The largest box side. */
const MAX_SIDE = 5;
const dim = z.number().int().min(2).max(MAX_SIDE);
const int = z.number().int();
export const cellSchema: z.ZodType<Cell> = z.tuple([int, int, int]);

export const stackingParams = z
  .object({
    /** Box a×b×c: x, y horizontal, z up. */
    size: z.tuple([dim, dim, dim]).default([3, 3, 3]),
    mode: z.enum(MODES).default("mid"),
    /** The difficulty tier reports group by (CHAIN's easy / mid / hard); the mode when unset. */
    tier: z.enum(MODES).optional(),
    /** Smallest piece tried first; the staged fallback relaxes it to 3 when no puzzle is found. */
    minPiece: z.number().int().min(2).max(8).default(4),
    maxPiece: z.number().int().min(2).max(12).default(6),
    maxPieces: z.number().int().min(2).optional(),
    /**
     * The paths placements and pickups must follow (rules.ts). "down" by default: a box under
     * gravity is filled from its open top, so a piece is lowered straight down and lifted straight
     * up. The generator keeps only packings with a straight-down assembly order, so n placements
     * still solve every puzzle; that costs few redraws (candidates per puzzle over 20: easy 3.4 →
     * 4.4, mid 9.5 → 10.1, hard 7.0 → 7.0, 4×4×4 hard 34 → 42), and 2×2×3 hard admits 7 of its
     * 13 puzzles. "axis" is A.5's linear assembly along any axis, the order CHAIN's generator
     * guarantees with its option on; CHAIN's environment itself checks no path.
     */
    insertion: z.enum(INSERTION_RULES).default("down"),
    /** Hard mode: fewest DLX nodes to the first solution; unset means the per-size table in generate.ts. */
    hardMinNodes: z.number().int().min(0).optional(),
    /** Candidate piece sets sampled per min-piece stage before relaxing or giving up. */
    attempts: z.number().int().min(1).max(100_000).default(300),
    /** DLX search nodes allowed per candidate. */
    solverNodeLimit: z.number().int().min(1).default(100_000),
  })
  .strict()
  .refine((p) => p.minPiece <= p.maxPiece, {
    message: "minPiece must not exceed maxPiece",
    path: ["minPiece"],
  });
export type StackingParams = z.output<typeof stackingParams>;

const pieceSchema = z.object({
  /** The colour name the agent uses (pieceColour(i).name). */
  name: z.string().min(1),
  /** The shape as presented: a random rotation, normalised to the origin. */
  cells: z.array(cellSchema).min(1),
});

export const stackingData = z
  .object({
    box: z.tuple([dim, dim, dim]),
    mode: z.enum(MODES),
    pieces: z.array(pieceSchema).min(1),
    /** World cells of piece i in one packing of the box. */
    solution: z.array(z.array(cellSchema).min(1)),
    /** The paths placements and pickups must follow. */
    insertion: z.enum(INSERTION_RULES),
    /** An assembly order under the rule: each piece travels in along `direction` and lands supported. */
    assembly: z.array(z.object({ piece: z.string(), direction: z.enum(DIRECTIONS) })),
    /** The min-piece stage that produced the puzzle (4, or 3 after the fallback). */
    minPiece: z.number().int(),
    stats: z.object({
      /** DLX search nodes to the first packing of the presented pieces. */
      nodes: z.number().int(),
      /** Placements (exact-cover rows) over all pieces. */
      rows: z.number().int(),
      /** Candidates sampled before this one was accepted, over every stage. */
      attempts: z.number().int(),
    }),
    signature: z.string(),
  })
  .refine((d) => d.solution.length === d.pieces.length, {
    message: "solution must give cells for every piece",
    path: ["solution"],
  });
export type StackingData = z.output<typeof stackingData>;

/** The most cells an action may list: the largest box's volume (a piece never has more). */
export const MAX_ACTION_CELLS = MAX_SIDE ** 3;
/** Piece names are colour words; a longer name is no piece's. */
const pieceName = z.string().max(40);
const cells = z.array(cellSchema).max(MAX_ACTION_CELLS);
export const stackingAction = z.discriminatedUnion("action", [
  z.object({ action: z.literal("place"), piece: pieceName, cells }),
  z.object({ action: z.literal("pickup"), piece: pieceName }),
  z.object({ action: z.literal("state") }),
  z.object({ action: z.literal("finish") }),
]);
export type StackingAction = z.output<typeof stackingAction>;

export const stackingPlan = z.array(stackingAction);
export type StackingPlan = StackingAction[];

/** Argument order of the call form, for readAction. */
export const ACTION_SIGNATURES = {
  place: ["piece", "cells"],
  pickup: ["piece"],
  state: [],
  finish: [],
} as const;
