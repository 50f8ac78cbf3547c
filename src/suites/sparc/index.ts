import { z } from "zod";
import { fromZodError } from "../../core/errors.ts";
import { generatedInstance, instanceId } from "../../core/instances.ts";
import { memoByIdentity } from "../../core/memo.ts";
import { infoFields } from "../../core/registry.ts";
import type { Instance, Task } from "../../core/task.ts";
import { astarAction, astarPath, movesOf } from "./astar.ts";
import { boardOf } from "./board.ts";
import { sparcCard } from "./card.ts";
import { difficulty } from "./difficulty.ts";
import { generatePuzzle, MIXES, type Mix, randomLine, type SparcParams, sparcParams } from "./generate.ts";
import { SparcGym } from "./gym.ts";
import { sparcInfo } from "./info.ts";
import { lineBoardOf } from "./line-board.ts";
import { parseAnswer } from "./parse.ts";
import { sparcPrompt } from "./prompt.ts";
import { sparcPromptFields } from "./prompt-fields.ts";
import { type Puzzle, polyshapesJson, puzzleArray, puzzleFromRecord, textVisualization } from "./puzzle.ts";
import { type Path, pathSchema, type SparcRecord, sparcRecordSchema } from "./record.ts";
import { renderPuzzleSvg } from "./render.ts";
import { sparcReportGroups } from "./report-groups.ts";
import { solveBoard } from "./solve.ts";
import { verifyPath } from "./verify.ts";

const gymOptions = z
  .object({ maxSteps: z.number().int().positive(), traceback: z.boolean(), vision: z.boolean() })
  .partial()
  .strict();

/** The puzzle behind a record, parsed once. */
export const puzzleOf: (record: SparcRecord) => Puzzle = memoByIdentity(puzzleFromRecord);

/** The A* ablation's line (or just S when E is out of reach), found once per record. */
const astarLineOf = memoByIdentity((record: SparcRecord): Path => {
  const p = puzzleOf(record);
  return astarPath(p) ?? [p.start];
});

/** Writes a generated puzzle as an official record, so generated sets are drop-in. */
export function toRecord(
  id: string,
  puzzle: Puzzle,
  solutions: Path[],
  origin: SparcRecord["plumb"],
): SparcRecord {
  const d = difficulty(puzzle);
  return {
    id,
    difficulty_level: d.level,
    difficulty_score: d.score,
    grid_size: { height: puzzle.height, width: puzzle.width },
    polyshapes: polyshapesJson(puzzle.shapes),
    puzzle_array: puzzleArray(puzzle),
    solution_count: solutions.length,
    solutions: solutions.map((path, index) => ({ index, path, pathLength: path.length })),
    text_visualization: textVisualization(puzzle),
    plumb: origin,
  };
}

const splitLevels = Object.fromEntries(Object.keys(MIXES).map((mix) => [mix, { mix: mix as Mix }]));
const difficultyLevels = Object.fromEntries(
  [1, 2, 3, 4, 5].map((level) => [`difficulty-${level}`, { mix: "all" as Mix, difficulty: level }]),
);

export const sparcTask: Task<SparcParams, SparcRecord, Path> = {
  ...infoFields(sparcInfo),
  version: 2,
  params: sparcParams,
  levels: { ...splitLevels, ...difficultyLevels },
  answer: pathSchema,
  data: sparcRecordSchema,

  generate(params, rng) {
    const g = generatePuzzle(params, rng);
    const id = instanceId("sparc", params, rng.seed);
    const record = toRecord(id, g.puzzle, g.solutions, { params, seed: rng.seed, planted: g.planted });
    return generatedInstance("sparc", params, rng, record);
  },

  load(raw) {
    const parsed = sparcRecordSchema.safeParse(raw);
    if (!parsed.success) throw fromZodError(parsed.error);
    const record = parsed.data;
    puzzleOf(record);
    return {
      id: record.id,
      task: "sparc",
      params: record.plumb?.params ?? null,
      seed: record.plumb?.seed ?? null,
      data: record,
    };
  },

  dump: (inst) => inst.data,
  level: (inst) => String(inst.data.difficulty_level),
  references: (inst) => inst.data.solutions.map((s) => s.path),
  prompt: (inst, opts) => sparcPrompt(inst.data, puzzleOf(inst.data), opts),
  promptFields: (inst) => sparcPromptFields(inst.data),
  parse: (text, inst, opts) => parseAnswer(text, puzzleOf(inst.data), opts?.lenient ? "lenient" : "strict"),
  verify: (inst, answer) => verifyPath(boardOf(puzzleOf(inst.data)), answer),
  card: sparcCard,

  solve(inst, opts = {}) {
    const limit = opts.all ? (opts.maxSolutions ?? Number.POSITIVE_INFINITY) : 1;
    const r = solveBoard(boardOf(puzzleOf(inst.data)), { maxSolutions: limit });
    return {
      answers: r.solutions,
      complete: r.complete || (!opts.all && r.solutions.length > 0),
      stats: { nodes: r.nodes },
    };
  },

  formatAnswer: (answer) => `#### [${answer.map((p) => `(${p.x}, ${p.y})`).join(", ")}]`,

  randomAnswer(inst, rng) {
    const p = puzzleOf(inst.data);
    return randomLine(p.cols, p.rows, p.start, p.end, rng) ?? [p.start];
  },

  baselines: {
    astar: {
      answer: (inst) => astarLineOf(inst.data),
      act: (inst, step, legal, rng) => astarAction(movesOf(astarLineOf(inst.data)), step, legal, rng),
    },
  },

  render: (inst, answer) => renderPuzzleSvg(puzzleOf(inst.data), answer, { title: `SPaRC ${inst.id}` }),
  lineBoard: (inst) => lineBoardOf(puzzleOf(inst.data)),
  // The official SPaRC gym sends each observation without earlier turns.
  episodeHistory: 0,
  reportGroups: sparcReportGroups,
  env(inst, opts = {}) {
    const parsed = gymOptions.safeParse(opts);
    if (!parsed.success) throw fromZodError(parsed.error, ["env"]);
    return new SparcGym(inst.data, puzzleOf(inst.data), parsed.data);
  },
};

export type SparcInstance = Instance<SparcRecord>;
