import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import { ANSWER_DIGIT_CAP, type PrintablePrimeData } from "./generate.ts";
import { ORIENTATIONS } from "./rules.ts";

export const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["numberSequence"],
  properties: {
    reasoning: { type: "string" },
    numberSequence: {
      type: "array",
      maxItems: ANSWER_DIGIT_CAP,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["digit", "orientation"],
        properties: {
          digit: { type: "integer", minimum: 0, maximum: 9 },
          orientation: { type: "string", enum: [...ORIENTATIONS] },
        },
      },
    },
  },
};

export function printablePrimePrompt(data: PrintablePrimeData, opts: PromptOptions = {}): Prompt {
  const user = promptVariant(opts) === "default" ? faithful(data, opts) : explained(data, opts);
  return {
    messages: [
      {
        role: "system",
        content: "You solve spatial and number puzzles exactly and give the final answer as JSON.",
      },
      { role: "user", content: user },
    ],
    outputSchema,
  };
}

const ANSWER_FORMAT =
  'Answer with one JSON object {"numberSequence": [{"digit": 8, "orientation": "flat"}, ...], "reasoning": "..."} listing the digits from the plate upwards (the most significant digit first, printed first). "digit" is an integer 0–9 and "orientation" is one of ' +
  `${ORIENTATIONS.map((o) => `"${o}"`).join(", ")}. "reasoning" is optional.`;

/**
 * What the original's prompt and answer schema tell the model: what stacking without supports
 * means, the font and its sizes, three worked stacks, the orientation names, the triplet rule, the
 * 0.2 mm gap and the 70 mm height to beat. Which digit fits on which, and the score, are left out.
 */
function faithful(data: PrintablePrimeData, opts: PromptOptions): string {
  const limit =
    data.maxDigits === null
      ? `The triplet rule keeps the answer finite (well under ${ANSWER_DIGIT_CAP} digits).`
      : `The number may have at most ${data.maxDigits} digits.`;
  return [
    "One solid can be printed on top of another, without support material, when there is an orientation in which it rests on the lower one with nothing overhanging: all of its lowest points touch the lower solid's highest points, its centre of gravity lies over the lower solid, the centre of gravity of the whole stack lies over the footprint of the bottom solid, and no part of it is a cantilever or a bridge.",
    "For instance a unit cube, then a cylinder 1 wide and 1 tall standing on a flat face, then a three-legged stool with a seat 1 across turned upside down so its seat rests on the cylinder, then small dice balanced on the ends of its legs (one per leg, or piled on one leg) make a printable stack.",
    "",
    "Now stack digits instead. Each digit is drawn in a 7-segment font at a fixed size and the number is read from the build plate upwards. What is the largest prime number that can be printed as such a stack?",
    "",
    "- 2, 3, 5 and 7 are printable, being single digits.",
    "- 17 is printable: a flat 1, then a 7 turned about the y axis so that its long stroke lies along the 1.",
    "- 331 is printable: a flat 3, then a 3 turned about the y axis so that its three bars point up as spikes, then a 1 balanced on the tips of the spikes.",
    "",
    "Details:",
    '- Each z level holds one digit only: "138" cannot be printed by putting the 1 and the 3 side by side and the 8 on both.',
    "- Digits may be turned about any axis. A 3 can sit spikes-up on a 7, but another turned 3 cannot then go on that 3: between its spikes it would overhang.",
    "- No three-digit group may repeat: write the number with a comma every three digits (counted from the right); no group between commas may occur twice. 123,321,123 is not allowed; 123,111,231 is.",
    "- Every segment is a 10 × 1 × 1 mm bar. Flat in the xy plane, the horizontal bars are centred at y = −10, 0 and 10 and the vertical ones at x = −5 and 5, so a flat 8 covers −5.5 < x < 5.5, −10.5 < y < 10.5, −0.5 < z < 0.5 with two 9 × 9 mm holes.",
    "- The printer leaves a 0.2 mm gap in z between consecutive digits so they separate after printing.",
    `- ${limit}`,
    "",
    'Orientations: "flat" is the digit as written, lying on the plate; "flippedX" mirrors it left to right (a 3 becomes an Ɛ); "flippedY" mirrors it top to bottom (a 5 becomes a 2); "rotate180Z" turns it half a turn in the plane (a 6 becomes a 9); "rotate90X" turns it a quarter turn about the x axis, standing it on end (20 mm tall); "rotate90Y" turns it a quarter turn about the y axis, laying it on a long side (10 mm tall). No other rotation gives anything printable.',
    "",
    `Find the largest such prime you can. As a second goal, someone has a stack ${data.minHeightMm / 10} cm (${data.minHeightMm} mm) tall: try to beat that height.`,
    "",
    ANSWER_FORMAT,
    ...tokenCapLines(opts),
  ].join("\n");
}

