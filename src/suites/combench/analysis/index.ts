import { InputError } from "../../../core/errors.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Task } from "../../../core/task.ts";
import type { Verdict } from "../../../core/verdict.ts";
import { parseAnalysisAsAnchor } from "../common/anchor-parsing.ts";
import {
  type AnalysisAnswer,
  analysisAnswerSchema,
  formatAnalysis,
  parseAnalysis,
} from "../common/answers.ts";
import { proofJudge } from "../common/judge.ts";
import { parsingMode } from "../common/parsing-mode.ts";
import { analysisPrompt } from "../common/prompts.ts";
import {
  isConstructionCentric,
  readRecord,
  recordTags,
  referenceProof,
  type TaskRecord,
  taskRecordSchema,
} from "../common/record.ts";
import {
  drawRecord,
  type RecordParams,
  recordInstance,
  recordParams,
  selectRecords,
} from "../common/record-set.ts";
import { comBenchSettings } from "../common/settings.ts";
import { slug } from "../common/slug.ts";
import { awaitingJudge, offlineChecks } from "../common/verdicts.ts";
import { PROOFBENCH_CATEGORIES, PROOFBENCH_LEVELS } from "../proofbench/levels.ts";
import { loadProofBench } from "../proofbench/records.ts";
import { comBenchAnalysisCard } from "./card.ts";
import { comBenchAnalysisInfo } from "./info.ts";

const ID = "combench/analysis";

const reference = (record: TaskRecord): AnalysisAnswer => ({ proof: referenceProof(record) });

export const comBenchAnalysisTask: Task<RecordParams, TaskRecord, AnalysisAnswer, Promise<Verdict>> = {
  ...infoFields(comBenchAnalysisInfo),
  version: 2,
  params: recordParams,
  levels: Object.fromEntries([
    ...PROOFBENCH_CATEGORIES.map((category) => [slug(category), { category }]),
    ...PROOFBENCH_LEVELS.map((level) => [slug(level), { level }]),
  ]),
  answer: analysisAnswerSchema,
  data: taskRecordSchema,

  generate(params, rng, ctx) {
    return recordInstance(
      ID,
      drawRecord(selectRecords(loadProofBench(), params), rng, ctx),
      params,
      rng.seed,
    );
  },

  load(raw) {
    const record = readRecord(raw);
    if (isConstructionCentric(record)) {
      throw new InputError(
        `is set, so record ${record.id} is construction-centric, not analysis-centric (use combench/construction)`,
        { field: "verify_code" },
      );
    }
    return recordInstance(ID, record, null, null);
  },

  dump: (inst) => inst.data,
  signature: (inst) => inst.data.id,
  instanceTags: (inst) => recordTags(inst.data),
  level: (inst) => inst.data.level ?? null,
  references: (inst) => [reference(inst.data)],
  prompt: (inst, opts) => analysisPrompt(inst.data, opts),
  settings: comBenchSettings,
  parse: (text) => (parsingMode() === "anchor" ? parseAnalysisAsAnchor(text) : parseAnalysis(text)),
  verify: async (inst) => awaitingJudge(await offlineChecks(inst.data, null)),
  judge: proofJudge<AnalysisAnswer>(),
  card: comBenchAnalysisCard,
  solve: (inst) => ({ answers: [reference(inst.data)], complete: true }),
  // The anchor judges the whole reply, so its oracle writes the proof alone.
  formatAnswer: (answer) =>
    parsingMode() === "anchor" ? `${answer.proof.trim()}\n` : formatAnalysis(answer),
  randomAnswer: (_inst, rng) => ({ proof: `The answer is \\boxed{${rng.int(0, 100)}}.` }),
};
