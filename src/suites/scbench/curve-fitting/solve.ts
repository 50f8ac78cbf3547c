import { PASS_ACCURACY, tallyCells } from "./cells.ts";
import { parseExpression } from "./expression.ts";

export interface Fit {
  expression: string;
  /** Fraction of cells the (rounded) expression classifies right. */
  accuracy: number;
  degree: number;
}

export interface FitOptions {
  maxDegree: number;
  /** The accuracy to reach; PASS_ACCURACY by default. */
  target?: number;
}

const RIDGE = 1e-6;
const ITERATIONS = 30;
const DIGITS = [4, 5, 6, 8, 10, 17];

/** Exponent pairs (i, j) of the monomials u^i v^j with i + j ≤ degree. */
function monomials(degree: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i <= degree; i++) for (let j = 0; j <= degree - i; j++) out.push([i, j]);
  return out;
}

/** Solves the symmetric positive definite system A w = b by Cholesky, A row-major p×p. */
function solveSpd(a: Float64Array, b: Float64Array, p: number): Float64Array {
  const l = new Float64Array(p * p);
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * p + j] as number;
      for (let k = 0; k < j; k++) sum -= (l[i * p + k] as number) * (l[j * p + k] as number);
      if (i === j) {
        if (!(sum > 0)) throw new Error("curve-fitting: normal equations are not positive definite");
        l[i * p + i] = Math.sqrt(sum);
      } else {
        l[i * p + j] = sum / (l[j * p + j] as number);
      }
    }
  }
  const z = new Float64Array(p);
  for (let i = 0; i < p; i++) {
    let sum = b[i] as number;
    for (let k = 0; k < i; k++) sum -= (l[i * p + k] as number) * (z[k] as number);
    z[i] = sum / (l[i * p + i] as number);
  }
  const w = new Float64Array(p);
  for (let i = p - 1; i >= 0; i--) {
    let sum = z[i] as number;
    for (let k = i + 1; k < p; k++) sum -= (l[k * p + i] as number) * (w[k] as number);
    w[i] = sum / (l[i * p + i] as number);
  }
  return w;
}

/**
 * The cells the fit trains on: on large grids, every cell within 2 of the other class plus a
 * coarse lattice of the rest (about 32 × 32), since only cells near the boundary are in doubt.
 * The final accuracy is always measured on every cell.
 */
function trainingCells(rows: readonly string[]): [number, number][] {
  const n = rows.length;
  if (n <= 48) return rows.flatMap((_, y) => rows.map((_r, x): [number, number] => [x, y]));
  const stride = Math.ceil(n / 32);
  const out: [number, number][] = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      let keep = x % stride === 0 && y % stride === 0;
      for (let dy = -2; dy <= 2 && !keep; dy++) {
        for (let dx = -2; dx <= 2 && !keep; dx++) {
          const other = rows[y + dy]?.[x + dx];
          keep = other !== undefined && other !== rows[y]?.[x];
        }
      }
      if (keep) out.push([x, y]);
    }
  }
  return out;
}

/**
 * Fits sign(p(u, v)) to the labels, with u = (x − c)/c, v = (y − c)/c and c = (n − 1)/2 so both
 * lie in [−1, 1]. Returns the weights with the best training accuracy seen.
 */
function fitDegree(
  rows: readonly string[],
  cells: readonly [number, number][],
  degree: number,
): Float64Array {
  const n = rows.length;
  const c = (n - 1) / 2;
  const terms = monomials(degree);
  const p = terms.length;
  const count = cells.length;
  const phi = new Float64Array(count * p);
  const sign = new Float64Array(count);
  const up = new Float64Array(degree + 1);
  const vp = new Float64Array(degree + 1);
  cells.forEach(([x, y], cell) => {
    sign[cell] = rows[y]?.[x] === "1" ? 1 : -1;
    up[0] = 1;
    vp[0] = 1;
    for (let k = 1; k <= degree; k++) {
      up[k] = (up[k - 1] as number) * ((x - c) / c);
      vp[k] = (vp[k - 1] as number) * ((y - c) / c);
    }
    for (let t = 0; t < p; t++) {
      const [i, j] = terms[t] as [number, number];
      phi[cell * p + t] = (up[i] as number) * (vp[j] as number);
    }
  });
  // Squared-hinge fit (an L2 support vector machine in the primal): minimise
  // Σ max(0, 1 − s·p)² + λ‖w‖² by re-solving least squares on the cells inside the margin until
  // that set stops changing. The first pass (all cells active) is plain ridge least squares.
  let active = new Uint8Array(count).fill(1);
  let best: Float64Array = new Float64Array(p);
  let bestCorrect = -1;
  for (let it = 0; it < ITERATIONS; it++) {
    const gram = new Float64Array(p * p);
    const rhs = new Float64Array(p);
    for (let cell = 0; cell < count; cell++) {
      if (!active[cell]) continue;
      const base = cell * p;
      const sg = sign[cell] as number;
      for (let a = 0; a < p; a++) {
        const fa = phi[base + a] as number;
        rhs[a] = (rhs[a] as number) + sg * fa;
        for (let b = 0; b <= a; b++)
          gram[a * p + b] = (gram[a * p + b] as number) + fa * (phi[base + b] as number);
      }
    }
    for (let a = 0; a < p; a++) {
      for (let b = 0; b < a; b++) gram[b * p + a] = gram[a * p + b] as number;
      gram[a * p + a] = (gram[a * p + a] as number) + RIDGE * count;
    }
    const w = solveSpd(gram, rhs, p);
    const next = new Uint8Array(count);
    let correct = 0;
    let changed = false;
    for (let cell = 0; cell < count; cell++) {
      let v = 0;
      for (let a = 0; a < p; a++) v += (w[a] as number) * (phi[cell * p + a] as number);
      const z = (sign[cell] as number) * v;
      if (z > 0) correct++;
      next[cell] = z < 1 ? 1 : 0;
      if (next[cell] !== active[cell]) changed = true;
    }
    if (correct > bestCorrect) {
      bestCorrect = correct;
      best = w;
    }
    if (!changed || correct === count) break;
    active = next;
  }
  return best;
}

