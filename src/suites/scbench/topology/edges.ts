import { z } from "zod";
import { generatedInstance } from "../../../core/instances.ts";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Rng } from "../../../core/rng.ts";
import type { JsonSchema, Task } from "../../../core/task.ts";
import { type Check, type ParseFailure, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import { cappedList, firstFew } from "../common/answer-caps.ts";
import { asListAnswer } from "../common/list-answer.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import { recordsPreset } from "../common/vgb-records.ts";
import { enumerateEdgesCard } from "./card.ts";
import {
  behaviour,
  CANONICAL_CONFIGURATIONS,
  classCount,
  guaranteedCurves,
  SIDES,
  type SidePair,
} from "./corners.ts";
import { enumerateEdgesInfo } from "./info.ts";
import { loadEdgesRecord } from "./original.ts";
import {
  BEHAVIOUR_RULES,
  buildPrompt,
  CROSSED_SIDES,
  CURVE_RULES,
  faithfulSquares,
  GEOMETRY,
} from "./prompt-parts.ts";
import { BAD, type Curve, MISSING, OK, renderPanels, type SquareDrawing } from "./render.ts";
import {
  canonicalLabels,
  describeLabels,
  labelledSquareSchema,
  orderMode,
  pickOrder,
  sampleSquares,
  sideNumber,
  sideOrderSchema,
} from "./square.ts";

const ID = "scbench/enumerate-edges";

export const edgesParams = z.object({
  /** Squares per prompt. */
  count: z.number().int().min(1).max(40).default(6),
  /** Most distinct labels on one square (2: two classes only; 4: all configurations). */
  maxClasses: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(4),
  cornerOrder: orderMode.default("shuffled"),
  /** "canonical": 0 bottom, 1 right, 2 top, 3 left; "shuffled": a random numbering per square. */
  edgeNumbering: orderMode.default("shuffled"),
  relabel: z.boolean().default(true),
});
export type EdgesParams = z.infer<typeof edgesParams>;

/** `sides[i]` is the side the prompt calls edge i. */
const edgeSquareSchema = labelledSquareSchema.extend({ sides: sideOrderSchema });
type EdgeSquare = z.infer<typeof edgeSquareSchema>;

export const edgesData = z.object({ squares: z.array(edgeSquareSchema).min(1) });
export type EdgesData = z.infer<typeof edgesData>;

/**
 * Caps far above a real answer's (one list per square, at most 6 pairs each); a wrong number of
 * squares or a pair of the wrong length is still reported by the verifier. Unknown keys are ignored.
 */
export const MAX_SQUARES = 400;
const MAX_PAIRS = 60;
const MAX_PAIR_ENTRIES = 16;

/** Plumb's {"squares": [...]}, the original's bare list of lists of pairs, or its {"edges": [...]}. */
export const edgesAnswer = z.preprocess(
  (value) => asListAnswer(value, "squares", "edges"),
  z.object({
    squares: cappedList(
      cappedList(
        cappedList(z.number().int(), MAX_PAIR_ENTRIES, "edge numbers in a pair"),
        MAX_PAIRS,
        "pairs",
      ),
      MAX_SQUARES,
      "squares",
    ),
  }),
);
export type EdgesAnswer = z.infer<typeof edgesAnswer>;

const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    squares: {
      type: "array",
      items: {
        type: "array",
        items: {
          type: "array",
          items: { type: "integer", minimum: 0, maximum: 3 },
          minItems: 2,
          maxItems: 2,
        },
      },
    },
  },
  required: ["squares"],
  additionalProperties: false,
};

/** Triple-point squares have no edge-to-edge curve and were not part of the original's table. */
export const edgesPool = (maxClasses: number): number[][] =>
  CANONICAL_CONFIGURATIONS.filter((c) => behaviour(c) !== "triple" && classCount(c) <= maxClasses);

const toNumbers = (square: EdgeSquare, pair: SidePair): [number, number] => {
  const a = sideNumber(square.sides, pair[0]);
  const b = sideNumber(square.sides, pair[1]);
  return a < b ? [a, b] : [b, a];
};

/** Guaranteed curves of a square in its prompt's edge numbering, sorted. */
export const expectedPairs = (square: EdgeSquare): [number, number][] =>
  guaranteedCurves(canonicalLabels(square))
    .map((pair) => toNumbers(square, pair))
    .sort((p, q) => p[0] - q[0] || p[1] - q[1]);

