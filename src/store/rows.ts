import type { Attempt, ToolCall, Usage } from "../core/model.ts";
import type { Verdict } from "../core/verdict.ts";
import type { JudgeRecord, LabelRecord, PickRecord, SampleRecord, StepRecord } from "./types.ts";

/** Samples and steps as SQLite rows, and back. */

export interface UsageColumns {
  input_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
  cached_tokens: number;
}

export interface SampleRow extends UsageColumns {
  run: string;
  key: string;
  task: string;
  suite: string;
  tags: string;
  level: string | null;
  instance: string;
  instance_hash: string | null;
  model: string;
  epoch: number;
  status: SampleRecord["status"];
  prompt: string | null;
  text: string | null;
  reasoning: string | null;
  answer: string | null;
  verdict: string | null;
  score: number | null;
  passed: 0 | 1 | null;
  failure_kind: string | null;
  finish_reason: string | null;
  cost_usd: number | null;
  spent_usd: number | null;
  calls: number;
  latency_ms: number;
  attempts: string;
  error: string | null;
  cached: 0 | 1;
  steps: number | null;
  optimal_steps: number | null;
  started_at: string;
  finished_at: string;
  judge: string | null;
  tool_calls: string | null;
  tool_use: string | null;
}

export interface StepRow extends UsageColumns {
  run: string;
  sample_key: string;
  idx: number;
  observation: string;
  reply: string;
  action: string | null;
  reward: number;
  error: string | null;
}

export const SAMPLE_COLUMNS = [
  "run",
  "key",
  "task",
  "suite",
  "tags",
  "level",
  "instance",
  "instance_hash",
  "model",
  "epoch",
  "status",
  "prompt",
  "text",
  "reasoning",
  "answer",
  "verdict",
  "score",
  "passed",
  "failure_kind",
  "finish_reason",
  "input_tokens",
  "output_tokens",
  "reasoning_tokens",
  "cached_tokens",
  "cost_usd",
  "spent_usd",
  "calls",
  "latency_ms",
  "attempts",
  "error",
  "cached",
  "steps",
  "optimal_steps",
  "started_at",
  "finished_at",
  "judge",
  "tool_calls",
  "tool_use",
] as const satisfies readonly (keyof SampleRow)[];

export const STEP_COLUMNS = [
  "run",
  "sample_key",
  "idx",
  "observation",
  "reply",
  "action",
  "reward",
  "error",
  "input_tokens",
  "output_tokens",
  "reasoning_tokens",
  "cached_tokens",
] as const satisfies readonly (keyof StepRow)[];

