/**
 * chain/burr: interlocking burr puzzles (CHAIN's puzzle family) taken apart by sliding pieces.
 * Interactive through `env`, or one-shot: the whole plan as a JSON array of actions.
 */
import { z } from "zod";
import { InputError } from "../../../core/errors.ts";
import { generatedInstance } from "../../../core/instances.ts";
import { parseJsonAnswer } from "../../../core/json-answer.ts";
import { checkShots, checkVariant, tokenCapLines } from "../../../core/prompt-options.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance, Prompt, PromptOptions, Task } from "../../../core/task.ts";
import type { ParseFailure, Verdict } from "../../../core/verdict.ts";
import { verdictFromChecks } from "../../../core/verdict.ts";
import {
  bounds,
  type Cell,
  cellsKey,
  ROTATIONS,
  sortCells,
  transform,
  translate,
} from "../../../geometry/voxels.ts";
import { planCap } from "../common/budget.ts";
import { readEnvOptions } from "../common/env-options.ts";
import { pieceColour } from "../common/palette.ts";
import { scenePng, sceneSvg } from "../common/views.ts";
import { burrCard } from "./card.ts";
import { CLASSIC_BURRS } from "./classic.ts";
import {
  actionOf,
  type BurrAction,
  type BurrData,
  burrActionSchema,
  burrDataSchema,
  moveOf,
  shapesOf,
  specOf,
  tierOf,
} from "./data.ts";
import { BurrEnv } from "./env.ts";
import { burrInstanceFromXmpuzzle } from "./from-xmpuzzle.ts";
import { generateBurr } from "./generate.ts";
import { burrInfo } from "./info.ts";
import { burrScene } from "./scene.ts";
import { BurrState } from "./state.ts";
import { rulesText, scenePieces, stateText } from "./text.ts";

const cell = z.tuple([z.number().int().min(1), z.number().int().min(1), z.number().int().min(1)]);

export const burrParamsSchema = z.object({
  /**
   * "generated": a box cut into interlocking pieces; "luban": a six-piece burr of random
   * notchable sticks; "holey": a burr hill-climbed to a high level, with holes and cut pieces;
   * "classic": a fixed classic solid six-piece burr (Luban lock).
   */
  source: z.enum(["generated", "luban", "holey", "classic"]).default("generated"),
  /** Which classic burr, 0 … CLASSIC_BURRS.length − 1 (source "classic"); random when absent. */
  classic: z
    .number()
    .int()
    .min(0)
    .max(CLASSIC_BURRS.length - 1)
    .optional(),
  /** Box of a "generated" puzzle. */
  box: cell.default([3, 3, 2]),
  minPieces: z.number().int().min(2).max(30).default(3),
  maxPieces: z.number().int().min(2).max(30).default(4),
  /** Bounds on the moves before the first separation. */
  minLevel: z.number().int().min(1).default(1),
  maxLevel: z.number().int().min(1).default(2),
  /** Chance that a Luban stick keeps each free removable cube. */
  fill: z.number().min(0).max(1).default(0.4),
  maxAttempts: z.number().int().min(1).default(3000),
  nodeLimit: z.number().int().min(1).default(20000),
  /** Single-cell changes a "holey" climb tries from each start. */
  climbSteps: z.number().int().min(1).default(3000),
});
export type BurrParams = z.infer<typeof burrParamsSchema>;

const answerSchema = z.array(burrActionSchema);
type BurrAnswer = z.infer<typeof answerSchema>;

function generate(params: BurrParams, rng: Rng): Instance<BurrData> {
  if (params.minPieces > params.maxPieces || params.minLevel > params.maxLevel) {
    throw new InputError("minPieces/minLevel must not exceed maxPieces/maxLevel", { field: "params" });
  }
  let g: ReturnType<typeof generateBurr>;
  try {
    g = generateBurr(params, rng);
  } catch (e) {
    if (e instanceof RangeError) throw new InputError(e.message, { field: "params" });
    throw e;
  }
  const names = g.pieces.map((_, i) => pieceColour(i).name);
  const first = g.burrtools.tree?.moves.length ?? 0;
  const data: BurrData = {
    source: params.source,
    tier: tierOf(g.pieces.length, first),
    pieces: g.pieces.map((cells, i) => ({ name: names[i] as string, hex: pieceColour(i).hex, cells })),
    numbers: g.numbers,
    plan: g.solution.plan.map((m) => specOf(m, names)),
    level: g.burrtools.level,
    optimal: g.solution.moves,
    stats: { attempts: g.attempts, nodes: g.solution.nodes },
  };
  return generatedInstance("chain/burr", params, rng, data);
}

