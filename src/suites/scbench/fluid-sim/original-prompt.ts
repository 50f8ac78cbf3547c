import { z } from "zod";
import type { JsonSchema, Prompt } from "../../../core/task.ts";
import type { PromptVariant } from "../common/prompt-variant.ts";
import { ORIGINAL_SUBTASKS } from "./original-goals.ts";
import { LAYERS } from "./schema.ts";

/** The answer shape the original asked for: a reasoning text and boxes with xyzMin, xyzMax and material. */
export const originalOutputSchema: JsonSchema = z.toJSONSchema(
  z.object({
    reasoning: z.string(),
    earthworks: z.array(
      z.object({
        xyzMin: z.array(z.number()),
        xyzMax: z.array(z.number()),
        material: z.enum(["Air", "Rock"]),
      }),
    ),
  }),
);

/** What the original's prompt tells the model, in Plumb's words. */
function faithfulLines(side: number): string[] {
  return [
    `The world is a grid of ${side} × ${side} × ${LAYERS} voxels. At the start it is flat: solid rock fills the layers z = 0, 1 and 2 everywhere, and everything above is air.`,
    "",
    "Rain falls at the top of the world, around its centre. Water behaves like this:",
    "- With air below it, water falls one layer (z goes down by 1).",
    "- Resting on rock or on water, it searches outward across its own layer (a flood fill) for air one layer lower, and moves to the nearest such spot.",
    "- Water that reaches a side or the bottom of the world drains away and is gone.",
    "- Water that can reach no such air stays where it is, as a pool.",
    "",
    "Because the world is flat now, all the rain runs off its edges, so earthworks are needed. After your earthworks there will be thousands of voxels of rain, mostly around the centre, and then the world is graded.",
    "",
    'Give the earthworks as JSON: {"earthworks": [{"xyzMin": [x, y, z], "xyzMax": [x, y, z], "material": "Rock" or "Air"}, ...]}. Each entry sets every voxel of the box from xyzMin to xyzMax (corners included) to that material, in the order given; xyzMin = xyzMax changes one voxel.',
    "For example, a rock box from [2, 2, 3] to [6, 6, 3] followed by an air box from [3, 3, 3] to [5, 5, 3] leaves a square ring of rock on the layer z = 3, which holds 9 voxels of water.",
    "",
    "Rock that touches other rock through a face is rigid and holds itself up, so caves, tunnels, bridges and overhangs are possible; rock left floating with nothing holding it up falls to the ground.",
  ];
}

/** The original simulator's rules stated exactly, and how the subtask is scored (the explained variant). */
function explainedLines(side: number, subtask: number): string[] {
  const c = Math.floor(side / 2);
  return [
    "Exact rules of the grader:",
    `- A box is skipped when a corner is outside 0…${side - 1} (x, y) or 0…${LAYERS - 1} (z) or xyzMin exceeds xyzMax on an axis; corners are truncated to integers.`,
    "- Rock pieces (face-connected) with no voxel at z = 0 drop straight down as rigid bodies until they rest on rock.",
    `- A drop starts at z = ${LAYERS - 1}. While the voxel below is air it falls; reaching z = 0 it is lost. Otherwise it searches its layer breadth-first through voxels that are not rock: columns on the outer ring (x or y equal to 0 or ${side - 1}) are reached but not searched from. If some searched column has air one layer lower, the drop moves to the nearest one and falls on; else, if the search reached the outer ring, the drop is lost; else one air voxel of the searched area turns to water.`,
    `- Order: one drop into every column; then 500 rounds of one drop into each of the columns (${c}, ${c}), (${c + 1}, ${c}), (${c}, ${c + 1}) and (${c + 1}, ${c + 1}); then further rounds until 500 rounds in a row lose all four drops.`,
    `- Water bodies are face-connected. Scoring: ${SCORES[subtask - 1]}`,
  ];
}

const SCORES = [
  "the largest number of columns one body covers, divided by 36 (at most 1).",
  "the number of bodies whose columns include a 2 × 2 square, divided by 3 (at most 1).",
  "the number of water voxels at z = 6 or 7, divided by 2 (at most 1).",
  "0 if any water voxel has no rock above it in its column; else the number of water voxels divided by 10 (at most 1).",
  "with fewer than 3 bodies, their number divided by 3; else the number of different levels (each body's level being the z holding most of its voxels) divided by 3 (at most 1).",
  "the longest run of water voxels stacked in one column, divided by 6 (at most 1).",
  "the number of bodies of at least 200 voxels, divided by 2 (at most 1).",
  "1 if some body's columns enclose a dry 3 × 3 block of columns, with that body's water on the three columns along each of its four sides; else 0.",
  "0 if there is water at z = 4 or z = 5; else half a point each for water at z = 3 and at z = 6.",
  "1 − |W − 100| / 100 for W water voxels in all (at least 0).",
  "0 if any water voxel has no rock above it in its column; else the number of bodies of at least 5 voxels, divided by 4 (at most 1).",
];

export function originalPrompt(subtask: number, variant: PromptVariant, capLines: string[]): Prompt {
  const { side, goal } = ORIGINAL_SUBTASKS[subtask - 1] as (typeof ORIGINAL_SUBTASKS)[number];
  const lines = [
    ...faithfulLines(side),
    "",
    `Your task: add rock or dig out air so that, once the rain has stopped, ${goal}`,
    ...(variant === "explained" ? ["", ...explainedLines(side, subtask)] : []),
    ...capLines,
  ];
  return { messages: [{ role: "user", content: lines.join("\n") }], outputSchema: originalOutputSchema };
}
