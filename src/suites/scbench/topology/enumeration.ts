import { z } from "zod";
import { generatedInstance } from "../../../core/instances.ts";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Rng } from "../../../core/rng.ts";
import type { JsonSchema, Task } from "../../../core/task.ts";
import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import { cappedList, firstFew } from "../common/answer-caps.ts";
import { asListAnswer } from "../common/list-answer.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import { recordsPreset } from "../common/vgb-records.ts";
import { topologyEnumerationCard } from "./card.ts";
import {
  allLabellings,
  behaviour,
  CORNERS,
  type Corner,
  configKey,
  crossedSides,
  distinctConfigurations,
  relabel,
  toCanonical,
} from "./corners.ts";
import { topologyEnumerationInfo } from "./info.ts";
import { loadEnumerationRecord } from "./original.ts";
import { buildPrompt, CROSSED_SIDES, GEOMETRY } from "./prompt-parts.ts";
import { BAD, MISSING, OK, renderPanels, type SquareDrawing } from "./render.ts";
import { cornerOrderSchema } from "./square.ts";

const ID = "scbench/topology-enumeration";

/** Fixed corner orders the levels use; "shuffled" draws a fresh permutation per instance. */
export const NAMED_ORDERS: Record<string, readonly Corner[]> = {
  canonical: CORNERS,
  clockwise: ["top-left", "top-right", "bottom-right", "bottom-left"],
  reading: ["top-left", "top-right", "bottom-left", "bottom-right"],
  columns: ["bottom-left", "top-left", "bottom-right", "top-right"],
};

export const enumerationParams = z.object({
  /** 2: configurations forcing an interface; 3: configurations forcing a triple point. */
  classes: z.union([z.literal(2), z.literal(3)]).default(3),
  /** The order the prompt lists corners in: a named order, "shuffled", or an explicit permutation. */
  cornerOrder: z
    .union([z.enum(["canonical", "clockwise", "reading", "columns", "shuffled"]), cornerOrderSchema])
    .default("shuffled"),
});
export type EnumerationParams = z.infer<typeof enumerationParams>;

export const enumerationData = z.object({
  classes: z.union([z.literal(2), z.literal(3)]),
  corners: cornerOrderSchema,
});
export type EnumerationData = z.infer<typeof enumerationData>;

/**
 * Caps far above a real answer's (at most a few dozen configurations of 4 labels); a wrong number of
 * labels is still reported by the verifier. Unknown keys are ignored.
 */
export const MAX_CONFIGURATIONS = 1000;
const MAX_LABELS = 16;

/** Plumb's {"configurations": [...]}, the original's bare list of tuples, or its {"configs": [...]}. */
export const enumerationAnswer = z.preprocess(
  (value) => asListAnswer(value, "configurations", "configs"),
  z.object({
    configurations: cappedList(
      cappedList(z.number().int(), MAX_LABELS, "labels in a configuration"),
      MAX_CONFIGURATIONS,
      "configurations",
    ),
  }),
);
export type EnumerationAnswer = z.infer<typeof enumerationAnswer>;

const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    configurations: {
      type: "array",
      items: { type: "array", items: { type: "integer", minimum: 0 }, minItems: 4, maxItems: 4 },
    },
  },
  required: ["configurations"],
  additionalProperties: false,
};

/** Whether a configuration (canonical order) forces the feature the task asks about. */
const forces = (classes: 2 | 3, canonical: readonly number[]): boolean =>
  classes === 2 ? crossedSides(canonical).length > 0 : behaviour(canonical) === "triple";

/** The ground truth, derived: every labelling with `classes` labels, listed in `corners` order, up to renaming. */
export function forcedConfigurations(classes: 2 | 3, corners: readonly Corner[]): number[][] {
  return distinctConfigurations(
    allLabellings(classes).filter((l) => forces(classes, toCanonical(corners, l))),
  );
}

/** The paper's ten subpasses: 2 classes (levels 1–5) then 3 classes (6–10), each over five corner orders. */
const LEVEL_ORDERS = ["canonical", "clockwise", "reading", "columns", "shuffled"] as const;
const levels: Record<string, Partial<EnumerationParams>> = Object.fromEntries(
  ([2, 3] as const).flatMap((classes, c) =>
    LEVEL_ORDERS.map((cornerOrder, i) => [`level-${c * 5 + i + 1}`, { classes, cornerOrder }]),
  ),
);