export const levels: Record<string, Partial<EdgesParams>> = {
  "level-1": {
    count: 4,
    maxClasses: 2,
    cornerOrder: "canonical",
    edgeNumbering: "canonical",
    relabel: false,
  },
  "level-2": {
    count: 6,
    maxClasses: 4,
    cornerOrder: "canonical",
    edgeNumbering: "canonical",
    relabel: false,
  },
  "level-3": { count: 6, maxClasses: 4, cornerOrder: "shuffled", edgeNumbering: "canonical", relabel: false },
  "level-4": { count: 6, maxClasses: 4, cornerOrder: "canonical", edgeNumbering: "shuffled", relabel: false },
  "level-5": { count: 6, maxClasses: 4, cornerOrder: "shuffled", edgeNumbering: "shuffled", relabel: false },
  "level-6": { count: 6, maxClasses: 4, cornerOrder: "shuffled", edgeNumbering: "shuffled", relabel: true },
  "level-7": { count: 11, maxClasses: 4, cornerOrder: "shuffled", edgeNumbering: "shuffled", relabel: true },
  "level-8": { count: 16, maxClasses: 4, cornerOrder: "shuffled", edgeNumbering: "shuffled", relabel: true },
};

function generate(params: EdgesParams, rng: Rng) {
  const labelled = sampleSquares(edgesPool(params.maxClasses), params, rng.split("squares"));
  const sidesRng = rng.split("sides");
  const squares = labelled.map((sq) => ({ ...sq, sides: pickOrder(SIDES, params.edgeNumbering, sidesRng) }));
  const inst = generatedInstance(ID, params, rng, { squares });
  const verdict = verifyAnswer(inst.data, solveAnswer(inst.data));
  if (!verdict.passed) throw new Error(`${ID}: reference answer fails: ${verdict.failure?.message}`);
  return inst;
}

const solveAnswer = (data: EdgesData): EdgesAnswer => ({ squares: data.squares.map(expectedPairs) });

const show = (pair: readonly number[]): string => `[${pair.join(", ")}]`;
const isPair = (pair: readonly number[]): pair is [number, number] =>
  pair.length === 2 && pair.every((e) => e >= 0 && e <= 3);

function verifyAnswer(data: EdgesData, answer: EdgesAnswer): Verdict {
  const n = data.squares.length;
  const malformed: string[] = [];
  if (answer.squares.length !== n) malformed.push(`expected ${n} squares, got ${answer.squares.length}`);
  const unsorted: string[] = [];
  const mismatched: string[] = [];
  data.squares.forEach((square, s) => {
    const given = answer.squares[s] ?? [];
    const keys = new Set<string>();
    for (const pair of given) {
      if (!isPair(pair)) {
        malformed.push(`square ${s + 1}: ${show(pair)} is not a pair of edge numbers 0-3`);
        continue;
      }
      if (pair[0] >= pair[1]) unsorted.push(`square ${s + 1}: ${show(pair)} is not written with i < j`);
      const key = show([Math.min(...pair), Math.max(...pair)]);
      if (keys.has(key)) unsorted.push(`square ${s + 1}: ${key} appears twice`);
      keys.add(key);
    }
    const expected = new Set(expectedPairs(square).map(show));
    const missing = [...expected].filter((k) => !keys.has(k));
    const extra = [...keys].filter((k) => !expected.has(k));
    if (missing.length || extra.length) {
      const parts = [
        missing.length ? `missing ${missing.join(", ")}` : "",
        extra.length ? `extra ${extra.join(", ")}` : "",
      ].filter(Boolean);
      mismatched.push(`square ${s + 1}: ${parts.join("; ")}`);
    }
  });
  const checks: Check[] = [
    {
      name: "edges.well_formed",
      ok: malformed.length === 0,
      detail: malformed.length ? firstFew(malformed) : `${n} squares of edge-number pairs`,
    },
    {
      name: "edges.sorted_pairs",
      ok: unsorted.length === 0,
      detail: unsorted.length ? firstFew(unsorted) : "every pair has i < j and appears once",
    },
    {
      name: "edges.match",
      ok: mismatched.length === 0,
      detail: mismatched.length ? firstFew(mismatched) : "every square's guaranteed curves match",
    },
  ];
  return verdictFromChecks(checks, new Set(["edges.well_formed"]));
}

/**
 * The original's information: the squares as label tuples with their corner order and edge
 * numbering, the question which edges are guaranteed to connect, and a list of sorted pairs per
 * square ([] when none is guaranteed, ambiguous squares included). No rule for finding them.
 */
