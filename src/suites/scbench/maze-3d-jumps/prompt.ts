import type { Prompt, PromptOptions } from "../../../core/task.ts";
import { checkPromptOptions, tokenCapLines } from "../common/prompt-options.ts";
import type { MazeData } from "./maze.ts";

export function mazePrompt(data: MazeData, opts: PromptOptions = {}): Prompt {
  checkPromptOptions(opts);
  const { size: n, minJumps, startHeight, endHeight } = data;
  const cells = n * n;
  const lines = [
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
    `4. That route visits more than 20% of the cells (more than ${Math.floor(cells / 5)} cells, counting A and B, not counting jumped-over cells).`,
    `5. That route makes at least ${minJumps} jumps.`,
    "",
    `Answer with the grid only: ${n} lines of ${n} characters, inside one fenced code block (\`\`\`). ` +
      "Put no other text inside the block.",
  ];
  lines.push(...tokenCapLines(opts));
  return {
    messages: [
      { role: "system", content: "You design puzzles that meet every stated rule exactly." },
      { role: "user", content: lines.join("\n") },
    ],
  };
}
