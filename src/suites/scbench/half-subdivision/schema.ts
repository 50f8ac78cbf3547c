import { z } from "zod";
import { cappedList } from "../common/answer-caps.ts";
import { asListAnswer } from "../common/list-answer.ts";
import { AXIS_LETTERS, isLeafSet } from "./tree.ts";

/** Every axis of the dimension appears in the cycle, and no other axis does. */
function cycleFits(dim: 2 | 3, cycle: string): boolean {
  const axes = AXIS_LETTERS.slice(0, dim) as readonly string[];
  return [...cycle].every((c) => axes.includes(c)) && axes.every((a) => cycle.includes(a));
}

const cycleSchema = z.string().regex(/^[XYZ]{1,16}$/, "a cycle is 1–16 of the letters X, Y, Z");
const address = z.string().regex(/^[01]+$/, "an address is a non-empty string of 0 and 1");

export const halfSubdivisionParams = z
  .object({
    dim: z.union([z.literal(2), z.literal(3)]).default(2),
    /** Split axis of each depth, repeated: character k of an address splits along cycle[k mod length]. */
    cycle: cycleSchema.default("XY"),
    /** No leaf is deeper than this. */
    maxDepth: z.number().int().min(2).max(16).default(6),
    /** Leaves to grow the tree to (fewer if every other leaf already sits at maxDepth). */
    leaves: z.number().int().min(3).max(2000).default(20),
    /** Fewest face neighbours the target must have. */
    minNeighbours: z.number().int().min(1).max(64).default(4),
    /** Require a leaf that touches the target only at a corner (or, in 3D, along an edge). */
    requireCornerContact: z.boolean().default(true),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (!cycleFits(p.dim, p.cycle)) {
      ctx.addIssue({
        code: "custom",
        path: ["cycle"],
        message: `the cycle must use each of the ${p.dim} axes and no other`,
      });
    }
  });

export type HalfSubdivisionParams = z.infer<typeof halfSubdivisionParams>;

export const halfSubdivisionData = z
  .object({
    dim: z.union([z.literal(2), z.literal(3)]),
    cycle: cycleSchema,
    maxDepth: z.number().int().min(1).max(16),
    /** The tree's leaves in lexicographic (depth-first) order. */
    leaves: z.array(address).min(2),
    target: address,
  })
  .strict()
  .superRefine((d, ctx) => {
    if (!cycleFits(d.dim, d.cycle)) {
      ctx.addIssue({
        code: "custom",
        path: ["cycle"],
        message: `the cycle must use each of the ${d.dim} axes and no other`,
      });
    }
    if (d.leaves.some((l) => l.length > d.maxDepth)) {
      ctx.addIssue({ code: "custom", path: ["leaves"], message: "a leaf is deeper than maxDepth" });
    }
    if (!isLeafSet(d.leaves)) {
      ctx.addIssue({
        code: "custom",
        path: ["leaves"],
        message: "the leaves do not tile the domain as a binary tree",
      });
    }
    if (!d.leaves.includes(d.target)) {
      ctx.addIssue({ code: "custom", path: ["target"], message: "the target is not a leaf" });
    }
  });

export type HalfSubdivisionData = z.infer<typeof halfSubdivisionData>;

/** Most neighbours an answer may list (a tree has at most 2000 leaves), and the longest string in it. */
export const MAX_NEIGHBOURS = 4096;
const MAX_ADDRESS_LENGTH = 256;

/**
 * Any strings are readable; whether they are addresses is for `verify` to judge. Unknown keys are
 * ignored. A bare list or the original's key "neighbors" is read too.
 */
export const halfSubdivisionAnswer = z.preprocess(
  (value) => asListAnswer(value, "neighbours", "neighbors"),
  z.object({
    neighbours: cappedList(
      z.string().max(MAX_ADDRESS_LENGTH, `an entry longer than ${MAX_ADDRESS_LENGTH} characters`),
      MAX_NEIGHBOURS,
      "neighbours",
    ),
  }),
);

export type HalfSubdivisionAnswer = z.infer<typeof halfSubdivisionAnswer>;
