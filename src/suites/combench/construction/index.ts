import { InputError } from "../../../core/errors.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Task } from "../../../core/task.ts";
import type { Verdict } from "../../../core/verdict.ts";
import { parseConstructionAsAnchor } from "../common/anchor-parsing.ts";
import {
  type ConstructionAnswer,
  constructionAnswerSchema,
  formatConstruction,
  parseConstruction,
} from "../common/answers.ts";
import { proofJudge } from "../common/judge.ts";
import { parsingMode } from "../common/parsing-mode.ts";
import { constructionPrompt } from "../common/prompts.ts";
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
import { awaitingJudge, offlineChecks, proofNotJudged } from "../common/verdicts.ts";
import { loadStarterRecords } from "../records/load.ts";
import { COMBENCH_CATEGORIES } from "../records/schema.ts";
import { comBenchConstructionCard } from "./card.ts";
import { comBenchConstructionInfo } from "./info.ts";

const ID = "combench/construction";

let starter: TaskRecord[] | undefined;
const starterRecords = () => {
  starter ??= loadStarterRecords().map(readRecord);
  return starter;
};

const reference = (record: TaskRecord): ConstructionAnswer => ({
  proof: referenceProof(record),
  construction: { payload: record.ref_construction },
});

function randomPayload(rng: Rng): string {
  const length = rng.int(1, 6);
  return `[${Array.from({ length }, () => rng.int(0, 9)).join(", ")}]`;
}

export const comBenchConstructionTask: Task<
  RecordParams,
  TaskRecord,
  ConstructionAnswer,
  Promise<Verdict>
> = {
  ...infoFields(comBenchConstructionInfo),
  version: 2,
  params: recordParams,
  levels: Object.fromEntries(COMBENCH_CATEGORIES.map((c) => [slug(c), { category: c }])),
  answer: constructionAnswerSchema,
  data: taskRecordSchema,

  generate(params, rng, ctx) {
    return recordInstance(
      ID,
      drawRecord(selectRecords(starterRecords(), params), rng, ctx),
      params,
      rng.seed,
    );
  },

  load(raw) {
    const record = readRecord(raw);
    if (!isConstructionCentric(record)) {
      const field = record.instruction.trim() === "" ? "instruction" : "verify_code";
      throw new InputError(
        `is empty, so record ${record.id} is analysis-centric, not construction-centric (use combench/analysis)`,
        { field },
      );
    }
    return recordInstance(ID, record, null, null);
  },

  dump: (inst) => inst.data,
  signature: (inst) => inst.data.id,
  instanceTags: (inst) => recordTags(inst.data),
  level: (inst) => inst.data.level ?? null,
  references: (inst) => [reference(inst.data)],
  prompt: (inst, opts) => constructionPrompt(inst.data, opts),
  settings: comBenchSettings,
  parse: (text) => (parsingMode() === "anchor" ? parseConstructionAsAnchor(text) : parseConstruction(text)),
  async verify(inst, answer) {
    const offline = await offlineChecks(inst.data, answer);
    return answer.proofProblem === undefined
      ? awaitingJudge(offline)
      : proofNotJudged(offline, answer.proofProblem);
  },
  judge: proofJudge<ConstructionAnswer>(),
  card: comBenchConstructionCard,
  solve: (inst) => ({ answers: [reference(inst.data)], complete: true }),
  formatAnswer: (answer) => formatConstruction(answer),
  randomAnswer: (_inst, rng) => ({
    proof: "A guess, without proof.",
    construction: { payload: randomPayload(rng) },
  }),
};
