import { InputError } from "../core/errors.ts";
import { addUsage, type Usage, ZERO_USAGE } from "../core/model.ts";
import { BUILTIN_PRICES, costOf, type PriceTable } from "../models/prices.ts";
import type { SampleRecord } from "../store/types.ts";
import { avgScore, avgSteps, bestAtK, dist2Opt, normDist, passAtK, passHatK } from "./metrics.ts";

/** What a row's samples have in common besides the model. */
export type Grouping = "overall" | "task" | "level" | "tag";

export const GROUPINGS: readonly Grouping[] = ["overall", "task", "level", "tag"];

/** The repeated-sampling metrics for one k, each the mean over the row's problems; null when some problem has fewer than k samples. */
export interface AtK {
  k: number;
  passAtK: number | null;
  passHatK: number | null;
  bestAtK: number | null;
}

export interface ReportRow {
  model: string;
  grouping: Grouping;
  /** The task id, level, or tag; "all" for the overall row. */
  group: string;
  /** Samples, errors included. */
  samples: number;
  /** Distinct (task, instance) pairs. */
  problems: number;
  /** Distinct epoch numbers. */
  epochs: number;
  /** Passed samples / samples: errors and parse failures count as failures. */
  accuracy: number;
  /** Mean score over all samples, errors and parse failures scoring 0 (ComBench's Avg.). */
  meanScore: number;
  atK: AtK[];
  /**
   * Shares of all samples, disjoint (with accuracy they sum to 1 when every failed verdict names its kind).
   * `error` counts calls that failed and verdicts the task's own code could not give.
   */
  rates: { parse: number; invalid: number; wrong: number; unscored: number; error: number };
  /**
   * Share of samples whose reply was cut off at the output-token cap (finish reason "length"),
   * whatever their verdict: a truncated answer usually reads as a parse failure, and this tells them apart.
   */
  truncated: number;
  /** How many verdicts were reached under each isolation (where untrusted code ran: "bwrap", "none", "native"). */
  isolation: Record<string, number>;
  /**
   * ComBench's construction pass rate: among the judged samples of tasks that check constructions
   * (some sample has a "construction.*" check), parse failures and missing blocks included, the
   * share whose "construction.verified" check passed. Null when the row has no such task.
   */
  constructionPassRate: number | null;
  /**
   * Each verdict metric of the report (ComBench's "proof before gating", the paper's Table 2): its
   * mean over the row's judged samples of the tasks that give it, a sample without it (a parse
   * failure, a proof left ungraded) counting 0; null when the row has no such task.
   */
  metrics: Record<string, number | null>;
  /** The judge model's tokens and USD (tasks graded by a judge); null cost when a price is unknown. */
  judgeTokens: Usage;
  judgeCost: number | null;
  /** Samples that were answered and have a verdict. */
  judged: number;
  /**
   * Judged samples of the tasks that check lines from S to E (some sample of the task has a
   * "path.start_end" check: SPaRC's kind of answer), parse failures included, verdicts Plumb's own code could not give left out: the denominator of
   * the SPaRC CLI's path rates, which are null when it is 0.
   */
  pathJudged: number;
  /**
   * The SPaRC CLI's path error rates under its names: the share of path-judged samples failing each
   * criterion, an answer with no readable path failing them all (as the CLI counts it).
   */
  cliPathErrors: Record<CliPathCriterion, number | null>;
  /** The CLI's fully_valid_path: share of path-judged samples with a path meeting its four criteria. */
  cliFullyValidPath: number | null;
  /** Path-judged samples whose answer was read: the denominator of Plumb's own path rates. */
  pathRead: number;
  /** Plumb's reading: for each "path.*" check seen in the report, the share of read paths where it failed. */
  pathErrors: Record<string, number | null>;
  /**
   * Plumb's stricter fully valid: share of path-judged samples whose path passed every "path.*"
   * check, inside the grid and no longer than it included (the failure, if any, is a rule's).
   */
  wellFormedPath: number | null;
  tokens: Usage;
  /** USD of the samples' usage (the price table's price, else the one stored with the sample); null when some price is unknown. */
  cost: number | null;
  /** Model calls made (episode turns and judge calls included; cache hits are not calls). */
  calls: number;
  /** USD actually paid for those calls, judge included; null when some price is unknown. */
  spentUsd: number | null;
  /** USD the response cache saved: what the cached replies (and judge replies) would have cost; null when unknown. */
  savedUsd: number | null;
  /** CHAIN's Solved/Tokens: passed / (input + output tokens) × 1e6. */
  solvedPer1MTokens: number | null;
  /** CHAIN's Solved/USD: passed / cost; null when the cost is unknown or 0. */
  solvedPerUsd: number | null;
  /** Over samples that made a call (response-cache hits left out). */
  meanLatencyMs: number | null;
  /** Share of samples answered from the response cache. */
  cachedShare: number;
  /** Share of input tokens the provider served from its prompt cache. */
  cachedInputShare: number | null;
  /** For rows with episodes (samples with a step count); null otherwise. */
  episodes: EpisodeSummary | null;
}

