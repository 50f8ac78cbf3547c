import { generatedInstance } from "../../../core/instances.ts";
import { levelOfParams } from "../../../core/levels.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Task } from "../../../core/task.ts";
import { hideAndSeekCard } from "./card.ts";
import { generateScene, type HideParams, hideParams } from "./generate.ts";
import { hideAndSeekInfo } from "./info.ts";
import { originalPreset } from "./original.ts";
import { parseHiding } from "./parse.ts";
import { hidePrompt } from "./prompt.ts";
import { renderHiding } from "./render.ts";
import { answerSchema, dataSchema, type HideAnswer, type HideData } from "./scene.ts";
import { solveHiding } from "./solve.ts";
import { verifyHiding } from "./verify.ts";

const ID = "scbench/hide-and-seek";

/** The original's six subpasses: (people, building width); height 10 m, sniper at (100, 100, 20). */
const levels: Record<string, Partial<HideParams>> = {
  "4-people-w2": { people: 4, buildingWidth: 2 },
  "20-people-w4": { people: 20, buildingWidth: 4 },
  "40-people-w6": { people: 40, buildingWidth: 6 },
  "80-people-w8": { people: 80, buildingWidth: 8 },
  "150-people-w10": { people: 150, buildingWidth: 10 },
  "200-people-w7": { people: 200, buildingWidth: 7 },
};

export const hideAndSeekTask: Task<HideParams, HideData, HideAnswer> = {
  ...infoFields(hideAndSeekInfo),
  version: 2,
  card: hideAndSeekCard,
  params: hideParams,
  levels,
  presets: { original: originalPreset },
  answer: answerSchema,
  data: dataSchema,

  generate(params, rng) {
    const data = generateScene(params, rng);
    return generatedInstance(ID, params, rng, data);
  },

  level: (inst) => levelOfParams(hideParams, levels, inst.params),
  prompt: (inst, opts) => hidePrompt(inst.data, opts),
  parse: (text) => parseHiding(text),
  verify: (inst, answer) => verifyHiding(inst.data, answer),

  solve(inst) {
    const answer = solveHiding(inst.data);
    return answer === null ? { answers: [], complete: false } : { answers: [answer], complete: true };
  },

  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    const r = inst.data.maxDistance;
    const people = Array.from({ length: inst.data.people }, (): [number, number] => {
      const rho = r * Math.sqrt(rng.float());
      const theta = rng.float() * 2 * Math.PI;
      return [Math.round(rho * Math.cos(theta) * 100) / 100, Math.round(rho * Math.sin(theta) * 100) / 100];
    });
    return { people };
  },

  render: (inst, answer) => renderHiding(inst.data, answer),
};
