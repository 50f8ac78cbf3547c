import type { PrintablePrimeAnswer, StackItem } from "./generate.ts";
import { LARGEST_DIGITS, LARGEST_PRINTABLE_PRIME } from "./largest.ts";
import { isPrime } from "./primality.ts";
import {
  layerHeight,
  ORIENTATIONS,
  type Orientation,
  orientationAllowed,
  type Support,
  supportAfter,
  supportProblem,
} from "./rules.ts";

/** Support states as small integers: BED, a flat top mask 0–127, or RAISED. */
const BED = -1;
const RAISED = 128;
type State = number;

const toSupport = (s: State): Support =>
  s === BED ? { kind: "bed" } : s === RAISED ? { kind: "raised" } : { kind: "flat", mask: s };
const fromSupport = (s: Support): State => (s.kind === "flat" ? s.mask : s.kind === "raised" ? RAISED : BED);

/** Every legal (orientation, next state) for a digit on a state. */
const MOVES = new Map<string, { orientation: Orientation; next: State }[]>();
function moves(state: State, digit: number): { orientation: Orientation; next: State }[] {
  const key = `${state}:${digit}`;
  let out = MOVES.get(key);
  if (out === undefined) {
    out = ORIENTATIONS.filter(
      (o) => orientationAllowed(digit, o) && supportProblem(toSupport(state), digit, o) === null,
    ).map((orientation) => ({ orientation, next: fromSupport(supportAfter(digit, orientation)) }));
    MOVES.set(key, out);
  }
  return out;
}

function step(states: readonly State[], digit: number): State[] {
  const out = new Set<State>();
  for (const s of states) for (const m of moves(s, digit)) out.add(m.next);
  return [...out];
}

/** Digits that have a move from some state reachable from `states` (the digits that can still appear). */
function reachableDigits(states: readonly State[]): Set<number> {
  const seen = new Set<State>(states);
  const queue = [...states];
  const digits = new Set<number>();
  for (let s = queue.pop(); s !== undefined; s = queue.pop()) {
    for (let d = 0; d <= 9; d++) {
      for (const m of moves(s, d)) {
        digits.add(d);
        if (!seen.has(m.next)) {
          seen.add(m.next);
          queue.push(m.next);
        }
      }
    }
  }
  return digits;
}

export interface SearchResult {
  digits: string | null;
  primalityTests: number;
  nodes: number;
}

/**
 * The largest prime of exactly `length` digits that some orientation choice makes printable and whose
 * comma groups are all distinct. Depth-first over digit strings in decreasing order, tracking the set
 * of support states any orientation choice can leave on top, so the first prime reached is the largest.
 * A memoised feasibility search (can this prefix still grow to `length` digits at all?) prunes dead
 * branches; its key keeps only the used groups made of digits that can still appear.
 */