const formatNumber = (v: number, digits: number): string => {
  const text = Number(v.toPrecision(digits)).toString();
  return text === "-0" ? "0" : text;
};

/**
 * Writes the fitted polynomial in Horner form in the shifted integer coordinates (x − c) and
 * (y − c), with coefficients rounded to `digits` significant digits.
 */
function writeExpression(w: Float64Array, n: number, degree: number, digits: number): string {
  const c = (n - 1) / 2;
  const coef = new Map<string, number>();
  monomials(degree).forEach(([i, j], t) => {
    coef.set(`${i},${j}`, (w[t] as number) / c ** (i + j));
  });
  const horner = (parts: string[], variable: string): string =>
    parts.reduceRight((inner, part) => {
      if (inner === "") return part;
      return /^[\d.]+(e[+-]\d+)?$/.test(inner)
        ? `${part}+${variable}*${inner}`
        : `${part}+${variable}*(${inner})`;
    }, "");
  const xs = `(x-${c})`;
  const ys = `(y-${c})`;
  const inX: string[] = [];
  for (let i = 0; i <= degree; i++) {
    const inY: string[] = [];
    for (let j = 0; j <= degree - i; j++) inY.push(formatNumber(coef.get(`${i},${j}`) ?? 0, digits));
    inX.push(horner(inY, ys));
  }
  return horner(inX, xs);
}

function accuracyOf(rows: readonly string[], expression: string): number {
  const parsed = parseExpression(expression);
  if (!parsed.ok) throw new Error(`curve-fitting: reference expression does not parse: ${parsed.error}`);
  const tally = tallyCells(rows, parsed);
  return tally.correct / tally.total;
}

/**
 * The reference: the fit of the lowest polynomial degree that reaches the target accuracy, with
 * coefficients rounded to the fewest significant digits that keep it there. When no degree up
 * to maxDegree does, the best expression seen.
 */
/** The solver keeps its references short, whatever longer answers the parser accepts. */
const SOLVER_MAX_LENGTH = 2000;

export function fitPolynomial(rows: readonly string[], opts: FitOptions): Fit {
  const target = opts.target ?? PASS_ACCURACY;
  const cells = trainingCells(rows);
  let best: Fit | undefined;
  const attempt = (degree: number): Fit | undefined => {
    const w = fitDegree(rows, cells, degree);
    const candidates = DIGITS.map((digits) => writeExpression(w, rows.length, degree, digits));
    // The most precise rounding within the length cap decides whether this degree is enough.
    const precise = candidates.findLast((e) => e.length <= SOLVER_MAX_LENGTH);
    if (precise === undefined) return undefined;
    const accuracy = accuracyOf(rows, precise);
    if (!best || accuracy > best.accuracy) best = { expression: precise, accuracy, degree };
    if (accuracy < target) return undefined;
    for (const expression of candidates) {
      if (expression.length > SOLVER_MAX_LENGTH) continue;
      const rounded = accuracyOf(rows, expression);
      if (rounded >= target) return { expression, accuracy: rounded, degree };
    }
    return undefined;
  };
  // The highest degree first: when even it falls short (the usual reason to resample), stop.
  const top = attempt(opts.maxDegree);
  let found: Fit | undefined;
  for (let degree = 1; degree < opts.maxDegree && top && !found; degree++) found = attempt(degree);
  found ??= top;
  const result = found ?? best;
  if (!result) throw new Error("curve-fitting: no reference expression fits the length cap");
  return result;
}