/** CHAIN's plan efficiency, over the solved episodes only. */
export interface EpisodeSummary {
  count: number;
  solved: number;
  avgSteps: number | null;
  dist2Opt: number | null;
  normDist: number | null;
}

export interface Report {
  ks: number[];
  /** Every verdict metric seen, sorted; the keys of each row's metrics. */
  metrics: string[];
  /** Every "path.*" check name of the tasks judging lines from S to E, sorted; the keys of each row's pathErrors. */
  pathChecks: string[];
  runs: string[];
  samples: number;
  /** Ordered by model, then grouping (overall, task, level, tag), then group. */
  rows: ReportRow[];
}

export interface ReportOptions {
  /** Default: [1] plus the largest number of epochs of any problem when above 1. */
  ks?: number[];
  prices?: PriceTable;
}

function problemKey(s: SampleRecord): string {
  return `${s.task}\u0000${s.instance}`;
}

function scoreOf(s: SampleRecord): number {
  return s.score ?? 0;
}

/** Distinct epochs per (model, task, instance), the largest. */
function maxEpochs(samples: readonly SampleRecord[]): number {
  const epochs = new Map<string, Set<number>>();
  for (const s of samples) {
    const key = `${s.model}\u0000${problemKey(s)}`;
    const set = epochs.get(key) ?? new Set<number>();
    set.add(s.epoch);
    epochs.set(key, set);
  }
  let max = 0;
  for (const set of epochs.values()) max = Math.max(max, set.size);
  return max;
}

function groupsOf(s: SampleRecord, grouping: Grouping): string[] {
  switch (grouping) {
    case "overall":
      return ["all"];
    case "task":
      return [s.task];
    case "level":
      return s.level === null ? [] : [s.level];
    case "tag":
      return [...new Set(s.tags)];
  }
}

interface PathChecks {
  /** Every "path.*" check name of those tasks, sorted. */
  checks: string[];
  /** The tasks whose verdicts judge a line from S to E. */
  tasks: Set<string>;
}

/** The SPaRC-style line checks: only tasks whose verdicts judge a line from S to E (`path.start_end`) count. */
function pathChecksOf(samples: readonly SampleRecord[]): PathChecks {
  const tasks = new Set<string>();
  for (const s of samples)
    if (s.verdict?.checks.some((c) => c.name === CLI_PATH_CRITERIA.starts_at_start_ends_at_exit.check))
      tasks.add(s.task);
  const checks = new Set<string>();
  for (const s of samples) {
    if (!tasks.has(s.task)) continue;
    for (const c of s.verdict?.checks ?? []) if (c.name.startsWith("path.")) checks.add(c.name);
  }
  return { checks: [...checks].sort(compareText), tasks };
}

function share(count: number, total: number): number | null {
  return total === 0 ? null : count / total;
}

function atK(byProblem: Map<string, SampleRecord[]>, k: number): AtK {
  const pass: number[] = [];
  const hat: number[] = [];
  const best: number[] = [];
  for (const list of byProblem.values()) {
    const c = list.filter((s) => s.passed === true).length;
    const p = passAtK(list.length, c, k);
    const h = passHatK(list.length, c, k);
    const b = bestAtK(list.map(scoreOf), k);
    if (p === null || h === null || b === null) return { k, passAtK: null, passHatK: null, bestAtK: null };
    pass.push(p);
    hat.push(h);
    best.push(b);
  }
  return { k, passAtK: avgScore(pass), passHatK: avgScore(hat), bestAtK: avgScore(best) };
}

/**
 * The SPaRC CLI's path criteria (its analysis keys), each with the Plumb check that computes it the
 * CLI's way and the label the CLI gives a path failing it.
 */
export const CLI_PATH_CRITERIA = {
  starts_at_start_ends_at_exit: { check: "path.start_end", label: "start/end" },
  connected_line: { check: "path.connected", label: "disconnected" },
  non_intersecting_line: { check: "path.non_intersecting", label: "intersecting" },
  no_rule_crossing: { check: "path.no_rule_cell_crossing", label: "rules" },
} as const;

export type CliPathCriterion = keyof typeof CLI_PATH_CRITERIA;

