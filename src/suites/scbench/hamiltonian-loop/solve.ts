import { Rng } from "../../../core/rng.ts";
import { type Grid, neighbours } from "./grid.ts";

/** Annealing steps per restart, per free cell. */
const FLIPS_PER_CELL = 40;
const RESTARTS = 6;
/** Node budget of the exact depth-first fallback. */
const DFS_NODES = 200_000;

/** Necessary conditions: at least 4 free cells, equal colour classes, every free cell with 2 free neighbours. */
function passesQuickChecks(g: Grid): boolean {
  if (g.freeCount < 4) return false;
  let balance = 0;
  for (let i = 0; i < g.open.length; i++) {
    if (!g.open[i]) continue;
    balance += ((i % g.width) + Math.floor(i / g.width)) % 2 === 0 ? 1 : -1;
    if (neighbours(g, i).length < 2) return false;
  }
  return balance === 0;
}

/**
 * A random 2-factor (every free cell gets exactly two loop edges): a max flow on the bipartite grid
 * graph, source → even cell (capacity 2) → odd neighbour (1) → sink (2). Null when none exists,
 * which proves there is no Hamiltonian cycle.
 */
function twoFactor(g: Grid, rng: Rng): Int32Array | null {
  const n = g.open.length;
  const source = n;
  const sink = n + 1;
  const to: number[] = [];
  const cap: number[] = [];
  const head = new Int32Array(n + 2).fill(-1);
  const next: number[] = [];
  const add = (u: number, v: number, c: number) => {
    to.push(v, u);
    cap.push(c, 0);
    next.push(head[u] as number, head[v] as number);
    head[u] = to.length - 2;
    head[v] = to.length - 1;
  };
  let even = 0;
  for (const i of rng.shuffle(Array.from({ length: n }, (_, k) => k))) {
    if (!g.open[i]) continue;
    if (((i % g.width) + Math.floor(i / g.width)) % 2 === 0) {
      even++;
      add(source, i, 2);
      for (const j of rng.shuffle(neighbours(g, i))) add(i, j, 1);
    } else add(i, sink, 2);
  }
  let flow = 0;
  const via = new Int32Array(n + 2);
  for (;;) {
    via.fill(-1);
    const queue = [source];
    via[source] = -2;
    for (let q = 0; q < queue.length && via[sink] === -1; q++) {
      const u = queue[q] as number;
      for (let e = head[u] as number; e !== -1; e = next[e] as number) {
        const v = to[e] as number;
        if ((cap[e] as number) > 0 && via[v] === -1) {
          via[v] = e;
          queue.push(v);
        }
      }
    }
    if (via[sink] === -1) break;
    for (let v = sink; v !== source; ) {
      const e = via[v] as number;
      cap[e] = (cap[e] as number) - 1;
      cap[e ^ 1] = (cap[e ^ 1] as number) + 1;
      v = to[e ^ 1] as number;
    }
    flow++;
  }
  if (flow !== 2 * even) return null;
  // nb[2i], nb[2i + 1]: the two loop neighbours of cell i.
  const nb = new Int32Array(2 * n).fill(-1);
  const link = (u: number, v: number) => {
    nb[2 * u + (nb[2 * u] === -1 ? 0 : 1)] = v;
  };
  for (let u = 0; u < n; u++) {
    for (let e = head[u] as number; e !== -1; e = next[e] as number) {
      const v = to[e] as number;
      // A saturated forward edge from an even cell to an odd cell carries one unit: a loop edge.
      if (v < n && e % 2 === 0 && cap[e] === 0) {
        link(u, v);
        link(v, u);
      }
    }
  }
  return nb;
}

/** The cycle of a 2-factor through `start`, as cell indices in order. */
function walk(nb: Int32Array, start: number): number[] {
  const out = [start];
  let prev = start;
  let cur = nb[2 * start] as number;
  while (cur !== start) {
    out.push(cur);
    const a = nb[2 * cur] as number;
    const following = a === prev ? (nb[2 * cur + 1] as number) : a;
    prev = cur;
    cur = following;
  }
  return out;
}

/**
 * Stitches the cycles of a 2-factor into one loop, the way the original's solver stitches chunks:
 * wherever two cycles run along opposite sides of a 2×2 square, cutting both parallel edges and
 * joining the ends across the square merges them. When no such square is left, a flip inside one
 * cycle (which reroutes or splits it) lets the search move on.
 */
