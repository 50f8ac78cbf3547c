import { z } from "zod";
import type { Rng } from "../../core/rng.ts";
import { boardOf } from "./board.ts";
import { difficulty } from "./difficulty.ts";
import { TABLE1_RULE_PUZZLES, TABLE5_LEVELS } from "./paper-tables.ts";
import {
  COLORS,
  type Color,
  isRuleCell,
  type PlacedSymbol,
  type Puzzle,
  type RuleKind,
  type RuleSymbol,
  type Shape,
  shapeId,
} from "./puzzle.ts";
import type { Point } from "./record.ts";
import { computeRegions, triangleEdgesOnLine } from "./rules.ts";
import { solveBoard } from "./solve.ts";

/** The paper's splits: which rule kinds a puzzle may use. */
export const MIXES = {
  all: ["gaps", "dots", "stones", "stars", "triangles", "polys", "ylops"],
  gaps: ["gaps"],
  dots: ["dots"],
  stones: ["stones"],
  stars: ["stars"],
  triangles: ["triangles"],
  polys: ["polys"],
  polys_ylops: ["polys", "ylops"],
  stones_stars: ["stones", "stars"],
  gaps_dots_triangles: ["gaps", "dots", "triangles"],
  dots_stars_polys: ["dots", "stars", "polys"],
} as const satisfies Record<string, readonly string[]>;

export type Mix = keyof typeof MIXES;
type Rule = (typeof MIXES)[Mix][number];

export const sparcParams = z
  .object({
    mix: z.enum(Object.keys(MIXES) as [Mix, ...Mix[]]).default("all"),
    width: z.number().int().min(2).max(6).optional(),
    height: z.number().int().min(2).max(6).optional(),
    /** Target difficulty level; candidates of other levels are drawn again. */
    difficulty: z.number().int().min(1).max(5).optional(),
    /**
     * Without a target level, how each puzzle's level is drawn: "uniform" from 1–5, as the paper
     * sampled its main set; "paper" in the proportions of the split's row of the paper's Table 5;
     * "natural" keeps whatever level a random size and density give. Default: uniform for the
     * `all` mix, paper otherwise.
     */
    levels: z.enum(["uniform", "paper", "natural"]).optional(),
    /** k: a puzzle with more solutions gets more rules. */
    maxSolutions: z.number().int().min(1).max(1000).default(50),
    /** Starting rule density (rule symbols per cell); the loop raises it. */
    density: z.number().gt(0).max(1).optional(),
    /** Solver node budget per candidate; a candidate over budget counts as under-constrained. */
    maxNodes: z.number().int().min(1000).default(100_000),
  })
  .strict();

export type SparcParams = z.infer<typeof sparcParams>;

export interface Generated {
  puzzle: Puzzle;
  planted: Point[];
  solutions: Point[][];
}

const MAX_ATTEMPTS = 400;
const REDRAW_AFTER = 100;
/** A puzzle whose shortest solution is shorter than this share of the planted line gets more rules. */
const SHORTCUT = 0.85;
/** Past this many density rounds a shortcut is accepted, so sparse splits on large grids still finish. */
const SHORTCUT_ROUNDS = 4;

function targetLevel(params: SparcParams, rng: Rng): number | undefined {
  if (params.difficulty !== undefined) return params.difficulty;
  const mode = params.levels ?? (params.mix === "all" ? "uniform" : "paper");
  if (mode === "uniform") return rng.int(1, 5);
  if (mode === "paper") return rng.weighted([1, 2, 3, 4, 5], TABLE5_LEVELS[params.mix]);
  return undefined;
}

/**
 * Plants a random line first and places only rules that line satisfies, so every puzzle is
 * solvable by construction; then the paper's density loop: while the solver finds more than k
 * solutions (or runs over its budget), or a solution much shorter than the line, the same line
 * gets a denser set of rules. In the full mix the first puzzle that passes is kept if it has the
 * target level; otherwise, or when density cannot make it pass, a new size, rule mix and line are
 * drawn, so each level keeps the sizes and densities that reach it naturally.
 */