export const CLI_CRITERIA = Object.keys(CLI_PATH_CRITERIA) as CliPathCriterion[];

const failedCheck = (s: SampleRecord, name: string) =>
  s.verdict?.checks.some((c) => c.name === name && !c.ok) === true;

const pathRead = (s: SampleRecord) => s.failureKind !== "parse";

function pathRates(read: readonly SampleRecord[], pathChecks: readonly string[]): ReportRow["pathErrors"] {
  const out: ReportRow["pathErrors"] = {};
  for (const name of pathChecks)
    out[name] = share(read.filter((s) => failedCheck(s, name)).length, read.length);
  return out;
}

/** A sample with no path judged on the criterion (unreadable, or an episode cut off unjudged) fails it. */
function cliFails(s: SampleRecord, criterion: CliPathCriterion): boolean {
  const check = s.verdict?.checks.find((c) => c.name === CLI_PATH_CRITERIA[criterion].check);
  return !pathRead(s) || check?.ok !== true;
}

function cliPathRates(judged: readonly SampleRecord[]): ReportRow["cliPathErrors"] {
  const out = {} as ReportRow["cliPathErrors"];
  for (const c of CLI_CRITERIA) out[c] = share(judged.filter((s) => cliFails(s, c)).length, judged.length);
  return out;
}

function cliFullyValid(judged: readonly SampleRecord[]): number | null {
  return share(judged.filter((s) => CLI_CRITERIA.every((c) => !cliFails(s, c))).length, judged.length);
}

function constructionRate(judged: readonly SampleRecord[], tasks: ReadonlySet<string>): number | null {
  const mine = judged.filter((s) => tasks.has(s.task));
  const verified = mine.filter((s) =>
    s.verdict?.checks.some((c) => c.name === "construction.verified" && c.ok),
  );
  return share(verified.length, mine.length);
}

/** Metric name → the tasks whose verdicts give it. */
function metricTasksOf(samples: readonly SampleRecord[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const s of samples) {
    for (const name of Object.keys(s.verdict?.metrics ?? {})) {
      const tasks = out.get(name) ?? new Set<string>();
      tasks.add(s.task);
      out.set(name, tasks);
    }
  }
  return out;
}

function metricMeans(
  judged: readonly SampleRecord[],
  metricTasks: ReadonlyMap<string, ReadonlySet<string>>,
): ReportRow["metrics"] {
  const out: ReportRow["metrics"] = {};
  for (const [name, tasks] of metricTasks) {
    const mine = judged.filter((s) => tasks.has(s.task));
    const total = mine.reduce((acc, s) => acc + (s.verdict?.metrics?.[name] ?? 0), 0);
    out[name] = mine.length === 0 ? null : total / mine.length;
  }
  return out;
}

function costSum(samples: readonly SampleRecord[], prices: PriceTable): number | null {
  return sum(samples, (s) => costOf(s.model, s.usage, prices) ?? s.costUsd);
}

/** The sum of a nullable value over samples; null as soon as one is null. */
function sum(samples: readonly SampleRecord[], value: (s: SampleRecord) => number | null): number | null {
  let total = 0;
  for (const s of samples) {
    const v = value(s);
    if (v === null) return null;
    total += v;
  }
  return total;
}

function episodesOf(samples: readonly SampleRecord[]): EpisodeSummary | null {
  const episodes = samples
    .filter((s) => s.steps !== null)
    .map((s) => ({ passed: s.passed === true, steps: s.steps, optimalSteps: s.optimalSteps }));
  if (episodes.length === 0) return null;
  return {
    count: episodes.length,
    solved: episodes.filter((e) => e.passed).length,
    avgSteps: avgSteps(episodes),
    dist2Opt: dist2Opt(episodes),
    normDist: normDist(episodes),
  };
}

