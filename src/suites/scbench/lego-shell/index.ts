import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Instance, Task } from "../../../core/task.ts";
import { brickCentre, isRightAngle } from "./brick-geometry.ts";
import { legoShellCard } from "./card.ts";
import { generateLegoShell, LEVEL_RADII } from "./generate.ts";
import { legoShellInfo } from "./info.ts";
import { legoShellPrompt } from "./prompt.ts";
import { renderLegoShell } from "./render.ts";
import { legoShellScene } from "./scene.ts";
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
  shellVolume,
  TASK_ID,
} from "./schema.ts";
import { buildShell } from "./solve.ts";
import { verifyLegoShell } from "./verify.ts";

export { benchLegoShell } from "./bench.ts";

const references = new Map<string, LegoShellAnswer>();

/** A brick as an answer writes it: Plumb's form along the axes, the original's centroid form when turned. */
function asWritten(b: Brick): Brick | { Centroid: [number, number, number]; RotationDegrees: number } {
  if (isRightAngle(b)) return b;
  const [cx, cy] = brickCentre(b);
  return { Centroid: [cx, cy, (b.layer + 0.5) * BRICK_HEIGHT], RotationDegrees: b.orientation };
}

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

/** 2.py's testParams, (inner, outer) in cm. */
const ORIGINAL_RADII_CM: [number, number][] = [
  [4, 7],
  [5, 8],
  [6, 9],
  [7, 10],
  [9, 13],
  [11, 15],
  [13, 16],
  [15, 17],
];

function originalInstances(): Instance<LegoShellData>[] {
  return ORIGINAL_RADII_CM.map(([inner, outer], i) => ({
    id: `${TASK_ID}/original/${i + 1}`,
    task: TASK_ID,
    params: { innerCm: inner, outerCm: outer },
    seed: null,
    data: { inner: inner * 10, outer: outer * 10, shellVolume: shellVolume(inner * 10, outer * 10) },
  }));
}

export const legoShellTask: Task<LegoShellParams, LegoShellData, LegoShellAnswer> = {
  ...infoFields(legoShellInfo),
  version: 3,
  card: legoShellCard,
  params: legoShellParams,
  levels: LEVEL_RADII,
  presets: {
    original: {
      description: legoShellInfo.presets.original.description,
      instances: originalInstances,
    },
  },
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
  parse: (text) => parseLooseAnswer(text, answerSchema),
  verify: (inst, answer) => verifyLegoShell(inst.data, answer),
  solve: (inst) => ({ answers: [referenceAnswer(inst.data)], complete: true }),
  formatAnswer: (answer) => JSON.stringify({ bricks: answer.bricks.map(asWritten) }),

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
  scene: (inst, answer) => legoShellScene(inst.data, answer),
};
