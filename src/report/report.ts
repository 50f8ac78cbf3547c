import { InputError } from "../core/errors.ts";
import { addUsage, type Usage, ZERO_USAGE } from "../core/model.ts";
import type { ReportGroup } from "../core/task.ts";
import { BUILTIN_PRICES, costOf, type PriceTable } from "../models/prices.ts";
import type { ReportSample } from "../store/types.ts";
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
  /*
   * The report group's rates (Report.group: the tables tasks declare for their own checks, such as
   * SPaRC's path errors); the "path" names are SPaRC's, the first task to declare one.
   */
  /**
   * Judged samples of the tasks declaring the report group, parse failures included, verdicts
   * Plumb's own code could not give left out: the denominator of the group's criteria rates
   * (the SPaRC CLI's path rates), which are null when it is 0.
   */
  pathJudged: number;
  /**
   * The group's criteria rates under their keys (the SPaRC CLI's path error rates): the share of
   * group-judged samples failing each criterion, an unreadable answer failing them all (as the CLI counts it).
   */
  cliPathErrors: Record<string, number | null>;
  /** Share of group-judged samples meeting every criterion (the CLI's fully_valid_path). */
  cliFullyValidPath: number | null;
  /** Group-judged samples whose answer was read: the denominator of Plumb's own rates of the group. */
  pathRead: number;
  /** Plumb's reading: for each check of the group seen in the report, the share of read answers where it failed. */
  pathErrors: Record<string, number | null>;
  /**
   * Plumb's stricter fully valid: share of group-judged samples whose answer passed every check of
   * the group (SPaRC: inside the grid and no longer than it included; the failure, if any, is a rule's).
   */
  wellFormedPath: number | null;
  tokens: Usage;
  /** Tool use summed over the samples, by tool (calls, or the units a provider bills); empty without tools. */
  toolUse: Record<string, number>;
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
  /** Over the same samples: SPaRC's human study reports median and mean solve time. */
  medianLatencyMs: number | null;
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
  /** The report group the path fields follow: the first declared by a task of the report (by task id), if any. */
  group: ReportGroup | null;
  /** Every check of that group seen in its tasks' samples, sorted; the keys of each row's pathErrors. */
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
  /**
   * The report groups each task declares (Task.reportGroups), by task id, as the run spec stores
   * them: a task missing here gets no group tables.
   */
  groups?: Readonly<Record<string, readonly ReportGroup[]>>;
}

function problemKey(s: ReportSample): string {
  return `${s.task}\u0000${s.instance}`;
}

function scoreOf(s: ReportSample): number {
  return s.score ?? 0;
}

