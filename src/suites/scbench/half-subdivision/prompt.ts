import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Message, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import type { HalfSubdivisionData } from "./schema.ts";
import { AXIS_LETTERS, axisAt, boxOf, type Frame, unitsPerAxis } from "./tree.ts";

export const OUTPUT_SCHEMA: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: { neighbours: { type: "array", items: { type: "string" } } },
  required: ["neighbours"],
  additionalProperties: false,
};

const SYSTEM: Message = {
  role: "system",
  content:
    "You solve spatial reasoning problems exactly and give your final answer in the JSON format asked for.",
};

const FAITHFUL_SYSTEM: Message = {
  role: "system",
  content: "You solve spatial reasoning problems exactly and answer in the format asked for.",
};

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function fraction(n: number, d: number): string {
  if (n === 0) return "0";
  const g = gcd(n, d);
  return d / g === 1 ? String(n / g) : `${n / g}/${d / g}`;
}

function interval(frame: Frame, address: string, axis: number): string {
  const box = boxOf(frame, address);
  const units = unitsPerAxis(frame)[axis] ?? 1;
  return `[${fraction(box.lo[axis] ?? 0, units)}, ${fraction(box.hi[axis] ?? 0, units)}]`;
}

function boxText(frame: Frame, address: string): string {
  return AXIS_LETTERS.slice(0, frame.dim)
    .map((a, i) => `${a.toLowerCase()} in ${interval(frame, address, i)}`)
    .join(", ");
}

/** A short worked address: how each character narrows the box. */
function example(frame: Frame): string {
  const address = "0110".slice(0, Math.min(4, frame.maxDepth));
  const steps = [...address].map((c, k) => {
    const axis = axisAt(frame.cycle, k);
    const name = AXIS_LETTERS[axis] ?? "?";
    const half = c === "0" ? "lower" : "upper";
    return `character ${k + 1} is "${c}" on axis ${name}, keep the ${half} half: ${name.toLowerCase()} in ${interval(frame, address.slice(0, k + 1), axis)}`;
  });
  return `For example, the address "${address}" is found like this: ${steps.join("; ")}. So "${address}" is the box ${boxText(frame, address)}.`;
}

/** Every node of the tree (the leaves and their ancestors) in depth-first order, each indented by its depth. */
export function treeDrawing(leaves: readonly string[]): string[] {
  const nodes = new Set<string>([""]);
  for (const leaf of leaves) for (let k = 1; k <= leaf.length; k++) nodes.add(leaf.slice(0, k));
  return [...nodes].sort().map((n) => (n === "" ? "(root)" : `${"  ".repeat(n.length)}${n}`));
}

/**
 * The original's information: the subdivision as a drawn tree of addresses, the repeating axis
 * cycle, the target leaf, and the question (leaves sharing a face, in 2D a boundary segment), with
 * a comma-separated list of labels as the answer. It does not explain addresses, give a worked
 * example, list the box of a cell, or say that corner or edge contact does not count.
 */
function faithful(data: HalfSubdivisionData, opts: PromptOptions): string {
  const solid = data.dim === 2 ? "square" : "cube";
  const contact = data.dim === 2 ? "a boundary segment" : "a face";
  return [
    `A binary tree describes an axis-aligned half subdivision of the unit ${solid}. Each node's cell is cut into its two children by bisecting it along the axes of the repeating cycle ${[...data.cycle.toLowerCase()].join(" → ")}, one axis per level.`,
    "",
    "The tree, one node per line, each child indented under its parent:",
    "```",
    ...treeDrawing(data.leaves),
    "```",
    "",
    `Target leaf: ${data.target}`,
    "",
    `List every leaf that shares ${contact} with the target. Answer with their labels as a comma-separated list (quotes optional).`,
    ...tokenCapLines(opts),
  ].join("\n");
}

export function halfSubdivisionPrompt(data: HalfSubdivisionData, opts: PromptOptions = {}): Prompt {
  if (promptVariant(opts) === "default") {
    return {
      messages: [FAITHFUL_SYSTEM, { role: "user", content: faithful(data, opts) }],
      outputSchema: OUTPUT_SCHEMA,
    };
  }

  const solid = data.dim === 2 ? "square" : "cube";
  const domain = data.dim === 2 ? "[0, 1] × [0, 1]" : "[0, 1] × [0, 1] × [0, 1]";
  const coords = data.dim === 2 ? "x and y" : "x, y and z";
  const letters = [...data.cycle].join(", ");
  const schedule = Array.from(
    { length: data.maxDepth },
    (_, k) => `${k + 1}: ${data.cycle[k % data.cycle.length]}`,
  );
  const measure = data.dim === 2 ? "positive length" : "positive area";
  const where = data.dim === 2 ? "a line" : "a plane";
  const notContact =
    data.dim === 2
      ? "A leaf that touches the target only at a single corner point is not a neighbour."
      : "A leaf that touches the target only along an edge segment or only at a corner point (contact of zero area) is not a neighbour.";

  const content = [
    `The unit ${solid} ${domain}, with coordinates ${coords}, has been cut up recursively into a binary tree of cells. A cell that is cut is split through its midpoint, perpendicular to one axis, into two halves of equal size.`,
    "",
    "Addresses. A cell is named by the string of 0s and 1s that leads to it from the root: the whole " +
      `${solid} has the empty address, and appending one character to a cell's address names one of its two halves, ` +
      `"0" the lower half (smaller coordinates along the split axis) and "1" the upper half. The split axis depends only on the character's position. ` +
      `The split cycle is ${letters} (${data.cycle.length} long), repeated: the k-th character (k = 1, 2, 3, …) splits along entry ((k − 1) mod ${data.cycle.length}) + 1 of the cycle. ` +
      `Here no leaf is deeper than ${data.maxDepth} characters, and the axes of positions 1 to ${data.maxDepth} are: ${schedule.join(", ")}.`,
    example(data),
    "",
    `The tree. Its ${data.leaves.length} leaves (cells that are not cut further) tile the ${solid} without overlapping:`,
    data.leaves.join(", "),
    "",
    `The target leaf is "${data.target}".`,
    "",
    `Question. List every face neighbour of the target. A leaf is a face neighbour when it is not the target and its box shares with the target's box a piece of boundary of ${measure}: the two boxes meet on ${where} perpendicular to one axis (the upper end of one box along that axis equals the lower end of the other), and along every other axis their intervals overlap in an interval of positive length. ${notContact} The ${solid} does not wrap around: cells on opposite sides of the ${solid} are not neighbours.`,
    "",
    'Answer format: a JSON object {"neighbours": [...]} whose list holds the address of every face neighbour exactly once, written exactly as in the list of leaves, in any order. Do not list the target, internal (cut) cells, or cells that are not leaves of this tree. ' +
      'For instance {"neighbours": ["0110", "0111"]} has the right shape (these addresses are only an illustration). If you reason first, end your reply with the JSON object.',
    ...tokenCapLines(opts).flatMap((line) => ["", line]),
  ].join("\n");

  return { messages: [SYSTEM, { role: "user", content }], outputSchema: OUTPUT_SCHEMA };
}
