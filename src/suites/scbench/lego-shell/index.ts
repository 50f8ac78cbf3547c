import { parseJsonAnswer } from "../../../core/json-answer.ts";
import type { Task } from "../../../core/task.ts";
import { generateLegoShell, LEVEL_RADII } from "./generate.ts";
import { legoShellPrompt } from "./prompt.ts";
import { renderLegoShell } from "./render.ts";
import {
  answerSchema,
  BRICK_HEIGHT,
  type Brick,
  dataSchema,
  type LegoShellAnswer,
  type LegoShellData,
  type LegoShellParams,
  legoShellParams,
  PITCH,
  TASK_ID,
} from "./schema.ts";
import { buildShell } from "./solve.ts";
import { verifyLegoShell } from "./verify.ts";

export { benchLegoShell } from "./bench.ts";

const references = new Map<string, LegoShellAnswer>();

/** The reference build for a shell, computed once per pair of radii. */
export function referenceAnswer(data: LegoShellData): LegoShellAnswer {
  const key = `${data.inner},${data.outer}`;
  let answer = references.get(key);
  if (!answer) {
    answer = buildShell(data.inner, data.outer).answer;
    references.set(key, answer);
  }
  return { bricks: answer.bricks.map((b) => ({ ...b })) };
}

export const legoShellTask: Task<LegoShellParams, LegoShellData, LegoShellAnswer> = {
  id: TASK_ID,
  suite: "scbench",
  version: 1,
  description:
    "Build a hemispherical shell from 2×4 Lego bricks under stud, connection, overlap and stability rules; scored by IoU with the shell.",
  tags: ["constructive", "3d", "lego", "csg", "optimisation"],
  params: legoShellParams,
  levels: LEVEL_RADII,
  answer: answerSchema,
  data: dataSchema,
  generate: (params, rng) => generateLegoShell(params, rng),

  level(inst) {
    const match = Object.entries(LEVEL_RADII).find(
      ([, p]) => p.inner === inst.data.inner && p.outer === inst.data.outer,
    );
    return match?.[0] ?? null;
  },
  prompt: (inst, opts) => legoShellPrompt(inst.data, opts),
  parse: (text) => parseJsonAnswer(text, answerSchema),
  verify: (inst, answer) => verifyLegoShell(inst.data, answer),
  solve: (inst) => ({ answers: [referenceAnswer(inst.data)], complete: true }),
  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    const reach = Math.ceil(inst.data.outer / PITCH);
    const layers = Math.ceil(inst.data.outer / BRICK_HEIGHT);
    return {
      bricks: Array.from(
        { length: rng.int(1, 50) },
        (): Brick => ({
          x: rng.int(-reach, reach) * PITCH,
          y: rng.int(-reach, reach) * PITCH,
          layer: rng.int(0, layers - 1),
          orientation: rng.bool() ? 0 : 90,
        }),
      ),
    };
  },

  render: (inst, answer) => renderLegoShell(inst.data, answer),
};
