import type { ReportSample } from "../store/types.ts";
import { DASH, fixed, markdownTable, pct } from "./format.ts";
import { bootstrapMeanCI, signTestP } from "./stats.ts";

/** One instance in both runs: its mean score over the epochs of each (errors scoring 0). */
export interface InstanceDiff {
  task: string;
  instance: string;
  scoreA: number;
  scoreB: number;
  /** scoreB − scoreA */
  diff: number;
}

/**
 * An instance that every sample passed in one run and none did in the other. With one epoch
 * that is simply passed in one, failed in the other; mixed instances never count as flips.
 */
export interface Flip {
  task: string;
  instance: string;
  /** "gained": failed in a, passed in b; "lost": the reverse. */
  direction: "gained" | "lost";
}

export interface PairComparison {
  modelA: string;
  modelB: string;
  /** Instances present in both runs (the pairs every statistic below is over). */
  instances: number;
  onlyA: number;
  onlyB: number;
  meanA: number | null;
  meanB: number | null;
  /** Mean of the per-instance differences b − a. */
  meanDiff: number | null;
  /** 95% paired percentile bootstrap of meanDiff (2000 resamples, seeded). */
  ci95: [number, number] | null;
  /** Instances where b scored higher / lower / the same. */
  better: number;
  worse: number;
  equal: number;
  /** Exact two-sided sign test over better vs worse (ties dropped). */
  signTestP: number;
  flips: Flip[];
  diffs: InstanceDiff[];
}

export interface Comparison {
  pairs: PairComparison[];
  /** Models of one run with no partner in the other. */
  unpaired: { a: string[]; b: string[] };
}

interface InstanceStats {
  task: string;
  instance: string;
  score: number;
  /** "all" passed, "none" passed, or "mixed". */
  outcome: "all" | "none" | "mixed";
}