function generate(params: EnumerationParams, rng: Rng) {
  const order = params.cornerOrder;
  const corners: Corner[] =
    order === "shuffled"
      ? rng.shuffle(CORNERS)
      : typeof order === "string"
        ? [...(NAMED_ORDERS[order] ?? CORNERS)]
        : [...order];
  const inst = generatedInstance(ID, params, rng, { classes: params.classes, corners });
  const answer = solveAnswer(inst.data);
  const verdict = verifyAnswer(inst.data, answer);
  if (!verdict.passed) throw new Error(`${ID}: reference answer fails: ${verdict.failure?.message}`);
  return inst;
}

const solveAnswer = (data: EnumerationData): EnumerationAnswer => ({
  configurations: forcedConfigurations(data.classes, data.corners),
});

const show = (labels: readonly number[]): string => `[${labels.join(", ")}]`;

function verifyAnswer(data: EnumerationData, answer: EnumerationAnswer): Verdict {
  const truth = new Set(forcedConfigurations(data.classes, data.corners).map(configKey));
  const malformed: string[] = [];
  const firstAt = new Map<string, number>();
  const duplicates: string[] = [];
  answer.configurations.forEach((config, i) => {
    if (config.length !== 4 || config.some((l) => l < 0 || l >= data.classes)) {
      malformed.push(`configuration ${i + 1} ${show(config)}`);
      return;
    }
    const key = configKey(config);
    const first = firstAt.get(key);
    if (first === undefined) firstAt.set(key, i);
    else duplicates.push(`configurations ${first + 1} and ${i + 1} are both ${show(relabel(config))}`);
  });
  const missing = [...truth].filter((k) => !firstAt.has(k));
  const extra = [...firstAt.keys()].filter((k) => !truth.has(k));
  const asList = (keys: string[]) => keys.map((k) => `[${k.replace(/,/g, ", ")}]`).join(", ");
  const checks: Check[] = [
    {
      name: "configs.well_formed",
      ok: malformed.length === 0,
      detail: malformed.length
        ? `${firstFew(malformed)}: need 4 labels from 0 to ${data.classes - 1}`
        : `${answer.configurations.length} configurations of 4 labels`,
    },
    {
      name: "configs.unique",
      ok: duplicates.length === 0,
      detail: duplicates.length
        ? `same after relabelling: ${firstFew(duplicates)}`
        : "no repeats after relabelling",
    },
    {
      name: "configs.missing",
      ok: missing.length === 0,
      detail: missing.length
        ? `missing ${asList(missing)}`
        : `all ${truth.size} forced configurations listed`,
    },
    {
      name: "configs.extra",
      ok: extra.length === 0,
      detail: extra.length ? `not forcing: ${asList(extra)}` : "no configuration that does not force it",
    },
  ];
  return verdictFromChecks(checks, new Set(["configs.well_formed"]));
}

/**
 * The original's information: the corner order, that boundaries may be any curves and only corner
 * labels are seen, the number of classes, what must be guaranteed, the first-appearance renaming,
 * and a Python list of 4-tuples as the answer. It does not say which configurations force it.
 */
function faithfulLines(data: EnumerationData): string[] {
  const k = data.classes;
  const goal =
    k === 2
      ? "regions of the 2 classes meet somewhere inside the square"
      : "regions of all 3 classes meet at a point strictly inside the square";
  return [
    `A unit square's corners are taken in the order (${data.corners.join(", ")}). Each corner carries a class label, an integer 0, 1, 2, …. Inside the square, the regions of the classes may be bounded by any continuous curves: only the corner labels are observed.`,
    "",
    `Exactly ${k} different classes occur in or on the square.`,
    "",
    `List every configuration of corner labels (a 4-tuple, in the corner order above) that is enough to guarantee that ${goal}.`,
    "Write configurations in canonical form: rename the labels by first appearance, reading the tuple left to right (the first label becomes 0, the next new label 1, and so on). Configurations that differ only by a renaming are the same; list each once.",
    "",
    "Answer with a Python-style list of 4-tuples and nothing else.",
  ];
}