export function generatePuzzle(params: SparcParams, rng: Rng): Generated {
  let target = targetLevel(params, rng.split("level"));
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    // A drawn level some splits reach only rarely (stars at level 5) is drawn again.
    if (params.difficulty === undefined && attempt > 0 && attempt % REDRAW_AFTER === 0) {
      target = targetLevel(params, rng.split(`level-${attempt}`));
    }
    const r = rng.split(`attempt-${attempt}`);
    const rules = pickRules(params.mix, r.split("rules"));
    const size = pickSize(params, target, rules, r);
    if (!size) continue;
    const [width, height] = size;
    const cols = 2 * width + 1;
    const rows = 2 * height + 1;
    const planted = plantLine(cols, rows, rules.has("triangles"), r.split("line"));
    if (!planted) continue;
    const start = planted[0] as Point;
    const end = planted[planted.length - 1] as Point;
    let density = params.density ?? 0.1 + 0.4 * r.float();
    for (let round = 0; round < 8; round++) {
      const puzzle = placeRules(
        { width, height, cols, rows, start, end },
        planted,
        rules,
        density,
        r.split(`place-${round}`),
      );
      const level = difficulty(puzzle).level;
      // Denser rounds only climb further: past the target, the solver's work would be wasted.
      if (target !== undefined && level > target) break;
      const result = solveBoard(boardOf(puzzle), {
        maxSolutions: params.maxSolutions + 1,
        maxNodes: params.maxNodes,
      });
      if (result.complete && result.solutions.length === 0) {
        throw new Error("generator bug: the planted line does not solve its own puzzle");
      }
      const shortest = Math.min(...result.solutions.map((path) => path.length));
      // Official shortest solutions are near the longest: a much shorter one is a shortcut.
      const noShortcut = round >= SHORTCUT_ROUNDS || shortest >= SHORTCUT * planted.length;
      if (result.complete && result.solutions.length <= params.maxSolutions && noShortcut) {
        if (target === undefined || level === target) return { puzzle, planted, solutions: result.solutions };
        // The splits have no official features to keep, only Table 5's levels: more rules can
        // lift a puzzle to its level, far faster than a new draw for the rare hard levels.
        if (params.mix === "all") break;
      }
      if (density >= 1) break;
      density = Math.min(1, density + 0.15);
    }
  }
  throw new Error(`no puzzle met the parameters after ${MAX_ATTEMPTS} attempts`);
}

const SYMBOL_OF = {
  stones: "square",
  stars: "star",
  triangles: "triangle",
  polys: "poly",
  ylops: "ylop",
} as const;

/**
 * Sides 2–6, smaller ones more often: the official sets, balanced over levels, hold more small
 * grids than uniform sides give (2×2 is 14% of the fixture's 100, uniform sides give 4%).
 */
const SIDES = [2, 3, 4, 5, 6];
const SIDE_WEIGHTS = [3, 2.5, 2, 1.5, 1];

/** The level of a puzzle of this size with `n` symbols spread over the given kinds. */
function levelWith(width: number, height: number, kinds: RuleKind[], n: number): number {
  const symbols: PlacedSymbol[] = Array.from({ length: n }, (_, i) => ({
    x: 1,
    y: 1,
    symbol: { kind: kinds[i % kinds.length], color: "red", shape: 0, count: 1 } as RuleSymbol,
  }));
  const p: Puzzle = {
    width,
    height,
    cols: 0,
    rows: 0,
    start: { x: 0, y: 0 },
    end: { x: 0, y: 0 },
    gaps: [],
    dots: [],
    symbols,
    shapes: new Map(),
  };
  return difficulty(p).level;
}

/**
 * A size from 2–6 × 2–6, drawn again (up to 50 times) while the target level is out of
 * reach at that size: too hard with one symbol per kind, or too easy with a symbol in every cell.
 */