export function insertSql(table: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`;
}

/** JSON text, keeping `undefined` (which JSON cannot hold) as SQL NULL. */
export function toJson(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

export function fromJson(text: string | null): unknown {
  return text === null ? undefined : JSON.parse(text);
}

function bit(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

function usageColumns(u: Usage): UsageColumns {
  return {
    input_tokens: u.input,
    output_tokens: u.output,
    reasoning_tokens: u.reasoning,
    cached_tokens: u.cached,
  };
}

export function usage(row: UsageColumns): Usage {
  return {
    input: row.input_tokens,
    output: row.output_tokens,
    reasoning: row.reasoning_tokens,
    cached: row.cached_tokens,
  };
}

export function sampleRow(s: SampleRecord): SampleRow {
  return {
    run: s.run,
    key: s.key,
    task: s.task,
    suite: s.suite,
    tags: JSON.stringify(s.tags),
    level: s.level,
    instance: s.instance,
    instance_hash: s.instanceHash,
    model: s.model,
    epoch: s.epoch,
    status: s.status,
    prompt: toJson(s.prompt),
    text: s.text,
    reasoning: s.reasoning,
    answer: toJson(s.answer),
    verdict: toJson(s.verdict),
    score: s.score,
    passed: s.passed === null ? null : bit(s.passed),
    failure_kind: s.failureKind,
    finish_reason: s.finishReason,
    ...usageColumns(s.usage),
    cost_usd: s.costUsd,
    spent_usd: s.spentUsd,
    calls: s.calls,
    latency_ms: s.latencyMs,
    attempts: JSON.stringify(s.attempts),
    error: s.error,
    cached: bit(s.cached),
    steps: s.steps,
    optimal_steps: s.optimalSteps,
    started_at: s.startedAt,
    finished_at: s.finishedAt,
    judge: toJson(s.judge),
    tool_calls: s.toolCalls === null ? null : JSON.stringify(s.toolCalls),
    tool_use: s.toolUse === null ? null : JSON.stringify(s.toolUse),
  };
}

export function sampleRecord(r: SampleRow): SampleRecord {
  return {
    run: r.run,
    key: r.key,
    task: r.task,
    suite: r.suite,
    tags: JSON.parse(r.tags) as string[],
    level: r.level,
    instance: r.instance,
    instanceHash: r.instance_hash,
    model: r.model,
    epoch: r.epoch,
    status: r.status,
    prompt: fromJson(r.prompt),
    text: r.text,
    reasoning: r.reasoning,
    answer: fromJson(r.answer),
    verdict: fromJson(r.verdict) as Verdict | null,
    score: r.score,
    passed: r.passed === null ? null : r.passed === 1,
    failureKind: r.failure_kind,
    finishReason: r.finish_reason,
    usage: usage(r),
    costUsd: r.cost_usd,
    spentUsd: r.spent_usd,
    calls: r.calls,
    latencyMs: r.latency_ms,
    attempts: JSON.parse(r.attempts) as Attempt[],
    error: r.error,
    cached: r.cached === 1,
    steps: r.steps,
    optimalSteps: r.optimal_steps,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    judge: (fromJson(r.judge) as JudgeRecord | null) ?? null,
    toolCalls: (fromJson(r.tool_calls) as ToolCall[] | undefined) ?? null,
    toolUse: (fromJson(r.tool_use) as Record<string, number> | undefined) ?? null,
  };
}

export function stepRow(s: StepRecord): StepRow {
  return {
    run: s.run,
    sample_key: s.sampleKey,
    idx: s.index,
    observation: s.observation,
    reply: s.reply,
    action: toJson(s.action),
    reward: s.reward,
    error: s.error,
    ...usageColumns(s.usage),
  };
}

export function stepRecord(r: StepRow): StepRecord {
  return {
    run: r.run,
    sampleKey: r.sample_key,
    index: r.idx,
    observation: r.observation,
    reply: r.reply,
    action: fromJson(r.action),
    reward: r.reward,
    error: r.error,
    usage: usage(r),
  };
}

/** What a label's and a pick's `record` column holds: the judge's replies and what they cost. */
interface JudgeWork {
  replies: string[];
  errors: string[];
  usage: Usage;
  costUsd: number | null;
}

export interface LabelRow {
  run: string;
  sample_key: string;
  taxonomy: string;
  judge: string;
  label: string | null;
  confidence: number | null;
  reason: string | null;
  record: string;
  created_at: string;
}

export const LABEL_COLUMNS = [
  "run",
  "sample_key",
  "taxonomy",
  "judge",
  "label",
  "confidence",
  "reason",
  "record",
  "created_at",
] as const satisfies readonly (keyof LabelRow)[];

export function labelRow(l: LabelRecord): LabelRow {
  const work: JudgeWork = { replies: l.replies, errors: l.errors, usage: l.usage, costUsd: l.costUsd };
  return {
    run: l.run,
    sample_key: l.sampleKey,
    taxonomy: l.taxonomy,
    judge: l.judge,
    label: l.label,
    confidence: l.confidence,
    reason: l.reason,
    record: JSON.stringify(work),
    created_at: l.createdAt,
  };
}

export function labelRecord(r: LabelRow): LabelRecord {
  const work = JSON.parse(r.record) as JudgeWork;
  return {
    run: r.run,
    sampleKey: r.sample_key,
    taxonomy: r.taxonomy,
    judge: r.judge,
    label: r.label,
    confidence: r.confidence,
    reason: r.reason,
    ...work,
    createdAt: r.created_at,
  };
}

export interface PickRow {
  run: string;
  model: string;
  task: string;
  instance: string;
  k: number;
  judge: string;
  picked: string | null;
  record: string;
  created_at: string;
}

export const PICK_COLUMNS = [
  "run",
  "model",
  "task",
  "instance",
  "k",
  "judge",
  "picked",
  "record",
  "created_at",
] as const satisfies readonly (keyof PickRow)[];

export function pickRow(p: PickRecord): PickRow {
  const work: JudgeWork & { candidates: string[] } = {
    candidates: p.candidates,
    replies: p.replies,
    errors: p.errors,
    usage: p.usage,
    costUsd: p.costUsd,
  };
  return {
    run: p.run,
    model: p.model,
    task: p.task,
    instance: p.instance,
    k: p.k,
    judge: p.judge,
    picked: p.picked,
    record: JSON.stringify(work),
    created_at: p.createdAt,
  };
}

export function pickRecord(r: PickRow): PickRecord {
  const work = JSON.parse(r.record) as JudgeWork & { candidates: string[] };
  return {
    run: r.run,
    model: r.model,
    task: r.task,
    instance: r.instance,
    k: r.k,
    judge: r.judge,
    picked: r.picked,
    ...work,
    createdAt: r.created_at,
  };
}