/** Plumb's first wording: the stacking rules, the height of each layer and the score written out. */
function explained(data: PrintablePrimeData, opts: PromptOptions): string {
  const cap =
    data.maxDigits === null
      ? `There is no fixed limit on the number of digits (answers are accepted up to ${ANSWER_DIGIT_CAP} digits).`
      : `The number must have at most ${data.maxDigits} digits.`;
  const lines = [
    "Find the largest prime number that can be 3D-printed, without any support material, as a vertical stack of 7-segment digits.",
    "",
    "The digits:",
    "- Each digit is drawn in a 7-segment font. Segments: a = top bar, b = upper right, c = lower right, d = bottom bar, e = lower left, f = upper left, g = middle bar. A digit is 10 mm wide and 20 mm tall; every segment is a 10 mm × 1 mm × 1 mm bar.",
    "- Segments per digit: 0 = abcdef, 1 = bc, 2 = abdeg, 3 = abcdg, 4 = bcfg, 5 = acdfg, 6 = acdefg, 7 = abc, 8 = abcdefg, 9 = abcdfg.",
    "- The number is read from the build plate upwards: the first digit is printed on the plate, each next digit directly on top of the previous one, one digit per layer, all centred on the same vertical axis.",
    "",
    "Orientations (every digit gets exactly one):",
    '- Flat (lying in the plate\'s plane, 1 mm thick): "flat" (as written), "flippedX" (mirrored left↔right: b↔f, c↔e, so 3 looks like Ɛ), "flippedY" (mirrored top↔bottom: a↔d, b↔c, e↔f, so 5 looks like 2), "rotate180Z" (turned half a turn: a↔d, b↔e, c↔f, so 6 looks like 9).',
    '- "rotate90X": standing upright, its 20 mm axis vertical. Only a 1 (a vertical spire) and a 7 standing on its head (top bar down, its stroke rising from the end of the bar) can be printed this way.',
    '- "rotate90Y": lying on one long side, 10 mm tall. Only a 1 (a bar lying down), a 3 on its long right side (its three bars pointing up as spikes) and a 7 on its long right side (its top bar pointing up) can be printed this way.',
    "- So 8 (and every digit other than 1, 3 and 7) can only be printed flat; a 7 can stand on its head or lie on its side but never stand on its base; a 3 can only leave the flat position by lying on its long side.",
    "",
    "Stacking rules (a digit is supported only by the digit directly below it):",
    "1. Flat on flat: every segment of the upper digit, in its orientation, must lie exactly on a segment of the lower digit in that digit's orientation (the upper digit's segment set is a subset of the lower's). So 7 can go on 3 but 3 cannot go on 7; 9 can go on 8 but 8 cannot go on 9; a 6 on a flat 9 must be turned (rotate180Z) so it covers the same segments as the 9.",
    '2. A "rotate90Y" digit needs a full-length side under it: the flat digit below must have both b and c, or both e and f (so never on a 2 or a 5).',
    '3. A 7 in "rotate90X" needs a horizontal bar under its head: the flat digit below must have a, d or g (so not on a 1). A 1 in "rotate90X" (a spire) can stand on any flat digit.',
    '4. On top of a digit in "rotate90X" or "rotate90Y" only a 1 in "rotate90X" can be printed: spires of 1s can be continued upwards, nothing else.',
    "5. Any digit in any of its allowed orientations can be the first digit, on the plate.",
    "",
    "Number rules:",
    `6. The number is a prime (it is checked with the Baillie–PSW test). No leading zero. ${cap}`,
    "7. Write the number with a comma every three digits counted from the right (e.g. 1,234,567). No three-digit group between commas may appear twice: 123,123 is not allowed, but 123,000,001,230 is.",
    "",
    "Height: each flat digit and each 1 in rotate90Y adds 1.2 mm (1 mm of plastic plus a 0.2 mm separation gap); a digit in rotate90Y adds 11.2 mm; a digit in rotate90X adds 21.2 mm.",
    "",
    `Scoring: the answer must follow every rule above, or it scores 0. A valid answer scores (number of digits) / ${data.targetDigits}, capped at 1, and gets full credit from ${data.targetDigits} digits on; if the stack is not taller than ${data.minHeightMm} mm the score is multiplied by 0.9. Your first priority is a larger number (more digits); your second is a stack taller than ${data.minHeightMm} mm.`,
    "",
    ANSWER_FORMAT,
  ];
  lines.push(...tokenCapLines(opts));
  return lines.join("\n");
}
