import { alongSide, arrangementFaces, type GridPoint, snapScaled } from "./geometry.ts";
import type { Tier, TwoSegmentsAnswer } from "./schema.ts";
import { countFaces, type Target, targetKey, totalFaces } from "./targets.ts";

type Chord = [GridPoint, GridPoint];

/** Grids of n steps per side that sit on the snapping grid (n divides 10^d), coarse first, up to 20. */
export function gridSizes(decimals: number): number[] {
  const scale = 10 ** decimals;
  const sizes: number[] = [];
  for (let n = 2; n <= Math.min(20, scale); n++) if (scale % n === 0) sizes.push(n);
  return sizes;
}

/** Every chord between two points of the n-step boundary grid, in [0, n]² coordinates. */
function gridChords(n: number): Chord[] {
  return chordsOn(
    Array.from({ length: n + 1 }, (_, i) => BigInt(i)),
    BigInt(n),
  );
}

/** Every chord between boundary points whose coordinates are among `values` (sorted, 0 and s included), in [0, s]². */
function chordsOn(values: readonly bigint[], s: bigint): Chord[] {
  const pts: GridPoint[] = [];
  for (const i of values.filter((v) => v < s)) {
    pts.push({ x: i, y: 0n }, { x: s, y: i }, { x: s - i, y: s }, { x: 0n, y: s - i });
  }
  const chords: Chord[] = [];
  for (let i = 0; i < pts.length; i++) {
    for (let j = i + 1; j < pts.length; j++) {
      const p = pts[i] as GridPoint;
      const q = pts[j] as GridPoint;
      if (!alongSide(p, q, s)) chords.push([p, q]);
    }
  }
  return chords;
}

/** Calls `visit` on each pair of distinct chords of the n-grid with its face counts; stops when it returns true. */
function eachPair(n: number, visit: (a: Chord, b: Chord, t: Target) => boolean, given?: Chord[]): void {
  const chords = given ?? gridChords(n);
  for (let i = 0; i < chords.length; i++) {
    for (let j = i + 1; j < chords.length; j++) {
      const a = chords[i] as Chord;
      const b = chords[j] as Chord;
      if (visit(a, b, countFaces(arrangementFaces([a, b], BigInt(n))))) return;
    }
  }
}

export function tierOf(t: Target): Tier {
  if (t.hexagon > 0 || t.pentagon > 1) return "hard";
  return t.pentagon === 1 ? "medium" : "easy";
}

const reachableMemo = new Map<number, Target[]>();

/**
 * The targets two distinct segments can produce, found exhaustively on the coarsest snapping
 * grid with at least 4 steps per side (it already shows all 17; finer grids add none). Only
 * distinct segments are paired (two equal ones make a single cut), so every target has 3 or 4
 * faces. Sorted easy to hard.
 */
export function reachableTargets(decimals: number): Target[] {
  const cached = reachableMemo.get(decimals);
  if (cached) return cached;
  const n = gridSizes(decimals).find((s) => s >= 4) ?? 10 ** decimals;
  const found = new Map<string, Target>();
  eachPair(n, (_a, _b, t) => {
    found.set(targetKey(t), t);
    return false;
  });
  const rank: Record<Tier, number> = { easy: 0, medium: 1, hard: 2 };
  const list = [...found.values()].sort(
    (a, b) =>
      rank[tierOf(a)] - rank[tierOf(b)] ||
      totalFaces(a) - totalFaces(b) ||
      targetKey(b).localeCompare(targetKey(a)),
  );
  reachableMemo.set(decimals, list);
  return list;
}

const witnessMemo = new Map<string, TwoSegmentsAnswer | null>();

/**
 * Two segments in the unit square that make exactly `target`, searching the snapping grid coarse to
 * fine, or only among the allowed coordinate values when a grid is given; null if none is found.
 */
export function findWitness(
  target: Target,
  decimals: number,
  grid?: readonly number[],
): TwoSegmentsAnswer | null {
  const key = `${decimals}:${targetKey(target)}:${grid?.join(",") ?? ""}`;
  const cached = witnessMemo.get(key);
  if (cached !== undefined) return cached;
  let answer: TwoSegmentsAnswer | null = null;
  if (grid) {
    const s = 10n ** BigInt(decimals);
    const values = [...new Set(grid.map((v) => snapScaled(v, decimals)))].sort((a, b) => (a < b ? -1 : 1));
    const coord = (v: bigint) => Number(v) / Number(s);
    eachPair(
      Number(s),
      (a, b, t) => {
        if (targetKey(t) !== targetKey(target)) return false;
        answer = {
          segments: [a, b].map(([p, q]) => [
            [coord(p.x), coord(p.y)],
            [coord(q.x), coord(q.y)],
          ]) as TwoSegmentsAnswer["segments"],
        };
        return true;
      },
      chordsOn(values, s),
    );
    witnessMemo.set(key, answer);
    return answer;
  }
  for (const n of gridSizes(decimals)) {
    const coord = (v: bigint) => Number(v) / n;
    const seg = ([p, q]: Chord): [[number, number], [number, number]] => [
      [coord(p.x), coord(p.y)],
      [coord(q.x), coord(q.y)],
    ];
    eachPair(n, (a, b, t) => {
      if (targetKey(t) !== targetKey(target)) return false;
      answer = { segments: [seg(a), seg(b)] };
      return true;
    });
    if (answer) break;
  }
  witnessMemo.set(key, answer);
  return answer;
}
