import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Message, Prompt, PromptOptions } from "../../../core/task.ts";
import type { PromptVariant } from "../common/prompt-variant.ts";
import type { Corner, Side } from "./corners.ts";

/** The system message of the explained variant, which states the rules the answer is graded by. */
export const SYSTEM: Message = {
  role: "system",
  content:
    "You solve exact spatial reasoning problems. Apply the stated rules precisely and finish with the requested JSON answer.",
};

export const GEOMETRY = [
  "A unit square has four corners, bottom-left, bottom-right, top-right and top-left, and four sides:",
  "bottom (between bottom-left and bottom-right), right (between bottom-right and top-right),",
  "top (between top-right and top-left) and left (between top-left and bottom-left).",
  "Each corner carries a class label. Each class fills a region of the square that contains its corners,",
  "and interfaces are the curves where regions of different classes meet.",
].join(" ");

export const CROSSED_SIDES =
  "A side is crossed when its two corners carry different labels: an interface must meet every crossed side, and no interface meets a side whose two corners share a label.";

export const BEHAVIOUR_RULES = [
  "How a square behaves (this is the rule used for grading):",
  "- Corners with the same label that are joined by a side lie in one region. Two diagonally opposite corners with the same label are joined through the middle of the square when the other two corners carry labels different from each other; if both diagonal pairs share a label, either pair could be the joined one.",
  '- "known": the picture is determined and has no point where three regions meet. This is the case when no side is crossed, when exactly two sides are crossed, or when all four sides are crossed and exactly one diagonal pair shares a label (three classes, one of them on two opposite corners).',
  '- "triple" (three domains meeting): exactly three sides are crossed, that is one label sits on two corners joined by a side and the other two corners carry two further, different labels; three regions must then meet at a point inside the square.',
  '- "ambiguous": all four sides are crossed and either both diagonal pairs share a label (two classes in a checkerboard) or all four labels differ; the interfaces can then be connected in more than one way.',
].join("\n");

export const CURVE_RULES = [
  "Which sides are joined by an interface curve: in a known square, a class whose corners form one unbroken run along the boundary (and which is not joined to another of its corners through the middle) is cut off by a single curve that runs from the crossed side at one end of its run to the crossed side at the other end.",
  "For example, with one label on bottom-left, bottom-right and top-right and another on top-left, one curve joins the top side to the left side; with one label on the bottom two corners and another on the top two, one curve joins the left side to the right side.",
  "A square with no crossed side has no curve, and an ambiguous square has no guaranteed curve.",
].join("\n");

const FAITHFUL_SYSTEM: Message = {
  role: "system",
  content: "You reason about spatial problems exactly and answer in the format asked for.",
};

export function buildPrompt(
  lines: string[],
  opts: PromptOptions,
  outputSchema: JsonSchema,
  variant: PromptVariant = "explained",
): Prompt {
  const content = [...lines, ...tokenCapLines(opts)].join("\n");
  const system = variant === "default" ? FAITHFUL_SYSTEM : SYSTEM;
  return { messages: [system, { role: "user", content }], outputSchema };
}

interface ShownSquare {
  corners: readonly Corner[];
  labels: readonly number[];
  /** `sides[i]` is the side called edge i. */
  sides?: readonly Side[];
}

const tuple = (labels: readonly number[]) => `(${labels.join(", ")})`;
const edgeNames = (sides: readonly Side[]) => sides.map((side, i) => `${side}=${i}`).join(", ");

/**
 * The squares as the original showed them: one tuple of corner labels per line, then the corner
 * order (and edge numbering) they share. Squares with orders of their own state them on their line.
 */
export function faithfulSquares(squares: readonly ShownSquare[]): string[] {
  const first = squares[0];
  const key = (sq: ShownSquare) => `${sq.corners.join()}|${sq.sides?.join() ?? ""}`;
  const head =
    "Squares (each tuple gives the labels of the four corners; different integers are different classes):";
  if (first && squares.every((sq) => key(sq) === key(first))) {
    return [
      head,
      ...squares.map((sq) => tuple(sq.labels)),
      "",
      `Each square is a unit square, and its tuple lists the corners in the order (${first.corners.join(", ")}).`,
      ...(first.sides ? [`The edges are numbered ${edgeNames(first.sides)}.`] : []),
    ];
  }
  return [
    head,
    ...squares.map(
      (sq) =>
        `${tuple(sq.labels)}: corners in the order (${sq.corners.join(", ")})${sq.sides ? `; edges numbered ${edgeNames(sq.sides)}` : ""}`,
    ),
    "",
    "Each square is a unit square.",
  ];
}
