import { z } from "zod";
import { generatedInstance } from "../../../core/instances.ts";
import { checkAnswer } from "../../../core/json-answer.ts";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Rng } from "../../../core/rng.ts";
import type { JsonSchema, Task } from "../../../core/task.ts";
import {
  type Check,
  isParseFailure,
  type ParseFailure,
  type Verdict,
  verdictFromChecks,
} from "../../../core/verdict.ts";
import { cappedList } from "../common/answer-caps.ts";
import { lastLabelList } from "../common/label-list.ts";
import { asListAnswer } from "../common/list-answer.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import { recordsPreset } from "../common/vgb-records.ts";
import { classifyBehaviourCard } from "./card.ts";
import { BEHAVIOURS, type Behaviour, behaviour, CANONICAL_CONFIGURATIONS, classCount } from "./corners.ts";
import { classifyBehaviourInfo } from "./info.ts";
import { loadBehaviourRecord, ORIGINAL_BEHAVIOURS } from "./original.ts";
import { BEHAVIOUR_RULES, buildPrompt, CROSSED_SIDES, faithfulSquares, GEOMETRY } from "./prompt-parts.ts";
import { BAD, OK, renderPanels, type SquareDrawing } from "./render.ts";
import { canonicalLabels, describeLabels, labelledSquareSchema, orderMode, sampleSquares } from "./square.ts";

const ID = "scbench/classify-behaviour";

export const behaviourParams = z.object({
  /** Squares per prompt. */
  count: z.number().int().min(1).max(40).default(10),
  /** Most distinct labels on one square (2: known or ambiguous only; 3 adds triple points; 4 all). */
  maxClasses: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(4),
  cornerOrder: orderMode.default("shuffled"),
  relabel: z.boolean().default(true),
});
export type BehaviourParams = z.infer<typeof behaviourParams>;

export const behaviourData = z.object({ squares: z.array(labelledSquareSchema).min(1) });
export type BehaviourData = z.infer<typeof behaviourData>;

/** Capped at 10× the most squares an instance has (40); unknown keys are ignored. */
export const MAX_BEHAVIOURS = 400;
/**
 * Plumb's {"behaviours": [...]}, the original's bare list of label strings, or its {"labels": [...]};
 * each entry is Plumb's name or the original's ("known behaviour", "three domains meeting").
 */
export const behaviourAnswer = z.preprocess(
  (value) => asListAnswer(value, "behaviours", "labels"),
  z.object({
    behaviours: cappedList(
      z.preprocess((v) => (typeof v === "string" ? (readBehaviour(v) ?? v) : v), z.enum(BEHAVIOURS)),
      MAX_BEHAVIOURS,
      "behaviours",
    ),
  }),
);
export type BehaviourAnswer = z.infer<typeof behaviourAnswer>;

const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: { behaviours: { type: "array", items: { type: "string", enum: [...BEHAVIOURS] } } },
  required: ["behaviours"],
  additionalProperties: false,
};

export const levels: Record<string, Partial<BehaviourParams>> = {
  "level-1": { count: 4, maxClasses: 2, cornerOrder: "canonical", relabel: false },
  "level-2": { count: 4, maxClasses: 3, cornerOrder: "canonical", relabel: false },
  "level-3": { count: 6, maxClasses: 4, cornerOrder: "canonical", relabel: false },
  "level-4": { count: 6, maxClasses: 4, cornerOrder: "canonical", relabel: true },
  "level-5": { count: 6, maxClasses: 4, cornerOrder: "shuffled", relabel: false },
  "level-6": { count: 6, maxClasses: 4, cornerOrder: "shuffled", relabel: true },
  "level-7": { count: 10, maxClasses: 3, cornerOrder: "canonical", relabel: true },
  "level-8": { count: 10, maxClasses: 3, cornerOrder: "shuffled", relabel: true },
  "level-9": { count: 10, maxClasses: 4, cornerOrder: "canonical", relabel: true },
  "level-10": { count: 10, maxClasses: 4, cornerOrder: "shuffled", relabel: true },
  "level-11": { count: 15, maxClasses: 4, cornerOrder: "canonical", relabel: true },
  "level-12": { count: 15, maxClasses: 4, cornerOrder: "shuffled", relabel: true },
  "level-13": { count: 20, maxClasses: 4, cornerOrder: "shuffled", relabel: true },
};

const expectedBehaviours = (data: BehaviourData): Behaviour[] =>
  data.squares.map((square) => behaviour(canonicalLabels(square)));

function generate(params: BehaviourParams, rng: Rng) {
  const pool = CANONICAL_CONFIGURATIONS.filter((c) => classCount(c) <= params.maxClasses);
  const squares = sampleSquares(pool, params, rng.split("squares"));
  const inst = generatedInstance(ID, params, rng, { squares });
  const verdict = verifyAnswer(inst.data, { behaviours: expectedBehaviours(inst.data) });
  if (!verdict.passed) throw new Error(`${ID}: reference answer fails: ${verdict.failure?.message}`);
  return inst;
}