function stitch(g: Grid, nb: Int32Array, rng: Rng): boolean {
  const { width, open } = g;
  const n = open.length;
  const label = new Int32Array(n).fill(-1);
  let cycles = 0;
  let fresh = 0;
  for (let i = 0; i < n; i++) {
    if (!open[i] || label[i] !== -1) continue;
    for (const c of walk(nb, i)) label[c] = fresh;
    fresh++;
    cycles++;
  }
  const squares: number[] = [];
  for (let i = 0; i < n - width; i++) {
    if (i % width !== width - 1 && open[i] && open[i + 1] && open[i + width] && open[i + width + 1])
      squares.push(i);
  }
  const has = (u: number, v: number) => nb[2 * u] === v || nb[2 * u + 1] === v;
  const swap = (u: number, from: number, onto: number) => {
    nb[2 * u + (nb[2 * u] === from ? 0 : 1)] = onto;
  };
  // The two cut edges of a flippable square: [p, q, r, s] means edges p–q and r–s become p–r and q–s.
  const flippable = (a: number): [number, number, number, number] | null => {
    const b = a + 1;
    const c = a + width;
    const d = c + 1;
    if (has(a, b) && has(c, d) && !has(a, c) && !has(b, d)) return [a, b, c, d];
    if (has(a, c) && has(b, d) && !has(a, b) && !has(c, d)) return [a, c, b, d];
    return null;
  };
  const flip = ([p, q, r, s]: [number, number, number, number]) => {
    swap(p, q, r);
    swap(q, p, s);
    swap(r, s, p);
    swap(s, r, q);
  };
  const budget = FLIPS_PER_CELL * g.freeCount;
  for (let step = 0; cycles > 1 && step < budget; step++) {
    const merges: [number, number, number, number][] = [];
    const inner: [number, number, number, number][] = [];
    for (const a of squares) {
      const f = flippable(a);
      if (f === null) continue;
      if (label[f[0]] !== label[f[2]]) merges.push(f);
      else inner.push(f);
    }
    if (merges.length > 0) {
      const f = rng.pick(merges);
      flip(f);
      const keep = label[f[0]] as number;
      for (const c of walk(nb, f[0])) label[c] = keep;
      cycles--;
    } else if (inner.length > 0) {
      const f = rng.pick(inner);
      flip(f);
      if (!walk(nb, f[0]).includes(f[1])) {
        for (const c of walk(nb, f[1])) label[c] = fresh;
        fresh++;
        cycles++;
      }
    } else return false;
  }
  return cycles === 1;
}

/**
 * Exact depth-first search for a Hamiltonian cycle, fewest-exits first, within a node budget;
 * `exhausted` when it finished, so that a null loop then proves there is none.
 */
function depthFirst(g: Grid): { loop: number[] | null; exhausted: boolean } {
  const n = g.open.length;
  const adj = Array.from({ length: n }, (_, i) => (g.open[i] ? neighbours(g, i) : []));
  let start = -1;
  for (let i = 0; i < n; i++) {
    if (g.open[i] && (start === -1 || (adj[i] as number[]).length < (adj[start] as number[]).length))
      start = i;
  }
  const used = new Uint8Array(n);
  const path = [start];
  used[start] = 1;
  let nodes = 0;
  const exits = (c: number) => (adj[c] as number[]).filter((j) => !used[j]).length;
  // A free unvisited cell with fewer than 2 ways in or out (counting the head and the start) is dead.
  const dead = (head: number) =>
    (adj[head] as number[]).some((j) => {
      if (used[j]) return false;
      const near = adj[j] as number[];
      return exits(j) + (near.includes(start) ? 1 : 0) + 1 < 2;
    });
  const go = (): boolean => {
    if (++nodes > DFS_NODES) return false;
    const head = path[path.length - 1] as number;
    if (path.length === g.freeCount) return (adj[head] as number[]).includes(start);
    const moves = (adj[head] as number[]).filter((j) => !used[j]).sort((p, q) => exits(p) - exits(q));
    for (const j of moves) {
      used[j] = 1;
      path.push(j);
      if (!dead(j) && go()) return true;
      path.pop();
      used[j] = 0;
    }
    return false;
  };
  const found = go();
  return { loop: found ? path : null, exhausted: nodes <= DFS_NODES };
}

export interface SearchResult {
  /** Cell indices of a Hamiltonian cycle, or null. */
  loop: number[] | null;
  /** True when the answer is certain: a loop was found, a necessary condition fails, or the exact search finished. */
  decided: boolean;
}

/** Finds a Hamiltonian cycle of the free cells; deterministic for a given rng stream. */
export function findLoop(g: Grid, rng: Rng = new Rng("hamiltonian-loop/solver")): SearchResult {
  if (!passesQuickChecks(g)) return { loop: null, decided: true };
  for (let r = 0; r < RESTARTS; r++) {
    const nb = twoFactor(g, rng);
    if (nb === null) return { loop: null, decided: true };
    if (stitch(g, nb, rng)) {
      const first = g.open.indexOf(1);
      return { loop: walk(nb, first), decided: true };
    }
  }
  const { loop, exhausted } = depthFirst(g);
  return { loop, decided: loop !== null || exhausted };
}