function prompt(inst: Instance<BurrData>, opts: PromptOptions = {}): Prompt {
  const variant = checkVariant(opts, ["default", "vision"]);
  checkShots(opts);
  const state = new BurrState(
    inst.data.pieces.map((p) => p.name),
    shapesOf(inst.data),
  );
  const text = [
    rulesText(inst.data),
    "",
    "THE PUZZLE NOW",
    stateText(state),
    "",
    "TASK",
    "You get no feedback: write the whole plan at once. Answer with a JSON array of the moves in order, each an object such as",
    '{"action": "move", "piece": "red", "axis": "x", "distance": -2} or {"action": "move", "piece": ["red", "blue"], "axis": "z", "distance": 3}.',
    "The plan is played move by move from this position; it must take every piece out, and the first refused move ends it.",
    "Put the array last in your reply, in a ```json fenced block.",
  ];
  text.push(...tokenCapLines(opts));
  const out: Prompt = { messages: [{ role: "user", content: text.join("\n") }] };
  if (variant === "vision") {
    const { inPlay } = scenePieces(inst.data, state);
    out.images = [
      scenePng(
        inPlay,
        { views: "single", coordinates: true, alone: true },
        "The assembled burr puzzle from one fixed view, and each piece alone",
      ),
    ];
  }
  return out;
}

/** The plan: the reply's JSON answer (core's reader), a list of at most planCap actions. */
function parse(text: string, inst: Instance<BurrData>): BurrAnswer | ParseFailure {
  const cap = planCap(inst.data.optimal);
  return parseJsonAnswer(
    text,
    answerSchema.max(cap, `a plan has at most ${cap} actions (four times the step budget)`),
  );
}

function verify(inst: Instance<BurrData>, answer: BurrAnswer): Verdict {
  const state = new BurrState(
    inst.data.pieces.map((p) => p.name),
    shapesOf(inst.data),
  );
  let refusal: string | null = null;
  answer.forEach((a, i) => {
    if (refusal !== null || a.action === "state") return;
    const outcome = state.move(moveOf(a));
    if (outcome.error) refusal = `move ${i + 1} (${JSON.stringify(a)}) refused: ${outcome.error}`;
  });
  return verdictFromChecks([
    { name: "plan.actions_valid", ok: refusal === null, detail: refusal ?? undefined },
    {
      name: "plan.solved",
      ok: state.solved,
      detail: `${state.removed.length} of ${inst.data.pieces.length} pieces taken out`,
    },
  ]);
}

function randomAnswer(inst: Instance<BurrData>, rng: Rng): BurrAnswer {
  const state = new BurrState(
    inst.data.pieces.map((p) => p.name),
    shapesOf(inst.data),
  );
  const out: BurrAnswer = [];
  for (let i = 0; i < Math.max(2, 2 * inst.data.optimal) && !state.solved; i++) {
    const move = rng.pick(state.legalMoves());
    state.move(move);
    out.push(actionOf(move));
  }
  return out;
}

/** The assembled puzzle up to rotation: the same pieces in another arrangement is another puzzle. */
function signature(inst: Instance<BurrData>): string {
  const pieces = inst.data.pieces.map((p) => p.cells as Cell[]);
  let best: string | null = null;
  for (const m of ROTATIONS) {
    const turned = pieces.map((cells) => transform(cells, m));
    const lo = bounds(turned.flat()).min;
    const key = turned
      .map((cells) => cellsKey(sortCells(translate(cells, [-lo[0], -lo[1], -lo[2]]))))
      .sort()
      .join("|");
    if (best === null || key < best) best = key;
  }
  return best ?? "";
}

export const burrTask: Task<BurrParams, BurrData, BurrAnswer> = {
  ...infoFields(burrInfo),
  version: 4,
  params: burrParamsSchema,
  levels: {
    easy: {},
    mid: { source: "luban", minLevel: 2, maxLevel: 4 },
    hard: { source: "holey", minPieces: 6, maxPieces: 7, minLevel: 5, maxLevel: 99, nodeLimit: 200000 },
    classic: { source: "classic" },
  },
  answer: answerSchema,
  data: burrDataSchema,
  generate,
  signature,
  level: (inst) => (inst.data.source === "classic" ? "classic" : inst.data.tier),
  prompt,
  parse,
  verify,
  card: burrCard,
  solve: (inst) => ({
    answers: [inst.data.plan.map(actionOf)],
    complete: true,
    stats: { moves: inst.data.optimal, nodes: inst.data.stats.nodes },
  }),
  formatAnswer: (answer) => `\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``,
  randomAnswer,
  render: (inst) => {
    const state = new BurrState(
      inst.data.pieces.map((p) => p.name),
      shapesOf(inst.data),
    );
    return sceneSvg(scenePieces(inst.data, state).inPlay, {
      views: "multi",
      coordinates: true,
      alone: true,
      title: `Burr ${inst.data.level}`,
    });
  },
  scene: (inst, answer) => burrScene(inst.data, answer),
  readFile: (path) =>
    path.toLowerCase().endsWith(".xmpuzzle") ? [burrInstanceFromXmpuzzle(path)] : undefined,
  // The CHAIN paper conditions the agent on the last five turns.
  episodeHistory: 5,
  env: (inst, opts = {}) => new BurrEnv(inst.data, readEnvOptions(opts)),
};

export { analyseBurr } from "./analyse.ts";
export { CLASSIC_BURRS, classicBurr } from "./classic.ts";
export { pieceFromNumber, placeInSlot, SOLID_NOTCHABLE } from "./notchable.ts";
export { loadXmpuzzle } from "./xmpuzzle.ts";
export type { BurrAction };
