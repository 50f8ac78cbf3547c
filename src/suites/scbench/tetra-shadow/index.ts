import { levelOfParams } from "../../../core/levels.ts";
import { infoFields } from "../../../core/registry.ts";
import { Rng } from "../../../core/rng.ts";
import type { Task } from "../../../core/task.ts";
import { tetraShadowCard } from "./card.ts";
import { generateTetraShadow, LEVELS } from "./generate.ts";
import { tetraShadowInfo } from "./info.ts";
import { originalInstances } from "./original.ts";
import { parseTetraAnswer, toOriginal } from "./parse.ts";
import { tetraPrompt } from "./prompt.ts";
import { renderTetraShadow } from "./render.ts";
import {
  answerSchema,
  dataSchema,
  type TetraAnswer,
  type TetraData,
  type TetraParams,
  tetraParams,
} from "./schema.ts";
import { solveTetraShadow } from "./solve.ts";
import { solveOriginal } from "./solve-original.ts";
import { axisAngle, type Quat } from "./tetra.ts";
import { verifyTetraShadow } from "./verify.ts";

export const tetraShadowTask: Task<TetraParams, TetraData, TetraAnswer> = {
  ...infoFields(tetraShadowInfo),
  version: 2,
  params: tetraParams,
  levels: LEVELS,
  answer: answerSchema,
  data: dataSchema,
  generate: (params, rng) => generateTetraShadow(params, rng),
  presets: {
    original: {
      description: tetraShadowInfo.presets.original.description,
      instances: originalInstances,
    },
  },

  level: (inst) => levelOfParams(tetraParams, LEVELS, inst.params),
  prompt: (inst, opts) => tetraPrompt(inst.data, opts),
  parse: (text, inst) => parseTetraAnswer(text, inst.data),
  verify: (inst, answer) => verifyTetraShadow(inst.data, answer),
  card: tetraShadowCard,
  solve: (inst) => ({
    answers: [inst.data.original ? solveOriginal(inst.data) : solveTetraShadow(inst.data)],
    complete: true,
  }),
  formatAnswer: (answer, inst) => JSON.stringify(inst.data.original ? toOriginal(answer) : answer),

  randomAnswer(inst, rng) {
    const pts = inst.data.rings[0] ?? [];
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const coord = (lo: number, hi: number) => Math.round((lo + rng.float() * (hi - lo)) * 1000) / 1000;
    const n = rng.int(1, Math.min(inst.data.maxCount, 40));
    return {
      tetrahedra: Array.from({ length: n }, (_, i) => {
        const q = axisAngle(
          [rng.float() - 0.5, rng.float() - 0.5, rng.float() + 0.01],
          rng.float() * 2 * Math.PI,
        );
        return {
          position: [
            coord(Math.min(...xs), Math.max(...xs)),
            coord(Math.min(...ys), Math.max(...ys)),
            4 * i,
          ] as [number, number, number],
          quaternion: q.map((v) => Math.round(v * 1e6) / 1e6) as Quat,
        };
      }),
    };
  },

  render: (inst, answer) => renderTetraShadow(inst.data, answer),
};

/** Median time (ms) to grade the reference answer on each level (seed "bench"), with its size. */
export function benchTetraShadow(runs = 5): { level: string; tetrahedra: number; ms: number }[] {
  return Object.entries(LEVELS).map(([level, params]) => {
    const inst = generateTetraShadow(params, new Rng("bench"));
    const answer = solveTetraShadow(inst.data);
    const times: number[] = [];
    for (let r = 0; r < runs; r++) {
      const start = performance.now();
      verifyTetraShadow(inst.data, answer);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { level, tetrahedra: answer.tetrahedra.length, ms: times[Math.floor(times.length / 2)] as number };
  });
}
