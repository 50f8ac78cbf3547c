import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Task } from "../../../core/task.ts";
import { stlBinary } from "../../../geometry/mesh.ts";
import { interlockingPartsCard } from "./card.ts";
import { generateInterlocking } from "./generate.ts";
import { interlockingPartsInfo } from "./info.ts";
import { originalPreset } from "./original.ts";
import { interlockingPrompt } from "./prompt.ts";
import { renderInterlocking } from "./render.ts";
import { interlockingScene } from "./scene.ts";
import {
  answerSchema,
  dataSchema,
  type InterlockingAnswer,
  type InterlockingData,
  type InterlockingParams,
  interlockingParams,
} from "./schema.ts";
import { solveInterlocking } from "./solve.ts";
import { verifyInterlocking } from "./verify.ts";

export { benchInterlocking } from "./bench.ts";

const levels: Record<string, Partial<InterlockingParams>> = {
  brief: { vary: false },
  "brief-varied": { vary: true },
};

export const interlockingPartsTask: Task<InterlockingParams, InterlockingData, InterlockingAnswer> = {
  ...infoFields(interlockingPartsInfo),
  version: 2,
  card: interlockingPartsCard,
  params: interlockingParams,
  levels,
  presets: { original: originalPreset },
  answer: answerSchema,
  data: dataSchema,
  generate: (params, rng) => generateInterlocking(params, rng),
  level: (inst) => ((inst.params as Partial<InterlockingParams> | null)?.vary ? "brief-varied" : "brief"),
  prompt: (inst, opts) => interlockingPrompt(inst.data, opts),
  parse: (text) => parseLooseAnswer(text, answerSchema),
  verify: (inst, answer) => verifyInterlocking(inst.data, answer),
  solve: (inst) => ({ answers: [solveInterlocking(inst.data)], complete: true }),
  formatAnswer: (answer) => JSON.stringify(answer),

  /** Ten random boxes on the bed, placed at random in the cage's frame. */
  randomAnswer(inst, rng) {
    const [bx, by] = inst.data.build;
    const parts = Array.from({ length: 10 }, (_, i) => {
      const s = [rng.int(10, 100), rng.int(10, 100), rng.int(5, 40)];
      const x0 = rng.int(0, bx - 100);
      const y0 = rng.int(0, by - 100);
      const v = (dx: number, dy: number, dz: number): [number, number, number] => [
        x0 + dx * (s[0] as number),
        y0 + dy * (s[1] as number),
        dz * (s[2] as number),
      ];
      return {
        name: `box ${i}`,
        vertices: [
          v(0, 0, 0),
          v(1, 0, 0),
          v(0, 1, 0),
          v(1, 1, 0),
          v(0, 0, 1),
          v(1, 0, 1),
          v(0, 1, 1),
          v(1, 1, 1),
        ],
        faces: BOX_FACES.map((f) => [...f] as [number, number, number]),
        transform: [
          [1, 0, 0, rng.int(-250, 50)],
          [0, 1, 0, rng.int(-250, 50)],
          [0, 0, 1, rng.int(0, 600)],
          [0, 0, 0, 1],
        ] as InterlockingAnswer["parts"][number]["transform"],
      };
    });
    const a = inst.data.innerWidth / 2 + 7;
    return { parts, rods: [1, -1].flatMap((sx) => [1, -1].map((sy) => ({ x: sx * a, y: sy * a }))) };
  },

  render: (inst, answer) => renderInterlocking(inst.data, answer),
  scene: (inst, answer) => interlockingScene(inst.data, answer),
  /** Each part in its print pose (the answer's, else the reference design's), ready for a slicer. */
  meshes: (inst, answer) => {
    const shown = answer ?? solveInterlocking(inst.data);
    return shown.parts.map((part, i) => ({ name: `part-${i}-${part.name}`, stl: partStl(shown, i) }));
  },
};

/** The corner-indexed box of `randomAnswer` (corner bits: x = 1, y = 2, z = 4), outward. */
const BOX_FACES: readonly (readonly [number, number, number])[] = [
  [0, 2, 3],
  [0, 3, 1],
  [4, 5, 7],
  [4, 7, 6],
  [0, 1, 5],
  [0, 5, 4],
  [2, 6, 7],
  [2, 7, 3],
  [0, 4, 6],
  [0, 6, 2],
  [1, 3, 7],
  [1, 7, 5],
];

/** Binary STL of one part in its print pose (what goes to the slicer). */
export function partStl(answer: InterlockingAnswer, index: number): Uint8Array {
  const part = answer.parts[index];
  if (!part) throw new RangeError(`no part #${index} (the answer has ${answer.parts.length})`);
  const valid = part.faces.filter((f) =>
    f.every((v) => Number.isInteger(v) && v >= 0 && v < part.vertices.length),
  );
  return stlBinary({ vertices: part.vertices, triangles: valid }, part.name);
}