function pickSize(
  params: SparcParams,
  target: number | undefined,
  rules: Set<Rule>,
  rng: Rng,
): [number, number] | undefined {
  const kinds = [...rules].filter((k) => k !== "gaps" && k !== "dots").map((k) => SYMBOL_OF[k]);
  for (let i = 0; i < 50; i++) {
    const w = params.width ?? rng.weighted(SIDES, SIDE_WEIGHTS);
    const h = params.height ?? rng.weighted(SIDES, SIDE_WEIGHTS);
    if (target === undefined) return [w, h];
    const lo = levelWith(w, h, kinds, kinds.length);
    const hi = kinds.length === 0 ? lo : levelWith(w, h, kinds, w * h);
    if (lo <= target && target <= hi) return [w, h];
  }
  return undefined;
}

function borderPositions(cols: number, rows: number): Point[] {
  const out: Point[] = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      if (x === 0 || y === 0 || x === cols - 1 || y === rows - 1) out.push({ x, y });
    }
  }
  return out;
}

function pickEnds(
  cols: number,
  rows: number,
  rng: Rng,
  start = rng.pick(borderPositions(cols, rows)),
): [Point, Point] {
  const far = borderPositions(cols, rows).filter(
    (p) => Math.abs(p.x - start.x) + Math.abs(p.y - start.y) >= 2,
  );
  return [start, rng.pick(far)];
}

/** The eight positions around a cell, clockwise from its top-left vertex. */
const RING = [
  [-1, -1],
  [0, -1],
  [1, -1],
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
] as const;

/**
 * A start on a border edge midpoint and the first seven steps around the cell beside it: the
 * only way a line touches all four edges of a cell, which a 4-triangle needs.
 */
function wrapStart(cols: number, rows: number, rng: Rng): Point[] {
  const mids = borderPositions(cols, rows).filter((p) => (p.x + p.y) % 2 === 1);
  const e = rng.pick(mids);
  const cell = {
    x: e.x === 0 ? 1 : e.x === cols - 1 ? e.x - 1 : e.x,
    y: e.y === 0 ? 1 : e.y === rows - 1 ? e.y - 1 : e.y,
  };
  const at = RING.findIndex(([dx, dy]) => cell.x + dx === e.x && cell.y + dy === e.y);
  const dir = rng.bool() ? 1 : 7;
  return Array.from({ length: 8 }, (_, i) => {
    const [dx, dy] = RING[(at + i * dir) % 8] as readonly [number, number];
    return { x: cell.x + dx, y: cell.y + dy };
  });
}

/**
 * The planted line: of a few random lines, the one nearest a drawn share of the line positions
 * (official shortest solutions use about half of them, random lines far fewer). With `wrap`,
 * sometimes all candidates first run around a border cell, so a 4-triangle can sit there; half
 * of those lines are reversed, so the wrap is at the end.
 */
function plantLine(cols: number, rows: number, wrap: boolean, rng: Rng): Point[] | null {
  const positions = cols * rows - ((cols - 1) / 2) * ((rows - 1) / 2);
  const want = (0.6 + 0.35 * rng.float()) * positions;
  const prefix = wrap && rng.bool(WRAP_SHARE) ? wrapStart(cols, rows, rng) : undefined;
  let best: Point[] | null = null;
  for (let i = 0; i < 4; i++) {
    const [start, end] = pickEnds(cols, rows, rng, prefix?.[0]);
    const line = randomLine(cols, rows, start, end, rng.split(`line-${i}`), prefix?.slice(1));
    if (line && (!best || Math.abs(line.length - want) < Math.abs(best.length - want))) best = line;
  }
  return best && prefix && rng.bool() ? best.reverse() : best;
}

/** How often a line with triangles wraps a cell, for 4-triangles. */
const WRAP_SHARE = 0.08;

/**
 * A random self-avoiding line from start to end over vertices and edges (through `via` first, if
 * given), by randomised depth-first search that only steps where the end stays reachable, so it
 * never dead-ends.
 */
