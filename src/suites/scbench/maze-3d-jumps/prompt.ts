import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import type { MazeData } from "./maze.ts";

export function mazePrompt(data: MazeData, opts: PromptOptions = {}): Prompt {
  const lines = promptVariant(opts) === "explained" ? explainedLines(data) : faithfulLines(data);
  lines.push(...tokenCapLines(opts));
  return {
    messages: [
      { role: "system", content: "You design puzzles that meet every stated rule exactly." },
      { role: "user", content: lines.join("\n") },
    ],
  };
}

/** What the original asked: the movement rules, the maze's constraints and the output format. */
function faithfulLines(data: MazeData): string[] {
  const { size: n, minJumps, startHeight, endHeight } = data;
  return [
    "Design a platform maze as a heightmap: a square grid of characters, one row per line, where a digit 0–9 is the height of a cell.",
    `A marks the start cell, which stands at height ${startHeight}; B marks the goal cell, at height ${endHeight}.`,
    "",
    "Moving through the maze, from a cell you may:",
    "- step to a side neighbour (up, down, left or right) whose height is within 1 of yours;",
    "- jump two cells straight up, down, left or right, when the landing cell has exactly your height and the cell in between is lower than you (you jump over gaps, never through walls).",
    "For instance, standing at height 4 you may jump over a neighbour at height 1 onto a height-4 cell just beyond it.",
    "",
    "The maze must:",
    "- use only the characters 0–9, A and B, with A and B once each;",
    "- have exactly one solution, a single way from A to B;",
    "- have a solution path that visits at least 20% of all cells;",
    "- not give any one height to more than 30% of the cells.",
    "",
    `Build a ${n}×${n} maze with A at height ${startHeight}, B at height ${endHeight}, and at least ${minJumps} jumps on the way from A to B.`,
    "",
    `Reply with the heightmap only: ${n} lines of ${n} characters each, and nothing above or below it.`,
  ];
}

/** Plumb's earlier wording: the same task with the grader's reading of every rule spelled out. */
function explainedLines(data: MazeData): string[] {
  const { size: n, minJumps, startHeight, endHeight } = data;
  const cells = n * n;
  return [
    `Design a maze on a ${n}×${n} heightmap whose only route from start to end needs at least ${minJumps} jumps.`,
    "",
    "Format: the maze is a grid of characters, one line per row, with no spaces. Each cell is one character:",
    "- A is the start cell, B is the end cell (exactly one of each),",
    "- a digit 0–9 is the elevation of the cell (0 lowest, 9 highest).",
    `The start A has the fixed elevation ${startHeight} and the end B has the fixed elevation ${endHeight}; ` +
      "in every rule below A and B count as cells of those elevations.",
    "",
    "Moves (only between cells that share a side, or straight across one cell for a jump):",
    "1. Walk: from a cell to a side neighbour whose elevation differs by at most 1.",
    "2. Jump: from a cell of elevation h over a side neighbour of elevation at most h − 2 onto the next cell in the same " +
      "straight line, which must have elevation exactly h. The jumped-over cell is not visited. " +
      "Nothing else is a move (no diagonal moves, no longer jumps, no jumps over higher cells).",
    "Every move can be made in both directions.",
    "",
    "Rules:",
    `1. The grid has exactly ${n} rows of exactly ${n} characters each.`,
    `2. No single elevation value occupies more than 30% of the cells (at most ${Math.floor((cells * 3) / 10)} of ${cells}).`,
    "3. B can be reached from A, and there is exactly one route from A to B that never visits a cell twice: " +
      "no move of that route may lie on a loop of moves, so no walk or jump opens a second way or a shortcut. " +
      "Dead ends, and loops or regions the route does not pass through, are allowed.",
    `4. That route visits at least 20% of the cells (at least ${Math.ceil(cells / 5)} cells, counting A and B, not counting jumped-over cells).`,
    `5. That route makes at least ${minJumps} jumps.`,
    "",
    `Answer with the grid only: ${n} lines of ${n} characters, inside one fenced code block (\`\`\`). ` +
      "Put no other text inside the block.",
  ];
}