function verifyAnswer(data: BehaviourData, answer: BehaviourAnswer): Verdict {
  const expected = expectedBehaviours(data);
  const wrong: string[] = [];
  expected.forEach((want, i) => {
    const got = answer.behaviours[i];
    if (got !== want) wrong.push(`square ${i + 1}: expected ${want}, got ${got ?? "nothing"}`);
  });
  const checks: Check[] = [
    {
      name: "behaviours.well_formed",
      ok: answer.behaviours.length === expected.length,
      detail: `expected ${expected.length} behaviours, got ${answer.behaviours.length}`,
    },
    {
      name: "behaviours.match",
      ok: wrong.length === 0,
      detail: wrong.length ? wrong.join("; ") : "every square classified correctly",
    },
  ];
  return verdictFromChecks(checks, new Set(["behaviours.well_formed"]));
}

/**
 * The original's information: the squares as label tuples with their corner order, the three
 * class names with its one-line meanings, and a list of those strings as the answer. It does not
 * give the crossed-side rule that decides each class.
 */
function faithfulLines(data: BehaviourData): string[] {
  return [
    ...faithfulSquares(data.squares),
    "",
    "Classify the topological behaviour of each square, in the order above, as 'known behaviour', 'three domains meeting' or 'ambiguous'.",
    "They mean: 'known behaviour', the connections between edges can be determined; 'three domains meeting', the connections can be determined and three different classes meet at a point; 'ambiguous', more than one topology is possible.",
    "Answer with a list of these label strings, written exactly, one per square.",
  ];
}

/** A behaviour read from a reply: Plumb's name or the original's label, any case. */
function readBehaviour(text: string): Behaviour | undefined {
  const key = text.trim().toLowerCase().replace(/\s+/g, " ");
  if ((BEHAVIOURS as readonly string[]).includes(key)) return key as Behaviour;
  return Object.hasOwn(ORIGINAL_BEHAVIOURS, key)
    ? ORIGINAL_BEHAVIOURS[key as keyof typeof ORIGINAL_BEHAVIOURS]
    : undefined;
}

/** JSON or a Python list first; else a bare comma-separated line of labels, as the original's prompt allows. */
function parseBehaviours(text: string): BehaviourAnswer | ParseFailure {
  const parsed = parseLooseAnswer(text, behaviourAnswer);
  if (!isParseFailure(parsed)) return parsed;
  const labels = lastLabelList(text, readBehaviour);
  return labels ? checkAnswer({ behaviours: labels }, behaviourAnswer) : parsed;
}

/** Plumb's first wording: the rules that decide each class, stated as the grading rule. */
function explainedLines(data: BehaviourData): string[] {
  const n = data.squares.length;
  return [
    `Classify behaviour: ${n} labelled square${n === 1 ? "" : "s"}.`,
    "",
    GEOMETRY,
    CROSSED_SIDES,
    "",
    BEHAVIOUR_RULES,
    "",
    'Task: classify each square as "known", "triple" or "ambiguous". Each square lists its corners in its own order.',
    "",
    ...data.squares.map((sq, s) => `Square ${s + 1}: ${describeLabels(sq)}.`),
    "",
    `Reason as you like, then end with the JSON object {"behaviours": ["known" | "triple" | "ambiguous", ...]} holding exactly ${n} entries, one per square in order.`,
  ];
}

const BADGE: Record<Behaviour, string> = { known: "#3b6fb6", triple: "#8e44ad", ambiguous: "#b07d12" };

function render(data: BehaviourData, answer?: BehaviourAnswer) {
  const expected = expectedBehaviours(data);
  const drawings: SquareDrawing[] = data.squares.map((square, s) => {
    const base = { labels: canonicalLabels(square), caption: `square ${s + 1}` };
    if (!answer) return base;
    const got = answer.behaviours[s];
    const want = expected[s] as Behaviour;
    if (got === want) return { ...base, badge: { text: got, colour: BADGE[got] }, frame: { colour: OK } };
    return {
      ...base,
      badge: { text: `${got ?? "none"} (want ${want})`, colour: BAD },
      frame: { colour: BAD },
    };
  });
  return renderPanels("Corner-label behaviour", drawings, 5);
}

export const classifyBehaviourTask: Task<BehaviourParams, BehaviourData, BehaviourAnswer> = {
  ...infoFields(classifyBehaviourInfo),
  version: 2,
  card: classifyBehaviourCard,
  params: behaviourParams,
  levels,
  presets: {
    original: recordsPreset(
      ID,
      classifyBehaviourInfo.presets.original.description,
      new URL("./original-behaviour.jsonl", import.meta.url),
      (record) => loadBehaviourRecord(ID, record, behaviourData),
    ),
  },
  answer: behaviourAnswer,
  data: behaviourData,
  generate,
  load: (record) => loadBehaviourRecord(ID, record, behaviourData),
  prompt(inst, opts = {}) {
    const variant = promptVariant(opts);
    const lines = variant === "default" ? faithfulLines(inst.data) : explainedLines(inst.data);
    return buildPrompt(lines, opts, outputSchema, variant);
  },
  parse: parseBehaviours,
  verify: (inst, answer) => verifyAnswer(inst.data, answer),
  solve: (inst) => ({ answers: [{ behaviours: expectedBehaviours(inst.data) }], complete: true }),
  formatAnswer: (answer) => JSON.stringify(answer),
  randomAnswer: (inst, rng) => ({ behaviours: inst.data.squares.map(() => rng.pick(BEHAVIOURS)) }),
  render: (inst, answer) => render(inst.data, answer),
};