export function randomLine(
  cols: number,
  rows: number,
  start: Point,
  end: Point,
  rng: Rng,
  via: Point[] = [],
): Point[] | null {
  const size = cols * rows;
  const at = (p: Point) => p.y * cols + p.x;
  const used = new Uint8Array(size);
  const free = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < cols && y < rows && !isRuleCell(x, y) && !used[y * cols + x];
  const steps: Point[] = [
    { x: 1, y: 0 },
    { x: 0, y: -1 },
    { x: -1, y: 0 },
    { x: 0, y: 1 },
  ];
  const endReachable = (from: Point): boolean => {
    const seen = new Uint8Array(size);
    const stack = [from];
    seen[at(from)] = 1;
    while (stack.length > 0) {
      const p = stack.pop() as Point;
      if (p.x === end.x && p.y === end.y) return true;
      for (const d of steps) {
        const q = { x: p.x + d.x, y: p.y + d.y };
        if (!free(q.x, q.y) || seen[at(q)]) continue;
        seen[at(q)] = 1;
        stack.push(q);
      }
    }
    return false;
  };
  const line: Point[] = [start, ...via];
  for (const p of line) {
    if (!free(p.x, p.y)) return null;
    used[at(p)] = 1;
  }
  // Prefer going straight a little, so lines have long runs as well as turns.
  let heading = rng.int(0, 3);
  while (line.length < size) {
    const head = line[line.length - 1] as Point;
    if (head.x === end.x && head.y === end.y) return line;
    const order = rng.shuffle([0, 1, 2, 3]);
    if (rng.bool(0.5)) order.unshift(heading);
    let moved = false;
    for (const k of order) {
      const d = steps[k] as Point;
      const q = { x: head.x + d.x, y: head.y + d.y };
      if (!free(q.x, q.y)) continue;
      used[at(q)] = 1;
      if (endReachable(q)) {
        line.push(q);
        heading = k;
        moved = true;
        break;
      }
      used[at(q)] = 0;
    }
    if (!moved) return null;
  }
  return null;
}

/**
 * The full mix draws each rule kind on its own, at its share of the paper's Table 1 (ylops only
 * beside polys, at their share of poly puzzles); a split uses all of its kinds.
 */
function pickRules(mix: Mix, rng: Rng): Set<Rule> {
  const allowed: readonly Rule[] = MIXES[mix];
  if (mix !== "all") return new Set(allowed);
  const t = TABLE1_RULE_PUZZLES;
  for (;;) {
    const chosen = new Set<Rule>();
    for (const rule of ["gaps", "dots", "stones", "stars", "triangles", "polys"] as const) {
      if (rng.bool((ACCEPTANCE_CORRECTION[rule] * t[rule]) / 500)) chosen.add(rule);
    }
    if (chosen.has("polys") && rng.bool(t.ylops / t.polys)) chosen.add("ylops");
    if (chosen.size > 0) return chosen;
  }
}

/**
 * Puzzles with dots or gaps pass the loop's checks more often, those with stars or stones less:
 * choice rates are scaled so that accepted puzzles show Table 1's rates (measured on 300).
 */
const ACCEPTANCE_CORRECTION = {
  gaps: 0.93,
  dots: 0.88,
  stones: 1.13,
  stars: 1.1,
  triangles: 1,
  polys: 1,
};

type Frame = Pick<Puzzle, "width" | "height" | "cols" | "rows" | "start" | "end">;

/**
 * Shares measured on the 100 official test puzzles of the fixture: poly sizes 1–5 squares,
 * triangle counts 1, 2, 4 (3 never occurs), and how many regions hold stones (1–3).
 */
const POLY_SIZE_WEIGHTS = [6, 20, 29, 48, 12];
const TRIANGLE_COUNT_WEIGHTS = [39, 24, 0, 6];
const STONE_REGION_WEIGHTS = [44, 16, 7];
/** Official puzzles mostly give all symbols of a kind one colour. */
const MAIN_COLOR_SHARE = 0.9;
/** The largest region polys are placed in (or a third of the grid): official poly regions are small. */
const POLY_REGION_MAX = 8;

