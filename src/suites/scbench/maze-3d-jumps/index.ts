import { generatedInstance } from "../../../core/instances.ts";
import { infoFields } from "../../../core/registry.ts";
import { Rng } from "../../../core/rng.ts";
import type { Task } from "../../../core/task.ts";
import { maze3dJumpsCard } from "./card.ts";
import { constructMaze, generateData, type MazeParams, mazeParams } from "./generate.ts";
import { maze3dJumpsInfo } from "./info.ts";
import { answerSchema, dataSchema, type MazeAnswer, type MazeData } from "./maze.ts";
import { originalPreset } from "./original.ts";
import { parseMaze } from "./parse.ts";
import { mazePrompt } from "./prompt.ts";
import { renderMaze } from "./render.ts";
import { referenceMaze } from "./solve.ts";
import { verifyMaze } from "./verify.ts";

const ID = "scbench/maze-3d-jumps";

/** The original's six subpasses: grid sizes 5 to 30 in steps of 5, needing 2 to 12 jumps. */
const levels: Record<string, Partial<MazeParams>> = {
  "size-5-jumps-2": { size: 5, minJumps: 2 },
  "size-10-jumps-4": { size: 10, minJumps: 4 },
  "size-15-jumps-6": { size: 15, minJumps: 6 },
  "size-20-jumps-8": { size: 20, minJumps: 8 },
  "size-25-jumps-10": { size: 25, minJumps: 10 },
  "size-30-jumps-12": { size: 30, minJumps: 12 },
};

const CELLS = "AB0123456789";

export const maze3dJumpsTask: Task<MazeParams, MazeData, MazeAnswer> = {
  ...infoFields(maze3dJumpsInfo),
  version: 2,
  card: maze3dJumpsCard,
  params: mazeParams,
  levels,
  presets: { original: originalPreset },
  answer: answerSchema,
  data: dataSchema,

  generate(params, rng) {
    const data = generateData(params, rng);
    const inst = generatedInstance(ID, params, rng, data);
    // constructMaze only returns a maze that passes verify; it throws otherwise.
    constructMaze(data, rng.split("construct"));
    return inst;
  },

  level(inst) {
    const { size, minJumps } = inst.data;
    return Object.entries(levels).find(([, p]) => p.size === size && p.minJumps === minJumps)?.[0] ?? null;
  },
  prompt: (inst, opts) => mazePrompt(inst.data, opts),
  parse: (text, inst) => parseMaze(text, inst.data.size),
  verify: (inst, answer) => verifyMaze(inst.data, answer),
  solve: (inst) => ({ answers: [referenceMaze(inst)], complete: true }),
  formatAnswer: (answer) => `\`\`\`\n${answer.rows.join("\n")}\n\`\`\``,

  randomAnswer(inst, rng: Rng) {
    const n = inst.data.size;
    return {
      rows: Array.from({ length: n }, () =>
        Array.from({ length: n }, () => CELLS[rng.int(0, CELLS.length - 1)] as string).join(""),
      ),
    };
  },

  render: (inst, answer) => renderMaze(inst.data, answer),
};

/** Verifications per second on the largest level's reference maze (for the lead's bench). */
export function benchMaze3dJumps(ms = 200): number {
  const inst = maze3dJumpsTask.generate(mazeParams.parse(levels["size-30-jumps-12"]), new Rng("bench"));
  const answer = referenceMaze(inst);
  const start = performance.now();
  let runs = 0;
  while (performance.now() - start < ms) {
    verifyMaze(inst.data, answer);
    runs++;
  }
  return (runs * 1000) / (performance.now() - start);
}