/** Plumb's first wording: the crossed-side rule that decides the answer is stated outright. */
function explainedLines(data: EnumerationData): string[] {
  const k = data.classes;
  const goal =
    k === 2
      ? [
          "Task: list every configuration of the labels 0 and 1 on the four corners that forces an interface, that is where regions of the two classes must meet inside the square.",
          "An interface is forced exactly when at least one side is crossed.",
        ]
      : [
          "Task: list every configuration of the labels 0, 1 and 2 on the four corners that forces a triple point, a point inside the square where regions of three different classes meet.",
          "A triple point is forced exactly when three sides are crossed: one label sits on two corners joined by a side and the other two corners carry the two other labels, one each.",
          "A label repeated on two diagonally opposite corners, or a configuration with only two labels, does not force a triple point.",
        ];
  return [
    `Topology enumeration with ${k} classes.`,
    "",
    GEOMETRY,
    CROSSED_SIDES,
    "",
    ...goal,
    "",
    "Write each configuration as [a, b, c, d]: the labels of the corners in exactly this order (which need not go around the square):",
    ...data.corners.map((corner, i) => `${i + 1}. ${corner}`),
    `Labels are integers from 0 to ${k - 1}. Configurations that differ only by renaming labels are the same configuration: each is compared after renaming its labels 0, 1, 2, … in order of first appearance in your list (so [2, 2, 0, 1] is the same as [0, 0, 1, 2]). List every such configuration exactly once.`,
    "",
    'Reason as you like, then end with the JSON object {"configurations": [[a, b, c, d], ...]}.',
  ];
}

function render(data: EnumerationData, answer?: EnumerationAnswer) {
  const notes = CORNERS.map((c) => `#${data.corners.indexOf(c) + 1}`);
  const goal = data.classes === 2 ? "force an interface" : "force a triple point";
  const drawings: SquareDrawing[] = [
    {
      labels: [null, null, null, null],
      cornerNotes: notes,
      caption: `corner order, ${data.classes} classes`,
    },
  ];
  if (answer) {
    const truth = forcedConfigurations(data.classes, data.corners);
    const truthKeys = new Set(truth.map(configKey));
    const seen = new Set<string>();
    for (const config of answer.configurations) {
      const valid = config.length === 4 && config.every((l) => l >= 0 && l < data.classes);
      const key = valid ? configKey(config) : "";
      const good = valid && truthKeys.has(key) && !seen.has(key);
      if (valid) seen.add(key);
      drawings.push({
        labels: valid ? toCanonical(data.corners, config) : [null, null, null, null],
        caption: show(config),
        frame: { colour: good ? OK : BAD },
      });
    }
    for (const config of truth) {
      if (seen.has(configKey(config))) continue;
      drawings.push({
        labels: toCanonical(data.corners, config),
        caption: `missing ${show(config)}`,
        frame: { colour: MISSING, dashed: true },
      });
    }
  }
  return renderPanels(`Corner configurations that ${goal}`, drawings, 5);
}

export const topologyEnumerationTask: Task<EnumerationParams, EnumerationData, EnumerationAnswer> = {
  ...infoFields(topologyEnumerationInfo),
  version: 2,
  card: topologyEnumerationCard,
  params: enumerationParams,
  levels,
  presets: {
    original: recordsPreset(
      ID,
      topologyEnumerationInfo.presets.original.description,
      new URL("./original-enumeration.jsonl", import.meta.url),
      (record) => loadEnumerationRecord(ID, record, enumerationData),
    ),
  },
  answer: enumerationAnswer,
  data: enumerationData,
  generate,
  load: (record) => loadEnumerationRecord(ID, record, enumerationData),
  prompt(inst, opts = {}) {
    const variant = promptVariant(opts);
    const lines = variant === "default" ? faithfulLines(inst.data) : explainedLines(inst.data);
    return buildPrompt(lines, opts, outputSchema, variant);
  },
  parse: (text) => parseLooseAnswer(text, enumerationAnswer),
  verify: (inst, answer) => verifyAnswer(inst.data, answer),
  solve: (inst) => ({ answers: [solveAnswer(inst.data)], complete: true }),
  formatAnswer: (answer) => JSON.stringify(answer),
  randomAnswer(inst, rng) {
    const pool = allLabellings(inst.data.classes);
    const count = rng.int(1, 8);
    return { configurations: Array.from({ length: count }, () => rng.pick(pool)) };
  },
  render: (inst, answer) => render(inst.data, answer),
};
