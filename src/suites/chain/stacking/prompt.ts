import { parseJsonAnswer } from "../../../core/json-answer.ts";
import { checkShots, checkVariant, tokenCapLines } from "../../../core/prompt-options.ts";
import type { Prompt, PromptOptions } from "../../../core/task.ts";
import type { ParseFailure } from "../../../core/verdict.ts";
import { planCap } from "../common/budget.ts";
import { Board } from "./board.ts";
import { sceneImage } from "./render.ts";
import { type StackingData, type StackingPlan, stackingPlan } from "./schema.ts";
import { pieceLine, rulesText } from "./text.ts";

const VARIANTS = ["default", "vision"] as const;

function checkOptions(opts: PromptOptions): (typeof VARIANTS)[number] {
  const variant = checkVariant(opts, VARIANTS);
  checkShots(opts);
  return variant;
}

/** The one-shot setting (§3.5): the whole puzzle at once, the whole plan back, no feedback. */
export function stackingPrompt(data: StackingData, opts: PromptOptions = {}): Prompt {
  const variant = checkOptions(opts);
  const board = new Board(data);
  const lines = [
    "Pack coloured polycube pieces into a box. You will get no feedback: write the complete plan at once.",
    "",
    ...rulesText(board),
    "",
    "PIECES (cells in each piece's own frame)",
    ...board.names.map((_, i) => pieceLine(board, i)),
    "",
    ...(variant === "vision"
      ? ["The image shows the empty box from one fixed corner, with the pieces laid out beside it.", ""]
      : []),
    "ANSWER",
    "The plan is a JSON array of actions carried out in order from the empty box, for example",
    '[{"action": "place", "piece": "red", "cells": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]]}, {"action": "place", "piece": "green", "cells": [[1,1,0],[1,1,1],[1,0,1],[0,1,1]]}]',
    'Besides "place" you may use {"action": "pickup", "piece": …}. The plan succeeds when every action is accepted under the rules above and the box is exactly full at the end; the first refused action fails it.',
    "End your reply with the JSON array (a ```json fenced block is fine).",
  ];
  lines.push(...tokenCapLines(opts));
  return {
    messages: [
      { role: "system", content: "You solve 3D packing puzzles precisely." },
      { role: "user", content: lines.join("\n") },
    ],
    ...(variant === "vision" ? { images: [sceneImage(board, "single")] } : {}),
  };
}

/** The last JSON array (or fenced json block) in the reply, as a plan of at most planCap actions. */
export function parsePlan(text: string, data: StackingData): StackingPlan | ParseFailure {
  const cap = planCap(data.pieces.length);
  return parseJsonAnswer(
    text,
    stackingPlan.max(cap, `a plan has at most ${cap} actions (four times the step budget)`),
  );
}

export function formatPlan(plan: StackingPlan): string {
  return `\`\`\`json\n[\n${plan.map((a) => `  ${JSON.stringify(a)}`).join(",\n")}\n]\n\`\`\``;
}
