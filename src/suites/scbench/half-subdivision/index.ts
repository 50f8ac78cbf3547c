import { generatedInstance } from "../../../core/instances.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Task } from "../../../core/task.ts";
import { recordsPreset } from "../common/vgb-records.ts";
import { halfSubdivisionCard } from "./card.ts";
import { generateTree } from "./generate.ts";
import { halfSubdivisionInfo } from "./info.ts";
import { loadHalfSubdivision } from "./original.ts";
import { parseNeighbours } from "./parse.ts";
import { halfSubdivisionPrompt } from "./prompt.ts";
import { renderHalfSubdivision } from "./render.ts";
import {
  type HalfSubdivisionAnswer,
  type HalfSubdivisionData,
  type HalfSubdivisionParams,
  halfSubdivisionAnswer,
  halfSubdivisionData,
  halfSubdivisionParams,
} from "./schema.ts";
import { neighbourhood } from "./solve.ts";
import { verifyNeighbours } from "./verify.ts";

const ID = "scbench/half-subdivision-neighbours";

type Level = Partial<HalfSubdivisionParams>;

const plane = (cycle: string, maxDepth: number, leaves: number, minNeighbours: number): Level => ({
  dim: 2,
  cycle,
  maxDepth,
  leaves,
  minNeighbours,
});
const space = (cycle: string, maxDepth: number, leaves: number, minNeighbours: number): Level => ({
  dim: 3,
  cycle,
  maxDepth,
  leaves,
  minNeighbours,
});

/** The paper's 17 subpasses: square and cube, each split cycle of its table, shallow to deep trees. */
const LEVELS: Record<string, Level> = {
  "2d-xy-depth4": plane("XY", 4, 10, 3),
  "2d-xy-depth6": plane("XY", 6, 20, 4),
  "2d-yx-depth6": plane("YX", 6, 20, 4),
  "2d-xxy-depth8": plane("XXY", 8, 32, 5),
  "2d-yyx-depth10": plane("YYX", 10, 48, 6),
  "2d-xy-depth10": plane("XY", 10, 48, 6),
  "3d-zyx-depth6": space("ZYX", 6, 30, 5),
  "3d-zyx-depth9": space("ZYX", 9, 50, 7),
  "3d-xyz-depth6": space("XYZ", 6, 30, 5),
  "3d-xyz-depth9": space("XYZ", 9, 50, 7),
  "3d-xyz-depth12": space("XYZ", 12, 80, 9),
  "3d-xxyz-depth8": space("XXYZ", 8, 40, 6),
  "3d-xxyz-depth12": space("XXYZ", 12, 80, 9),
  "3d-zyxxzzyxz-depth9": space("ZYXXZZYXZ", 9, 50, 7),
  "3d-zyxxzzyxz-depth12": space("ZYXXZZYXZ", 12, 80, 9),
  "3d-yyxyz-depth10": space("YYXYZ", 10, 60, 8),
  "3d-yyxyz-depth12": space("YYXYZ", 12, 80, 9),
};

export const halfSubdivisionTask: Task<HalfSubdivisionParams, HalfSubdivisionData, HalfSubdivisionAnswer> = {
  ...infoFields(halfSubdivisionInfo),
  version: 2,
  card: halfSubdivisionCard,
  params: halfSubdivisionParams,
  levels: LEVELS,
  presets: {
    original: recordsPreset(
      ID,
      halfSubdivisionInfo.presets.original.description,
      new URL("./original.jsonl", import.meta.url),
      loadHalfSubdivision,
    ),
  },
  answer: halfSubdivisionAnswer,
  data: halfSubdivisionData,

  generate(params, rng) {
    const data = generateTree(params, rng);
    const answer = { neighbours: neighbourhood(data).neighbours };
    const verdict = verifyNeighbours(data, answer);
    if (!verdict.passed)
      throw new Error(`half-subdivision: reference answer fails: ${verdict.failure?.message}`);
    return generatedInstance(ID, params, rng, data);
  },

  load: loadHalfSubdivision,
  level: (inst) => `${inst.data.dim}d-${inst.data.cycle.toLowerCase()}-depth${inst.data.maxDepth}`,
  prompt: (inst, opts) => halfSubdivisionPrompt(inst.data, opts),
  parse: parseNeighbours,
  verify: (inst, answer) => verifyNeighbours(inst.data, answer),
  solve: (inst) => ({ answers: [{ neighbours: neighbourhood(inst.data).neighbours }], complete: true }),
  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    const pool = inst.data.leaves.filter((l) => l !== inst.data.target);
    const count = rng.int(1, Math.min(pool.length, 8));
    return { neighbours: rng.shuffle(pool).slice(0, count) };
  },

  render: (inst, answer) => renderHalfSubdivision(inst.data, answer),
};