function buildRow(
  model: string,
  grouping: Grouping,
  group: string,
  samples: readonly SampleRecord[],
  ks: readonly number[],
  paths: PathChecks,
  prices: PriceTable,
  constructionTasks: ReadonlySet<string>,
  metricTasks: ReadonlyMap<string, ReadonlySet<string>>,
): ReportRow {
  const n = samples.length;
  const byProblem = new Map<string, SampleRecord[]>();
  for (const s of samples) {
    const list = byProblem.get(problemKey(s)) ?? [];
    list.push(s);
    byProblem.set(problemKey(s), list);
  }
  const passed = samples.filter((s) => s.passed === true).length;
  const count = (kind: string) => samples.filter((s) => s.status === "ok" && s.failureKind === kind).length;
  const judged = samples.filter((s) => s.status === "ok" && s.verdict !== null);
  const pathJudged = judged.filter((s) => paths.tasks.has(s.task) && s.failureKind !== "error");
  const read = pathJudged.filter(pathRead);
  const wellFormed = read.filter((s) => s.failureKind !== "invalid").length;
  const tokens = samples.reduce((acc, s) => addUsage(acc, s.usage), ZERO_USAGE);
  const cost = costSum(samples, prices);
  const judgeCost = sum(samples, (s) => s.judge?.costUsd ?? 0);
  const spentUsd = sum(samples, (s) => s.spentUsd);
  const called = samples.filter((s) => !s.cached);
  return {
    model,
    grouping,
    group,
    samples: n,
    problems: byProblem.size,
    epochs: new Set(samples.map((s) => s.epoch)).size,
    accuracy: passed / n,
    meanScore: samples.reduce((acc, s) => acc + scoreOf(s), 0) / n,
    atK: ks.map((k) => atK(byProblem, k)),
    rates: {
      parse: count("parse") / n,
      invalid: count("invalid") / n,
      wrong: count("wrong") / n,
      unscored: count("unscored") / n,
      error: samples.filter((s) => s.status === "error" || s.failureKind === "error").length / n,
    },
    truncated: samples.filter((s) => s.finishReason === "length").length / n,
    isolation: isolationCounts(samples),
    constructionPassRate: constructionRate(judged, constructionTasks),
    metrics: metricMeans(judged, metricTasks),
    judgeTokens: samples.reduce((acc, s) => (s.judge ? addUsage(acc, s.judge.usage) : acc), ZERO_USAGE),
    judgeCost,
    judged: judged.length,
    pathJudged: pathJudged.length,
    cliPathErrors: cliPathRates(pathJudged),
    cliFullyValidPath: cliFullyValid(pathJudged),
    pathRead: read.length,
    pathErrors: pathRates(read, paths.checks),
    wellFormedPath: share(wellFormed, pathJudged.length),
    tokens,
    cost,
    calls: samples.reduce((acc, s) => acc + s.calls, 0),
    spentUsd,
    savedUsd:
      cost === null || judgeCost === null || spentUsd === null
        ? null
        : Math.max(0, cost + judgeCost - spentUsd),
    solvedPer1MTokens:
      tokens.input + tokens.output === 0 ? null : (passed / (tokens.input + tokens.output)) * 1e6,
    solvedPerUsd: cost === null || cost === 0 ? null : passed / cost,
    meanLatencyMs: avgScore(called.map((s) => s.latencyMs)),
    cachedShare: (n - called.length) / n,
    cachedInputShare: share(tokens.cached, tokens.input),
    episodes: episodesOf(samples),
  };
}

function isolationCounts(samples: readonly SampleRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of samples) {
    const where = s.verdict?.isolation;
    if (where !== undefined) counts[where] = (counts[where] ?? 0) + 1;
  }
  return counts;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Aggregates samples into rows by model × task, level, tag, and overall per model. */
export function buildReport(samples: readonly SampleRecord[], opts: ReportOptions = {}): Report {
  const epochs = maxEpochs(samples);
  const ks = opts.ks ?? (epochs > 1 ? [1, epochs] : [1]);
  for (const k of ks) {
    if (!Number.isInteger(k) || k < 1)
      throw new InputError(`k must be a positive integer, got ${k}`, { field: "ks" });
  }
  const prices = opts.prices ?? BUILTIN_PRICES;
  const paths = pathChecksOf(samples);
  const constructionTasks = new Set(
    samples
      .filter((s) => s.verdict?.checks.some((c) => c.name.startsWith("construction.")))
      .map((s) => s.task),
  );
  const metricTasks = metricTasksOf(samples);

  const rows: ReportRow[] = [];
  const models = [...new Set(samples.map((s) => s.model))].sort(compareText);
  for (const model of models) {
    const mine = samples.filter((s) => s.model === model);
    for (const grouping of GROUPINGS) {
      const groups = new Map<string, SampleRecord[]>();
      for (const s of mine) {
        for (const g of groupsOf(s, grouping)) {
          const list = groups.get(g) ?? [];
          list.push(s);
          groups.set(g, list);
        }
      }
      for (const g of [...groups.keys()].sort(compareText)) {
        const list = groups.get(g) ?? [];
        rows.push(buildRow(model, grouping, g, list, ks, paths, prices, constructionTasks, metricTasks));
      }
    }
  }
  return {
    ks: [...ks],
    metrics: [...metricTasks.keys()].sort(compareText),
    pathChecks: paths.checks,
    runs: [...new Set(samples.map((s) => s.run))].sort(compareText),
    samples: samples.length,
    rows,
  };
}
