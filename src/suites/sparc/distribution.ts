import { FEATURES, type Feature, featureVector, recordFeatures } from "./features.ts";
import { crossValidatedAuc } from "./logistic.ts";
import type { SparcRecord } from "./record.ts";

export interface FeatureComparison {
  feature: Feature;
  generated: number;
  official: number;
}

export interface DistributionReport {
  /** Cross-validated AUC of a classifier telling generated (1) from official (0); 0.5 = indistinguishable. */
  auc: number;
  /** The same per difficulty level, where both sides have at least `minPerLevel` puzzles. */
  aucByLevel: Map<number, { auc: number; generated: number; official: number }>;
  features: FeatureComparison[];
}

const mean = (xs: number[]) => (xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length);

export function classifierAuc(generated: number[][], official: number[][], seed = "cv"): number {
  const x = [...generated, ...official];
  const y = [...generated.map(() => 1), ...official.map(() => 0)];
  return crossValidatedAuc(x, y, { seed });
}

/** How well generated records can be told from official ones, overall and per level, and where they differ. */
export function compareDistributions(
  generated: SparcRecord[],
  official: SparcRecord[],
  opts: { minPerLevel?: number; seed?: string } = {},
): DistributionReport {
  const minPerLevel = opts.minPerLevel ?? 10;
  const gen = generated.map((r) => ({ level: r.difficulty_level, row: recordFeatures(r) }));
  const off = official.map((r) => ({ level: r.difficulty_level, row: recordFeatures(r) }));
  const vectors = (xs: typeof gen) => xs.map((g) => featureVector(g.row));
  const aucByLevel: DistributionReport["aucByLevel"] = new Map();
  for (const level of [1, 2, 3, 4, 5]) {
    const g = gen.filter((r) => r.level === level);
    const o = off.filter((r) => r.level === level);
    if (g.length < minPerLevel || o.length < minPerLevel) continue;
    aucByLevel.set(level, {
      auc: classifierAuc(vectors(g), vectors(o), opts.seed),
      generated: g.length,
      official: o.length,
    });
  }
  return {
    auc: classifierAuc(vectors(gen), vectors(off), opts.seed),
    aucByLevel,
    features: FEATURES.map((feature) => ({
      feature,
      generated: mean(gen.map((g) => g.row[feature])),
      official: mean(off.map((o) => o.row[feature])),
    })),
  };
}

/** Puzzles per level 1–5. */
export function levelSpread(records: SparcRecord[]): [number, number, number, number, number] {
  const out: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const r of records) out[r.difficulty_level - 1] = (out[r.difficulty_level - 1] ?? 0) + 1;
  return out;
}