/** Places rules at the given density, all satisfied by `line`. */
export function placeRules(frame: Frame, line: Point[], rules: Set<Rule>, density: number, rng: Rng): Puzzle {
  const { cols, rows } = frame;
  const empty: Puzzle = { ...frame, gaps: [], dots: [], symbols: [], shapes: new Map() };
  const board = boardOf(empty);
  const onLine = new Uint8Array(board.size);
  for (const p of line) onLine[p.y * cols + p.x] = 1;
  const pt = (i: number): Point => ({ x: i % cols, y: Math.floor(i / cols) });
  const regions = computeRegions(board, onLine).map((r) =>
    r.filter((i) => isRuleCell(i % cols, Math.floor(i / cols))),
  );
  const regionOf = new Int32Array(board.size).fill(-1);
  regions.forEach((cells, k) => {
    for (const c of cells) regionOf[c] = k;
  });
  const freeCells = new Set(board.cells);
  const symbols: PlacedSymbol[] = [];
  const shapes = new Map<number, Shape>();
  const colorCount = regions.map(() => new Map<Color, number>());
  const put = (cell: number, symbol: PlacedSymbol["symbol"]) => {
    freeCells.delete(cell);
    symbols.push({ ...pt(cell), symbol });
    const counts = colorCount[regionOf[cell] as number] as Map<Color, number>;
    counts.set(symbol.color, (counts.get(symbol.color) ?? 0) + 1);
  };
  const freeIn = (k: number) => rng.shuffle((regions[k] as number[]).filter((c) => freeCells.has(c)));
  const mainColor = new Map<RuleKind, Color>();
  const mainOf = (kind: RuleKind): Color => {
    const c = mainColor.get(kind) ?? rng.pick(COLORS);
    mainColor.set(kind, c);
    return c;
  };
  const tint = (kind: RuleKind): Color => (rng.bool(MAIN_COLOR_SHARE) ? mainOf(kind) : rng.pick(COLORS));
  const nCells = frame.width * frame.height;
  const symbolKinds = (["stones", "stars", "triangles", "polys"] as const).filter((k) => rules.has(k));
  const budget = Math.max(1, Math.round(density * nCells));
  // A small budget leaves some chosen kinds out, as on small official grids.
  const active = new Set<Rule>(rng.shuffle(symbolKinds).slice(0, budget));
  if (active.has("polys") && rules.has("ylops")) active.add("ylops");
  const share = Math.max(1, Math.round(budget / Math.max(1, active.size)));
  const few = (cellsPerExtra: number) => 1 + rng.int(0, Math.round((density * nCells) / cellsPerExtra));
  // Without symbols, gaps and dots alone must bring the solutions down to k: many more of them.
  const alone = symbolKinds.length === 0;

  const gaps: Point[] = [];
  if (rules.has("gaps")) {
    const edges = rng.shuffle(
      [...Array(board.size).keys()].filter(
        (i) => !onLine[i] && !isRuleCell(i % cols, Math.floor(i / cols)) && !isVertexIdx(i, cols),
      ),
    );
    for (const e of edges.slice(0, alone ? 1 + Math.floor((density * edges.length) / 2) : few(8)))
      gaps.push(pt(e));
  }
  const dots: Point[] = [];
  if (rules.has("dots")) {
    const inner = line.slice(1, -1);
    dots.push(...rng.shuffle(inner).slice(0, alone ? 1 + Math.floor((density * inner.length) / 3) : few(5)));
  }

  if (active.has("polys")) {
    const candidates = rng.shuffle(
      regions
        .map((_, k) => k)
        .filter((k) => {
          const n = (regions[k] as number[]).length;
          return n >= 2 && n <= Math.max(POLY_REGION_MAX, nCells / 3);
        }),
    );
    const nRegions = Math.min(candidates.length, 1 + (density > 0.5 ? 1 : 0) + (density > 0.8 ? 1 : 0));
    for (const k of candidates.slice(0, nRegions)) {
      // Official polys are large: of a few partitions, keep the one with the fewest pieces.
      const pieces = [0, 1, 2, 3]
        .map(() => partition(regions[k] as number[], board.cols, onLine, rng))
        .reduce((a, b) => (b.length < a.length ? b : a));
      const spots = freeIn(k);
      if (spots.length < pieces.length) continue;
      const useYlop = active.has("ylops") && rng.bool(0.7) && spots.length > pieces.length;
      let ylop: Shape | undefined;
      if (useYlop) ylop = extendOutside(pieces, regionOf, k, board.cols, rows, rng);
      pieces.forEach((piece, i) => {
        const shape = normalise(piece.map(pt).map((p) => ({ x: (p.x - 1) / 2, y: (p.y - 1) / 2 })));
        const id = shapeId(shape);
        shapes.set(id, shape);
        put(spots[i] as number, { kind: "poly", color: tint("poly"), shape: id });
      });
      if (ylop) {
        const id = shapeId(ylop);
        shapes.set(id, ylop);
        const spot = freeIn(k)[0];
        if (spot !== undefined) put(spot, { kind: "ylop", color: tint("ylop"), shape: id });
      }
    }
  }
  if (active.has("ylops") && !symbols.some((s) => s.symbol.kind === "ylop")) {
    // A poly and a ylop of one shape in one region cancel out exactly.
    const k = rng.pick(regions.map((_, i) => i));
    const spots = freeIn(k);
    if (spots.length >= 2) {
      const shape = normalise(rng.pick(SMALL_SHAPES));
      const id = shapeId(shape);
      shapes.set(id, shape);
      put(spots[0] as number, { kind: "poly", color: tint("poly"), shape: id });
      put(spots[1] as number, { kind: "ylop", color: tint("ylop"), shape: id });
    }
  }
  if (active.has("triangles")) {
    const candidates = rng.shuffle([...freeCells]).map((c) => ({
      c,
      n: triangleEdgesOnLine({ at: c, count: 0, edges: [c - cols, c + 1, c + cols, c - 1] }, onLine),
    }));
    // A wrapped cell is rare, so it takes a 4-triangle whenever the line offers one.
    const placed = candidates.filter(({ n }) => n === 4);
    for (let i = placed.length; i < Math.ceil(share / 3); i++) {
      const want = rng.weighted([1, 2, 3, 4], TRIANGLE_COUNT_WEIGHTS);
      const pick = candidates.find(({ c, n }) => n === want && !placed.some((p) => p.c === c));
      if (pick) placed.push(pick);
    }
    for (const { c, n } of placed)
      put(c, { kind: "triangle", color: tint("triangle"), count: n as 1 | 2 | 4 });
  }
  if (active.has("stones")) {
    const palette = [mainOf("square"), ...rng.shuffle(COLORS.filter((c) => c !== mainOf("square")))];
    const stoneRegions = rng
      .shuffle(regions.map((_, k) => k).filter((k) => freeIn(k).length > 0))
      .slice(0, rng.weighted([1, 2, 3], STONE_REGION_WEIGHTS));
    const cells = rng.shuffle(stoneRegions.flatMap((k) => freeIn(k))).slice(0, Math.ceil(share * 0.6));
    for (const c of cells) {
      put(c, { kind: "square", color: palette[stoneRegions.indexOf(regionOf[c] as number)] as Color });
    }
  }
  if (active.has("stars")) {
    let pairs = Math.max(1, Math.ceil(share / 2));
    for (const k of rng.shuffle(regions.map((_, i) => i))) {
      if (pairs === 0) break;
      const counts = colorCount[k] as Map<Color, number>;
      const spots = freeIn(k);
      const singles = COLORS.filter((c) => counts.get(c) === 1);
      const unused = COLORS.filter((c) => !counts.has(c));
      const pairable = unused.length > 0 && spots.length >= 2;
      if (singles.length > 0 && spots.length >= 1 && (!pairable || rng.bool(0.4))) {
        put(spots[0] as number, { kind: "star", color: rng.pick(singles) });
        pairs--;
      } else if (pairable) {
        const wanted = tint("star");
        const color = unused.includes(wanted) ? wanted : rng.pick(unused);
        put(spots[0] as number, { kind: "star", color });
        put(spots[1] as number, { kind: "star", color });
        pairs--;
      }
    }
  }
  symbols.sort((a, b) => a.y - b.y || a.x - b.x);
  return { ...frame, gaps, dots, symbols, shapes };
}