export function largestPrintablePrime(length: number, nodeBudget = 2_000_000): SearchResult {
  const digits: number[] = [];
  const used = new Set<string>();
  let nodes = 0;
  let primalityTests = 0;
  const feasible = new Map<string, boolean>();

  /** The digits allowed at `pos`: no leading zero, and a multi-digit prime ends in 1, 3, 7 or 9. */
  const candidates = (pos: number): number[] => {
    const out: number[] = [];
    for (let d = 9; d >= 0; d--) {
      if (pos === 0 && d === 0 && length > 1) continue;
      if (pos === length - 1 && length > 1 && (d % 2 === 0 || d === 5)) continue;
      out.push(d);
    }
    return out;
  };

  /** Pushes d and records its completed group; false (and nothing pushed) when the group repeats. */
  const push = (d: number): string | null | false => {
    const pos = digits.length;
    digits.push(d);
    if ((length - 1 - pos) % 3 !== 0 || pos < 2) return null;
    const group = digits.slice(pos - 2).join("");
    if (used.has(group)) {
      digits.pop();
      return false;
    }
    used.add(group);
    return group;
  };
  const pop = (group: string | null) => {
    if (group !== null) used.delete(group);
    digits.pop();
  };

  const canComplete = (states: readonly State[]): boolean => {
    const pos = digits.length;
    if (pos === length) return true;
    const reach = reachableDigits(states);
    const relevant = [...used].filter((g) => [...g].every((ch) => reach.has(Number(ch)))).sort();
    const partial = digits.slice(pos - ((length - pos) % 3 === 0 ? 0 : 3 - ((length - pos) % 3))).join("");
    const key = `${pos}|${[...states].sort((x, y) => x - y).join(",")}|${partial}|${relevant.join(",")}`;
    const memo = feasible.get(key);
    if (memo !== undefined) return memo;
    let ok = false;
    for (const d of candidates(pos)) {
      if (++nodes > nodeBudget)
        throw new Error(`printable-prime: search budget exhausted at length ${length}`);
      const next = step(states, d);
      if (next.length === 0) continue;
      const group = push(d);
      if (group === false) continue;
      ok = canComplete(next);
      pop(group);
      if (ok) break;
    }
    feasible.set(key, ok);
    return ok;
  };

  let found: string | null = null;
  const dfs = (states: readonly State[]): boolean => {
    const pos = digits.length;
    if (pos === length) {
      primalityTests++;
      const text = digits.join("");
      if (!isPrime(BigInt(text))) return false;
      found = text;
      return true;
    }
    for (const d of candidates(pos)) {
      if (++nodes > nodeBudget)
        throw new Error(`printable-prime: search budget exhausted at length ${length}`);
      const next = step(states, d);
      if (next.length === 0) continue;
      const group = push(d);
      if (group === false) continue;
      const done = canComplete(next) && dfs(next);
      pop(group);
      if (done) return true;
    }
    return false;
  };

  dfs([BED]);
  return { digits: found, primalityTests, nodes };
}

/**
 * The tallest legal orientation choice for a digit string (dynamic programming over support states),
 * or null when no choice prints it.
 */
export function tallestStack(digits: string): StackItem[] | null {
  type Cell = { height: number; prev: State; orientation: Orientation };
  const layers: Map<State, Cell>[] = [];
  let frontier = new Map<State, number>([[BED, 0]]);
  for (const ch of digits) {
    const digit = Number(ch);
    const layer = new Map<State, Cell>();
    for (const [state, height] of frontier) {
      for (const m of moves(state, digit)) {
        const h = height + Math.round(layerHeight(digit, m.orientation) * 10);
        const best = layer.get(m.next);
        if (best === undefined || h > best.height)
          layer.set(m.next, { height: h, prev: state, orientation: m.orientation });
      }
    }
    if (layer.size === 0) return null;
    layers.push(layer);
    frontier = new Map([...layer].map(([s, c]) => [s, c.height]));
  }
  let state: State | undefined;
  let best = -1;
  for (const [s, h] of frontier) {
    if (h > best) {
      best = h;
      state = s;
    }
  }
  const items: StackItem[] = [];
  for (let i = layers.length - 1; i >= 0 && state !== undefined; i--) {
    const cell = layers[i]?.get(state);
    if (cell === undefined) return null;
    items.unshift({ digit: Number(digits[i]), orientation: cell.orientation });
    state = cell.prev;
  }
  return items;
}

export function stackAnswer(digits: string): PrintablePrimeAnswer {
  const items = tallestStack(digits);
  if (items === null) throw new Error(`printable-prime: ${digits} has no printable orientation choice`);
  return { numberSequence: items };
}

/** The largest printable prime with at most `maxDigits` digits (no limit when null), stacked as tall as possible. */
export function solvePrintablePrime(maxDigits: number | null): PrintablePrimeAnswer {
  const limit = Math.min(maxDigits ?? LARGEST_DIGITS, LARGEST_DIGITS);
  if (limit === LARGEST_DIGITS) return stackAnswer(LARGEST_PRINTABLE_PRIME);
  for (let length = limit; length >= 1; length--) {
    const found = largestPrintablePrime(length).digits;
    if (found !== null) return stackAnswer(found);
  }
  throw new Error("printable-prime: no printable prime found, though 7 always is");
}