/** Distinct epochs per (model, task, instance), the largest. */
function maxEpochs(samples: readonly ReportSample[]): number {
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

function groupsOf(s: ReportSample, grouping: Grouping): string[] {
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
  /** The group the report tabulates, if any task of it declares one. */
  group: ReportGroup | null;
  /** Every check of the group seen in its tasks' samples, sorted. */
  checks: string[];
  /** The tasks declaring the group. */
  tasks: Set<string>;
}

/**
 * The report group: the first one a task of the report declares (tasks in id order), counted over
 * every task that declares a group of the same title.
 */
function pathChecksOf(
  samples: readonly ReportSample[],
  declared: Readonly<Record<string, readonly ReportGroup[]>>,
): PathChecks {
  const ids = [...new Set(samples.map((s) => s.task))].sort(compareText);
  const declaredBy = (id: string) => (Object.hasOwn(declared, id) ? (declared[id] ?? []) : []);
  const group = ids.map((id) => declaredBy(id)[0]).find((g) => g !== undefined) ?? null;
  const tasks = new Set(group ? ids.filter((id) => declaredBy(id).some((g) => g.title === group.title)) : []);
  const checks = new Set<string>();
  for (const s of samples) {
    if (!group || !tasks.has(s.task)) continue;
    for (const c of s.verdict?.checks ?? []) if (c.name.startsWith(group.checkPrefix)) checks.add(c.name);
  }
  return { group, checks: [...checks].sort(compareText), tasks };
}

function share(count: number, total: number): number | null {
  return total === 0 ? null : count / total;
}

function atK(byProblem: Map<string, ReportSample[]>, k: number): AtK {
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

type Criterion = ReportGroup["criteria"][number];

const failedCheck = (s: ReportSample, name: string) =>
  s.verdict?.checks.some((c) => c.name === name && !c.ok) === true;

const pathRead = (s: ReportSample) => s.failureKind !== "parse";

function pathRates(read: readonly ReportSample[], pathChecks: readonly string[]): ReportRow["pathErrors"] {
  const out: ReportRow["pathErrors"] = {};
  for (const name of pathChecks)
    out[name] = share(read.filter((s) => failedCheck(s, name)).length, read.length);
  return out;
}

/** A sample with no answer judged on the criterion (unreadable, or an episode cut off unjudged) fails it. */
function cliFails(s: ReportSample, criterion: Criterion): boolean {
  const check = s.verdict?.checks.find((c) => c.name === criterion.check);
  return !pathRead(s) || check?.ok !== true;
}

function cliPathRates(
  judged: readonly ReportSample[],
  group: ReportGroup | null,
): ReportRow["cliPathErrors"] {
  const out: ReportRow["cliPathErrors"] = {};
  for (const c of group?.criteria ?? [])
    out[c.key] = share(judged.filter((s) => cliFails(s, c)).length, judged.length);
  return out;
}

function cliFullyValid(judged: readonly ReportSample[], group: ReportGroup | null): number | null {
  const criteria = group?.criteria ?? [];
  return share(judged.filter((s) => criteria.every((c) => !cliFails(s, c))).length, judged.length);
}

function constructionRate(judged: readonly ReportSample[], tasks: ReadonlySet<string>): number | null {
  const mine = judged.filter((s) => tasks.has(s.task));
  const verified = mine.filter((s) =>
    s.verdict?.checks.some((c) => c.name === "construction.verified" && c.ok),
  );
  return share(verified.length, mine.length);
}

/** Metric name → the tasks whose verdicts give it. */
function metricTasksOf(samples: readonly ReportSample[]): Map<string, Set<string>> {
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
  judged: readonly ReportSample[],
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

function toolUseSum(samples: readonly ReportSample[]): Record<string, number> {
  const out: Record<string, number> = Object.create(null);
  for (const s of samples)
    for (const [tool, n] of Object.entries(s.toolUse ?? {})) out[tool] = (out[tool] ?? 0) + n;
  return out;
}

function costSum(samples: readonly ReportSample[], prices: PriceTable): number | null {
  return sum(samples, (s) => costOf(s.model, s.usage, prices, s.toolUse ?? undefined) ?? s.costUsd);
}

/** The sum of a nullable value over samples; null as soon as one is null. */
function sum(samples: readonly ReportSample[], value: (s: ReportSample) => number | null): number | null {
  let total = 0;
  for (const s of samples) {
    const v = value(s);
    if (v === null) return null;
    total += v;
  }
  return total;
}

function episodesOf(samples: readonly ReportSample[]): EpisodeSummary | null {
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
  samples: readonly ReportSample[],
  ks: readonly number[],
  paths: PathChecks,
  prices: PriceTable,
  constructionTasks: ReadonlySet<string>,
  metricTasks: ReadonlyMap<string, ReadonlySet<string>>,
): ReportRow {
  const n = samples.length;
  const byProblem = new Map<string, ReportSample[]>();
  for (const s of samples) {
    const key = problemKey(s);
    const list = byProblem.get(key);
    if (list) list.push(s);
    else byProblem.set(key, [s]);
  }
  // The counts and sums over every sample, in one pass.
  let passed = 0;
  let errors = 0;
  let truncated = 0;
  let scores = 0;
  let calls = 0;
  const kinds = new Map<string, number>();
  for (const s of samples) {
    if (s.passed === true) passed++;
    if (s.status === "error" || s.failureKind === "error") errors++;
    if (s.finishReason === "length") truncated++;
    scores += scoreOf(s);
    calls += s.calls;
    if (s.status === "ok" && s.failureKind !== null)
      kinds.set(s.failureKind, (kinds.get(s.failureKind) ?? 0) + 1);
  }
  const count = (kind: string) => kinds.get(kind) ?? 0;
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
    meanScore: scores / n,
    atK: ks.map((k) => atK(byProblem, k)),
    rates: {
      parse: count("parse") / n,
      invalid: count("invalid") / n,
      wrong: count("wrong") / n,
      unscored: count("unscored") / n,
      error: errors / n,
    },
    truncated: truncated / n,
    isolation: isolationCounts(samples),
    constructionPassRate: constructionRate(judged, constructionTasks),
    metrics: metricMeans(judged, metricTasks),
    judgeTokens: samples.reduce((acc, s) => (s.judge ? addUsage(acc, s.judge.usage) : acc), ZERO_USAGE),
    judgeCost,
    judged: judged.length,
    pathJudged: pathJudged.length,
    cliPathErrors: cliPathRates(pathJudged, paths.group),
    cliFullyValidPath: cliFullyValid(pathJudged, paths.group),
    pathRead: read.length,
    pathErrors: pathRates(read, paths.checks),
    wellFormedPath: share(wellFormed, pathJudged.length),
    tokens,
    toolUse: toolUseSum(samples),
    cost,
    calls,
    spentUsd,
    savedUsd:
      cost === null || judgeCost === null || spentUsd === null
        ? null
        : Math.max(0, cost + judgeCost - spentUsd),
    solvedPer1MTokens:
      tokens.input + tokens.output === 0 ? null : (passed / (tokens.input + tokens.output)) * 1e6,
    solvedPerUsd: cost === null || cost === 0 ? null : passed / cost,
    meanLatencyMs: avgScore(called.map((s) => s.latencyMs)),
    medianLatencyMs: median(called.map((s) => s.latencyMs)),
    cachedShare: (n - called.length) / n,
    cachedInputShare: share(tokens.cached, tokens.input),
    episodes: episodesOf(samples),
  };
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function isolationCounts(samples: readonly ReportSample[]): Record<string, number> {
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
export function buildReport(samples: readonly ReportSample[], opts: ReportOptions = {}): Report {
  const epochs = maxEpochs(samples);
  const ks = opts.ks ?? (epochs > 1 ? [1, epochs] : [1]);
  for (const k of ks) {
    if (!Number.isInteger(k) || k < 1)
      throw new InputError(`k must be a positive integer, got ${k}`, { field: "ks" });
  }
  const prices = opts.prices ?? BUILTIN_PRICES;
  const paths = pathChecksOf(samples, opts.groups ?? {});
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
      const groups = new Map<string, ReportSample[]>();
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
    group: paths.group,
    pathChecks: paths.checks,
    runs: [...new Set(samples.map((s) => s.run))].sort(compareText),
    samples: samples.length,
    rows,
  };
}
