import { Rng } from "../../core/rng.ts";

/**
 * A small exact classifier for "can these two sets be told apart": L2-regularised logistic
 * regression on standardised features, fitted by Newton's method, scored by rank AUC under
 * stratified k-fold cross-validation.
 */
export interface LogisticModel {
  mean: number[];
  sd: number[];
  /** Intercept first, then one weight per standardised feature. */
  weights: number[];
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** Fits on rows `x` with labels `y` (0/1); the intercept is not penalised. */
export function fitLogistic(x: number[][], y: number[], lambda = 1, iterations = 50): LogisticModel {
  const d = x[0]?.length ?? 0;
  const mean = Array.from({ length: d }, (_, j) => x.reduce((s, r) => s + (r[j] as number), 0) / x.length);
  const sd = mean.map((m, j) => {
    const v = x.reduce((s, r) => s + ((r[j] as number) - m) ** 2, 0) / x.length;
    // A constant column carries no information; leave it at 0 after centring.
    return v > 1e-12 ? Math.sqrt(v) : 1;
  });
  const rows = x.map((r) => [1, ...r.map((v, j) => (v - (mean[j] as number)) / (sd[j] as number))]);
  const w = new Array<number>(d + 1).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = w.map((wj, j) => (j === 0 ? 0 : lambda * wj));
    const hess = w.map((_, i) => w.map((__, j) => (i === j && i > 0 ? lambda : 0)));
    rows.forEach((r, n) => {
      const p = sigmoid(dot(w, r));
      const g = p - (y[n] as number);
      const h = Math.max(p * (1 - p), 1e-10);
      for (let i = 0; i <= d; i++) {
        grad[i] = (grad[i] as number) + g * (r[i] as number);
        const hi = hess[i] as number[];
        for (let j = 0; j <= d; j++) hi[j] = (hi[j] as number) + h * (r[i] as number) * (r[j] as number);
      }
    });
    const step = solveLinear(hess, grad);
    let change = 0;
    for (let j = 0; j <= d; j++) {
      w[j] = (w[j] as number) - (step[j] as number);
      change = Math.max(change, Math.abs(step[j] as number));
    }
    if (change < 1e-9) break;
  }
  return { mean, sd, weights: w };
}

export function predictLogistic(model: LogisticModel, row: number[]): number {
  const z = row.reduce(
    (s, v, j) =>
      s + (model.weights[j + 1] as number) * ((v - (model.mean[j] as number)) / (model.sd[j] as number)),
    model.weights[0] as number,
  );
  return sigmoid(z);
}

function dot(a: number[], b: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

/** Gaussian elimination with partial pivoting; `a` is symmetric positive definite here. */
function solveLinear(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]?.[c] as number) > Math.abs(m[p]?.[c] as number)) p = r;
    [m[c], m[p]] = [m[p] as number[], m[c] as number[]];
    const pivot = m[c] as number[];
    for (let r = c + 1; r < n; r++) {
      const row = m[r] as number[];
      const f = (row[c] as number) / (pivot[c] as number);
      if (f === 0) continue;
      for (let k = c; k <= n; k++) row[k] = (row[k] as number) - f * (pivot[k] as number);
    }
  }
  const out = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const row = m[r] as number[];
    let s = row[n] as number;
    for (let k = r + 1; k < n; k++) s -= (row[k] as number) * (out[k] as number);
    out[r] = s / (row[r] as number);
  }
  return out;
}

/**
 * The probability that a random positive scores above a random negative (ties count half):
 * the Mann–Whitney statistic from average ranks.
 */
export function auc(scores: number[], labels: number[]): number {
  const order = scores.map((s, i) => [s, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(scores.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]?.[0] === order[i]?.[0]) j++;
    for (let k = i; k <= j; k++) ranks[(order[k] as readonly [number, number])[1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  const pos = labels.filter((l) => l === 1).length;
  const neg = labels.length - pos;
  if (pos === 0 || neg === 0) throw new RangeError("auc: needs both classes");
  const rankSum = labels.reduce((s, l, i) => s + (l === 1 ? (ranks[i] as number) : 0), 0);
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/**
 * Mean AUC over stratified folds: each fold's rows are scored by a model fitted on the others.
 * Folds are drawn from `seed`, so the figure is reproducible.
 */
export function crossValidatedAuc(
  x: number[][],
  y: number[],
  opts: { folds?: number; lambda?: number; seed?: string } = {},
): number {
  const k = opts.folds ?? 5;
  const rng = new Rng(opts.seed ?? "cv");
  const fold = new Array<number>(y.length);
  for (const label of [0, 1]) {
    const members = rng.shuffle(y.map((l, i) => (l === label ? i : -1)).filter((i) => i >= 0));
    members.forEach((i, n) => {
      fold[i] = n % k;
    });
  }
  const aucs: number[] = [];
  for (let f = 0; f < k; f++) {
    const train = y.map((_, i) => i).filter((i) => fold[i] !== f);
    const test = y.map((_, i) => i).filter((i) => fold[i] === f);
    const testLabels = test.map((i) => y[i] as number);
    if (!testLabels.includes(0) || !testLabels.includes(1)) continue;
    const model = fitLogistic(
      train.map((i) => x[i] as number[]),
      train.map((i) => y[i] as number),
      opts.lambda,
    );
    aucs.push(
      auc(
        test.map((i) => predictLogistic(model, x[i] as number[])),
        testLabels,
      ),
    );
  }
  if (aucs.length === 0) throw new RangeError("crossValidatedAuc: too few rows of each class for the folds");
  return aucs.reduce((a, b) => a + b, 0) / aucs.length;
}