function byInstance(samples: readonly ReportSample[]): Map<string, InstanceStats> {
  const groups = new Map<string, ReportSample[]>();
  for (const s of samples) {
    const key = `${s.task}\u0000${s.instance}`;
    const list = groups.get(key) ?? [];
    list.push(s);
    groups.set(key, list);
  }
  const out = new Map<string, InstanceStats>();
  for (const [key, list] of groups) {
    const first = list[0] as ReportSample;
    const passed = list.filter((s) => s.passed === true).length;
    out.set(key, {
      task: first.task,
      instance: first.instance,
      score: list.reduce((acc, s) => acc + (s.score ?? 0), 0) / list.length,
      outcome: passed === list.length ? "all" : passed === 0 ? "none" : "mixed",
    });
  }
  return out;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

// Scores are means of a few values in 0..1; closer than this is the same score.
const EPS = 1e-12;

function comparePair(
  modelA: string,
  modelB: string,
  a: readonly ReportSample[],
  b: readonly ReportSample[],
): PairComparison {
  const statsA = byInstance(a);
  const statsB = byInstance(b);
  const keys = [...statsA.keys()].filter((k) => statsB.has(k)).sort();
  const diffs: InstanceDiff[] = [];
  const flips: Flip[] = [];
  for (const key of keys) {
    const x = statsA.get(key) as InstanceStats;
    const y = statsB.get(key) as InstanceStats;
    diffs.push({
      task: x.task,
      instance: x.instance,
      scoreA: x.score,
      scoreB: y.score,
      diff: y.score - x.score,
    });
    if (x.outcome === "none" && y.outcome === "all")
      flips.push({ task: x.task, instance: x.instance, direction: "gained" });
    if (x.outcome === "all" && y.outcome === "none")
      flips.push({ task: x.task, instance: x.instance, direction: "lost" });
  }
  const better = diffs.filter((d) => d.diff > EPS).length;
  const worse = diffs.filter((d) => d.diff < -EPS).length;
  return {
    modelA,
    modelB,
    instances: keys.length,
    onlyA: statsA.size - keys.length,
    onlyB: statsB.size - keys.length,
    meanA: mean(diffs.map((d) => d.scoreA)),
    meanB: mean(diffs.map((d) => d.scoreB)),
    meanDiff: mean(diffs.map((d) => d.diff)),
    ci95: bootstrapMeanCI(diffs.map((d) => d.diff)),
    better,
    worse,
    equal: keys.length - better - worse,
    signTestP: signTestP(better, worse),
    flips,
    diffs,
  };
}

/**
 * Compares run b against run a instance by instance. When each run has a single model the two
 * are paired whatever their ids; otherwise models are paired by equal id.
 */
export function compareRuns(a: readonly ReportSample[], b: readonly ReportSample[]): Comparison {
  const modelsA = [...new Set(a.map((s) => s.model))].sort();
  const modelsB = [...new Set(b.map((s) => s.model))].sort();
  const [onlyModelA] = modelsA;
  const [onlyModelB] = modelsB;
  if (modelsA.length === 1 && modelsB.length === 1 && onlyModelA !== undefined && onlyModelB !== undefined) {
    return { pairs: [comparePair(onlyModelA, onlyModelB, a, b)], unpaired: { a: [], b: [] } };
  }
  const pairs = modelsA
    .filter((m) => modelsB.includes(m))
    .map((m) =>
      comparePair(
        m,
        m,
        a.filter((s) => s.model === m),
        b.filter((s) => s.model === m),
      ),
    );
  return {
    pairs,
    unpaired: {
      a: modelsA.filter((m) => !modelsB.includes(m)),
      b: modelsB.filter((m) => !modelsA.includes(m)),
    },
  };
}

function signed(x: number | null): string {
  if (x === null) return DASH;
  const points = (x * 100).toFixed(1);
  return x > 0 ? `+${points}` : points;
}

function pairMarkdown(p: PairComparison): string {
  const title = p.modelA === p.modelB ? p.modelA : `${p.modelA} → ${p.modelB}`;
  const ci = p.ci95 === null ? DASH : `[${signed(p.ci95[0])}, ${signed(p.ci95[1])}]`;
  const table = markdownTable(
    [
      "Instances",
      "Score a",
      "Score b",
      "Δ (pts)",
      "95% CI (pts)",
      "b better",
      "b worse",
      "Equal",
      "Sign test p",
    ],
    ["r", "r", "r", "r", "r", "r", "r", "r", "r"],
    [
      [
        String(p.instances),
        pct(p.meanA),
        pct(p.meanB),
        signed(p.meanDiff),
        ci,
        String(p.better),
        String(p.worse),
        String(p.equal),
        fixed(p.signTestP, 4),
      ],
    ],
  );
  const parts = [`## ${title}`, table];
  if (p.onlyA + p.onlyB > 0) parts.push(`Unpaired instances: ${p.onlyA} only in a, ${p.onlyB} only in b.`);
  if (p.flips.length > 0) {
    const flips = p.flips.map((f) => [
      f.task,
      f.instance,
      f.direction === "gained" ? "failed → passed" : "passed → failed",
    ]);
    parts.push(`Flipped:\n\n${markdownTable(["Task", "Instance", "a → b"], ["l", "l", "l"], flips)}`);
  }
  return parts.join("\n\n");
}

export function formatComparison(c: Comparison, format: "md" | "json"): string {
  if (format === "json") return `${JSON.stringify(c, null, 2)}\n`;
  const parts = ["# Comparison (b − a, score points)"];
  for (const p of c.pairs) parts.push(pairMarkdown(p));
  if (c.pairs.length === 0) parts.push("No model appears in both runs.");
  if (c.unpaired.a.length > 0) parts.push(`Only in a: ${c.unpaired.a.join(", ")}`);
  if (c.unpaired.b.length > 0) parts.push(`Only in b: ${c.unpaired.b.join(", ")}`);
  return `${parts.join("\n\n")}\n`;
}