function faithfulLines(data: EdgesData): string[] {
  return [
    ...faithfulSquares(data.squares),
    "",
    "For each square, in the order above, list the pairs of edges that are guaranteed to be connected.",
    "Answer with a Python-style list holding one entry per square; each entry is a list of pairs [i, j] with i < j. When no connection is guaranteed (ambiguous squares included), the entry is [].",
  ];
}

/** The original's pairs are often tuples inside lists (`[[], [(2, 3)]]`): parseLooseAnswer reads them whole. */
const parseEdges = (text: string): EdgesAnswer | ParseFailure => parseLooseAnswer(text, edgesAnswer);

/** Plumb's first wording: the behaviour and curve rules used for grading are stated outright. */
function explainedLines(data: EdgesData): string[] {
  const n = data.squares.length;
  return [
    `Enumerate edges: ${n} labelled square${n === 1 ? "" : "s"}.`,
    "",
    GEOMETRY,
    CROSSED_SIDES,
    "",
    BEHAVIOUR_RULES,
    "",
    CURVE_RULES,
    "No square in this task has exactly three crossed sides.",
    "",
    "Each square numbers its four sides (edges) 0 to 3 in its own way, stated with it. For each square, list the pairs [i, j] of its edge numbers that are joined by a guaranteed interface curve, written with i < j, each pair once, in any order; write [] for a square with none.",
    "",
    ...data.squares.map(
      (sq, s) =>
        `Square ${s + 1}: ${describeLabels(sq)}; edges: ${sq.sides.map((side, i) => `${i} = ${side}`).join(", ")}.`,
    ),
    "",
    `Reason as you like, then end with the JSON object {"squares": [[[i, j], ...], ...]} holding exactly ${n} lists, one per square in order.`,
  ];
}

function render(data: EdgesData, answer?: EdgesAnswer) {
  const drawings: SquareDrawing[] = data.squares.map((square, s) => {
    const canonicalOf = (e: number) => SIDES.indexOf(square.sides[e] ?? "bottom");
    const sideNotes = SIDES.map((side) => String(square.sides.indexOf(side)));
    const base = { labels: canonicalLabels(square), sideNotes, caption: `square ${s + 1}` };
    if (!answer) return base;
    const expected = new Set(expectedPairs(square).map(show));
    const given = (answer.squares[s] ?? []).filter(isPair);
    const givenKeys = new Set(given.map((p) => show([Math.min(...p), Math.max(...p)])));
    const curves: Curve[] = given.map((p) => {
      const key = show([Math.min(...p), Math.max(...p)]);
      const pair: SidePair = [canonicalOf(p[0]), canonicalOf(p[1])];
      return { pair, colour: expected.has(key) && p[0] < p[1] ? OK : BAD };
    });
    for (const p of expectedPairs(square)) {
      if (!givenKeys.has(show(p)))
        curves.push({ pair: [canonicalOf(p[0]), canonicalOf(p[1])], colour: MISSING, dashed: true });
    }
    const right = curves.every((c) => c.colour === OK) && given.length === expected.size;
    return { ...base, curves, frame: { colour: right ? "#333" : BAD } };
  });
  return renderPanels("Guaranteed interface curves (edge numbers beside each side)", drawings, 4);
}

export const enumerateEdgesTask: Task<EdgesParams, EdgesData, EdgesAnswer> = {
  ...infoFields(enumerateEdgesInfo),
  version: 2,
  card: enumerateEdgesCard,
  params: edgesParams,
  levels,
  presets: {
    original: recordsPreset(
      ID,
      enumerateEdgesInfo.presets.original.description,
      new URL("./original-edges.jsonl", import.meta.url),
      (record) => loadEdgesRecord(ID, record, edgesData),
    ),
  },
  answer: edgesAnswer,
  data: edgesData,
  generate,
  load: (record) => loadEdgesRecord(ID, record, edgesData),
  prompt(inst, opts = {}) {
    const variant = promptVariant(opts);
    const lines = variant === "default" ? faithfulLines(inst.data) : explainedLines(inst.data);
    return buildPrompt(lines, opts, outputSchema, variant);
  },
  parse: parseEdges,
  verify: (inst, answer) => verifyAnswer(inst.data, answer),
  solve: (inst) => ({ answers: [solveAnswer(inst.data)], complete: true }),
  formatAnswer: (answer) => JSON.stringify(answer),
  randomAnswer(inst, rng) {
    const all: [number, number][] = [
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ];
    return { squares: inst.data.squares.map(() => all.filter(() => rng.bool(0.25))) };
  },
  render: (inst, answer) => render(inst.data, answer),
};
