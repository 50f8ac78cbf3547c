/**
 * chain/burr-assembly: chain/burr's interlocking puzzles put together from their pieces lying
 * apart, by inserting parts into each other and sliding pieces. Interactive through `env`, or
 * one-shot: the whole plan as a JSON array of actions.
 */
import { z } from "zod";
import { parseJsonAnswer } from "../../../core/json-answer.ts";
import { checkShots, checkVariant, tokenCapLines } from "../../../core/prompt-options.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance, Prompt, PromptOptions, Task } from "../../../core/task.ts";
import type { ParseFailure, Verdict } from "../../../core/verdict.ts";
import { verdictFromChecks } from "../../../core/verdict.ts";
import { shapesOf } from "../burr/data.ts";
import { type BurrParams, burrParamsSchema, burrTask } from "../burr/index.ts";
import { planCap } from "../common/budget.ts";
import { readEnvOptions } from "../common/env-options.ts";
import { burrAssemblyCard } from "./card.ts";
import { assemblyActionSchema, type BurrAssemblyData, burrAssemblyDataSchema } from "./data.ts";
import { BurrAssemblyEnv } from "./env.ts";
import { generateAssembly } from "./generate.ts";
import { burrAssemblyInfo } from "./info.ts";
import { legalActions } from "./legal.ts";
import { picturePng, pictureScene, pictureSvg } from "./picture.ts";
import { AssemblyState } from "./state.ts";
import { rulesText, stateText } from "./text.ts";

const answerSchema = z.array(assemblyActionSchema);
type AssemblyAnswer = z.infer<typeof answerSchema>;

const startOf = (data: BurrAssemblyData): AssemblyState =>
  new AssemblyState(
    data.pieces.map((p) => p.name),
    shapesOf(data),
  );

function prompt(inst: Instance<BurrAssemblyData>, opts: PromptOptions = {}): Prompt {
  const variant = checkVariant(opts, ["default", "vision"]);
  checkShots(opts);
  const state = startOf(inst.data);
  const text = [
    rulesText(inst.data, state.maxDistance, false),
    "",
    "THE PARTS NOW",
    stateText(state),
    "",
    "TASK",
    "You get no feedback: write the whole plan at once. Answer with a JSON array of the actions in order, each an object such as",
    '{"action": "insert", "piece": "red", "into": "blue", "from": "+x", "at": [0, 0, 0]}, {"action": "move", "piece": "red", "axis": "x", "distance": -2} or {"action": "move", "piece": ["red", "blue"], "axis": "z", "distance": 3}.',
    "The plan is played action by action from the pieces lying apart; it must assemble the puzzle, and the first refused action ends it.",
    "Put the array last in your reply, in a ```json fenced block.",
  ];
  text.push(...tokenCapLines(opts));
  const out: Prompt = { messages: [{ role: "user", content: text.join("\n") }] };
  if (variant === "vision") out.images = [picturePng(inst.data, state, "The pieces apart")];
  return out;
}

/** The plan: the reply's JSON answer (core's reader), a list of at most planCap actions. */
function parse(text: string, inst: Instance<BurrAssemblyData>): AssemblyAnswer | ParseFailure {
  const cap = planCap(inst.data.optimal);
  return parseJsonAnswer(
    text,
    answerSchema.max(cap, `a plan has at most ${cap} actions (four times the step budget)`),
  );
}

function verify(inst: Instance<BurrAssemblyData>, answer: AssemblyAnswer): Verdict {
  const state = startOf(inst.data);
  let refusal: string | null = null;
  answer.forEach((a, i) => {
    if (refusal !== null) return;
    const outcome = state.play(a);
    if (outcome.error) refusal = `action ${i + 1} (${JSON.stringify(a)}) refused: ${outcome.error}`;
  });
  return verdictFromChecks([
    { name: "plan.actions_valid", ok: refusal === null, detail: refusal ?? undefined },
    {
      name: "plan.solved",
      ok: state.solved,
      detail: state.solved ? "assembled" : `${state.parts.length} part(s), not assembled`,
    },
  ]);
}

function randomAnswer(inst: Instance<BurrAssemblyData>, rng: Rng): AssemblyAnswer {
  const state = startOf(inst.data);
  const out: AssemblyAnswer = [];
  for (let i = 0; i < Math.max(2, 2 * inst.data.optimal) && !state.solved; i++) {
    const legal = legalActions(state);
    if (legal.length === 0) break;
    const action = rng.pick(legal);
    state.play(action);
    out.push(action);
  }
  return out;
}

export const burrAssemblyTask: Task<BurrParams, BurrAssemblyData, AssemblyAnswer> = {
  ...infoFields(burrAssemblyInfo),
  version: 1,
  params: burrParamsSchema,
  levels: burrTask.levels,
  answer: answerSchema,
  data: burrAssemblyDataSchema,
  generate: generateAssembly,
  signature: (inst) => burrTask.signature?.(inst) ?? "",
  level: (inst) => burrTask.level?.(inst) ?? null,
  prompt,
  parse,
  verify,
  card: burrAssemblyCard,
  solve: (inst) => ({
    answers: [inst.data.assembly],
    complete: true,
    stats: { moves: inst.data.optimal, nodes: inst.data.stats.nodes },
  }),
  formatAnswer: (answer) => `\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``,
  randomAnswer,
  render: (inst) => pictureSvg(inst.data, startOf(inst.data), "The pieces apart"),
  scene: (inst) => pictureScene(inst.data, startOf(inst.data), "The pieces apart"),
  // The CHAIN paper conditions the agent on the last five turns.
  episodeHistory: 5,
  env: (inst, opts = {}) => new BurrAssemblyEnv(inst.data, readEnvOptions(opts)),
};