function isVertexIdx(i: number, cols: number): boolean {
  return (i % cols) % 2 === 0 && Math.floor(i / cols) % 2 === 0;
}

/** Official ylops have 2–3 squares. */
const SMALL_SHAPES: Shape[] = [
  [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
  ],
  [
    { x: 0, y: 0 },
    { x: 0, y: 1 },
  ],
  [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 0, y: 1 },
  ],
];

/** Moves a shape to the top-left of its 4×4 frame. */
function normalise(shape: Shape): Shape {
  const minX = Math.min(...shape.map((c) => c.x));
  const minY = Math.min(...shape.map((c) => c.y));
  return shape.map((c) => ({ x: c.x - minX, y: c.y - minY })).sort((a, b) => a.y - b.y || a.x - b.x);
}

const fitsFrame = (cells: number[], cols: number) => {
  const xs = cells.map((c) => c % cols);
  const ys = cells.map((c) => Math.floor(c / cols));
  return Math.max(...xs) - Math.min(...xs) <= 6 && Math.max(...ys) - Math.min(...ys) <= 6;
};

/**
 * Splits a region's cells into pieces of 1–5 squares (sized as official polys) that fit the 4×4
 * frame, joining two squares only where the line does not run between them (the line may not cut
 * a poly).
 */
function partition(cells: number[], cols: number, onLine: Uint8Array, rng: Rng): number[][] {
  const left = new Set(cells);
  const pieces: number[][] = [];
  for (const seed of rng.shuffle(cells)) {
    if (!left.has(seed)) continue;
    left.delete(seed);
    const piece = [seed];
    const target = rng.weighted([1, 2, 3, 4, 5], POLY_SIZE_WEIGHTS);
    while (piece.length < target) {
      const options: number[] = [];
      for (const c of piece) {
        for (const d of [2, -2, 2 * cols, -2 * cols]) {
          const n = c + d;
          if (!left.has(n) || onLine[c + d / 2]) continue;
          if ((d === 2 || d === -2) && Math.floor(n / cols) !== Math.floor(c / cols)) continue;
          if (fitsFrame([...piece, n], cols)) options.push(n);
        }
      }
      if (options.length === 0) break;
      const n = rng.pick(options);
      left.delete(n);
      piece.push(n);
    }
    pieces.push(piece);
  }
  return pieces;
}

