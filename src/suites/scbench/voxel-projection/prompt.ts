import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import type { VoxelProjectionData } from "./schema.ts";

export function outputSchema(data: VoxelProjectionData): JsonSchema {
  const coord = { type: "integer", minimum: 0, maximum: data.n - 1 };
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    additionalProperties: false,
    required: ["voxels"],
    properties: {
      voxels: {
        type: "array",
        items: { type: "array", minItems: 3, maxItems: 3, prefixItems: [coord, coord, coord], items: false },
      },
    },
  };
}

/** The original's answer shape: each voxel an object holding its [x, y, z] under "xyz". */
export function originalOutputSchema(data: VoxelProjectionData): JsonSchema {
  const coord = { type: "integer", minimum: 0, maximum: data.n - 1 };
  const triple = {
    type: "array",
    minItems: 3,
    maxItems: 3,
    prefixItems: [coord, coord, coord],
    items: false,
  };
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    additionalProperties: false,
    required: ["voxels"],
    properties: {
      voxels: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["xyz"],
          properties: { xyz: triple },
        },
      },
    },
  };
}

/**
 * What the original said: the count, the side, solid projections onto all three planes, no trivial
 * symmetry (rotation or reflection), where (0, 0, 0) is, and for one level the digit rule.
 * It did not list the symmetries, the duplicate rule or the projection pairs one by one.
 */
function faithful(data: VoxelProjectionData, opts: PromptOptions): Prompt {
  const { n, voxels, forbiddenSumDigit: digit } = data;
  const lines = [
    `Place ${voxels} voxels in a cubic grid with ${n} cells along each side so that the orthographic projection onto each of the three coordinate planes is completely filled (no gaps), and so that the shape has no trivial symmetry: no rotation or reflection may leave it unchanged.`,
    "The cell (0, 0, 0) is the bottom-left one; indices grow upwards and to the right.",
    ...(digit === null
      ? []
      : [`No voxel may have a coordinate sum x + y + z containing the digit ${digit}.`]),
    "",
    'Answer with one JSON object of the form {"voxels": [{"xyz": [x, y, z]}, ...]}.',
    ...tokenCapLines(opts),
  ];
  return promptOf(lines, originalOutputSchema(data));
}

export function voxelProjectionPrompt(data: VoxelProjectionData, opts: PromptOptions = {}): Prompt {
  return promptVariant(opts) === "default" ? faithful(data, opts) : explained(data, opts);
}

/** Plumb's first wording: the rules numbered, every symmetry spelled out, Plumb's answer shape. */
function explained(data: VoxelProjectionData, opts: PromptOptions): Prompt {
  const { n, voxels, forbiddenSumDigit: digit } = data;
  const m = n - 1;
  const rules = [
    `1. Place exactly ${voxels} voxels (unit cubes) in a ${n}×${n}×${n} grid. A voxel is an integer triple [x, y, z] with 0 ≤ x, y, z ≤ ${m}.`,
    "2. No voxel may be listed twice.",
    `3. The projection onto the XY plane is full: for every pair (x, y) with 0 ≤ x, y ≤ ${m} there is at least one voxel [x, y, z] for some z.`,
    `4. The projection onto the XZ plane is full: for every pair (x, z) there is at least one voxel [x, y, z] for some y.`,
    `5. The projection onto the YZ plane is full: for every pair (y, z) there is at least one voxel [x, y, z] for some x.`,
    "6. The arrangement has no symmetry: no rotation or reflection of the cube other than the identity maps your set of voxels onto itself. " +
      `This covers all 47 non-identity symmetries of the cube, each of which permutes the three axes and may flip any of them, where flipping an axis sends coordinate c to ${m} − c ` +
      `(for example the 90° turn (x, y, z) → (${m} − y, x, z), the mirror (x, y, z) → (${m} − x, y, z), the swap (x, y, z) → (y, x, z) and the point inversion (x, y, z) → (${m} − x, ${m} − y, ${m} − z)).`,
  ];
  if (digit !== null) {
    rules.push(
      `7. No voxel may have the digit ${digit} anywhere in the decimal form of its coordinate sum x + y + z ` +
        `(so sums such as ${[digit, 10 + digit, 20 + digit]
          .filter((s) => s <= 3 * m)
          .join(", ")} are forbidden${digit === 1 ? ", as is every sum from 10 to 19" : ""}).`,
    );
  }
  const lines = [
    `Build an asymmetric solid of voxels in a ${n}×${n}×${n} grid whose three orthographic projections are completely solid.`,
    "",
    "Rules:",
    ...rules,
    "",
    'Answer with one JSON object of the form {"voxels": [[x, y, z], [x, y, z], ...]} listing every voxel once, ' +
      `with ${voxels} entries in any order. For example [0, ${m}, 2] is the voxel at x = 0, y = ${m}, z = 2.`,
    ...tokenCapLines(opts),
  ];
  return promptOf(lines, outputSchema(data));
}

function promptOf(lines: string[], schema: JsonSchema): Prompt {
  return {
    messages: [
      {
        role: "system",
        content: "You construct exact geometric arrangements and give the final answer as JSON.",
      },
      { role: "user", content: lines.join("\n") },
    ],
    outputSchema: schema,
  };
}