/**
 * Grows one piece by two squares outside its region and returns the grown part's shape: the ylop
 * that cancels those squares, so the region still tiles exactly (official ylops have 2–3 squares).
 */
function extendOutside(
  pieces: number[][],
  regionOf: Int32Array,
  k: number,
  cols: number,
  rows: number,
  rng: Rng,
): Shape | undefined {
  for (const piece of rng.shuffle(pieces)) {
    const grown: number[] = [];
    for (let step = 0; step < 2; step++) {
      const options: number[] = [];
      for (const c of [...piece, ...grown]) {
        for (const d of [2, -2, 2 * cols, -2 * cols]) {
          const n = c + d;
          if (n < 0 || n >= cols * rows || regionOf[n] === k || (regionOf[n] as number) < 0) continue;
          if ((d === 2 || d === -2) && Math.floor(n / cols) !== Math.floor(c / cols)) continue;
          if (grown.includes(n) || !fitsFrame([...piece, ...grown, n], cols)) continue;
          if (grown.length > 0 && !grown.some((g) => Math.abs(g - n) === 2 || Math.abs(g - n) === 2 * cols))
            continue;
          options.push(n);
        }
      }
      if (options.length === 0) break;
      grown.push(rng.pick(options));
    }
    if (grown.length === 0) continue;
    piece.push(...grown);
    const toShape = (cs: number[]) =>
      normalise(cs.map((c) => ({ x: ((c % cols) - 1) / 2, y: (Math.floor(c / cols) - 1) / 2 })));
    return toShape(grown);
  }
  return undefined;
}
