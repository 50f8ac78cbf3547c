import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import { cellName, heightsOf, type MazeAnswer, type MazeData, type Move, moveGraph } from "./maze.ts";

export interface MazeAnalysis {
  /** The shortest A→B route (cells visited, jumped-over cells excluded), or null when B is unreachable. */
  path: number[] | null;
  /** The moves of that route, in order. */
  moves: Move[];
  /** Route moves that lie on a cycle of the move graph, i.e. that another route can avoid. */
  shared: Move[];
}

/** Bridges of the component of `root`, as keys min * n + max. Iterative Tarjan (low-link) search. */
function bridges(graph: readonly Move[][], root: number): Set<number> {
  const n = graph.length;
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const found = new Set<number>();
  let time = 0;
  // Stack frames: [cell, parent, next move index]; `parent` is skipped once (the graph is simple).
  const stack: [number, number, number][] = [[root, -1, 0]];
  order[root] = low[root] = time++;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as [number, number, number];
    const [u, parent, i] = frame;
    const moves = graph[u] as Move[];
    if (i < moves.length) {
      frame[2]++;
      const v = (moves[i] as Move).to;
      if (v === parent) continue;
      if (order[v] === -1) {
        order[v] = low[v] = time++;
        stack.push([v, u, 0]);
      } else low[u] = Math.min(low[u] as number, order[v] as number);
      continue;
    }
    stack.pop();
    if (parent >= 0) {
      low[parent] = Math.min(low[parent] as number, low[u] as number);
      if ((low[u] as number) > (order[parent] as number))
        found.add(Math.min(u, parent) * n + Math.max(u, parent));
    }
  }
  return found;
}

/**
 * BFS finds a shortest A→B route; there is exactly one simple A→B path iff every move of that route
 * is a bridge (a simple path crosses the same blocks as any other, and a block of more than one
 * edge offers two vertex-disjoint ways through).
 */
export function analyseMaze(h: readonly number[], size: number, a: number, b: number): MazeAnalysis {
  const graph = moveGraph(h, size);
  const prev = new Map<number, Move>();
  const seen = new Uint8Array(h.length);
  seen[a] = 1;
  const queue = [a];
  for (let q = 0; q < queue.length && !seen[b]; q++) {
    for (const m of graph[queue[q] as number] as Move[]) {
      if (seen[m.to]) continue;
      seen[m.to] = 1;
      prev.set(m.to, m);
      queue.push(m.to);
    }
  }
  if (!seen[b]) return { path: null, moves: [], shared: [] };
  const moves: Move[] = [];
  for (let v = b; v !== a; ) {
    const m = prev.get(v) as Move;
    moves.push(m);
    v = m.from;
  }
  moves.reverse();
  const bridgeSet = bridges(graph, a);
  const n = h.length;
  const shared = moves.filter((m) => !bridgeSet.has(Math.min(m.from, m.to) * n + Math.max(m.from, m.to)));
  return { path: [a, ...moves.map((m) => m.to)], moves, shared };
}

export const INVALID = new Set(["maze.size", "maze.endpoints"]);

export function verifyMaze(data: MazeData, answer: MazeAnswer): Verdict {
  const { size, minJumps } = data;
  const { rows } = answer;
  const badRow = rows.findIndex((row) => row.length !== size);
  const sizeOk = rows.length === size && badRow === -1;
  const checks: Check[] = [
    {
      name: "maze.size",
      ok: sizeOk,
      detail: sizeOk
        ? `${size}×${size}`
        : rows.length !== size
          ? `${rows.length} rows, expected ${size}`
          : `row ${badRow} has ${rows[badRow]?.length} cells, expected ${size}`,
    },
  ];
  if (!sizeOk) return verdictFromChecks(checks, INVALID);
  const flat = rows.join("");
  const countA = [...flat].filter((ch) => ch === "A").length;
  const countB = [...flat].filter((ch) => ch === "B").length;
  const endsOk = countA === 1 && countB === 1;
  checks.push({
    name: "maze.endpoints",
    ok: endsOk,
    detail: `${countA} A cell(s) and ${countB} B cell(s); exactly one of each is required`,
  });
  if (!endsOk) return verdictFromChecks(checks, INVALID);

  const h = heightsOf(rows, data);
  const cells = size * size;
  const counts = new Array<number>(10).fill(0);
  for (const x of h) counts[x] = (counts[x] as number) + 1;
  const top = counts.reduce((best, k, v) => (k > (counts[best] as number) ? v : best), 0);
  const topCount = counts[top] as number;
  checks.push({
    name: "maze.height_spread",
    ok: topCount * 10 <= cells * 3,
    detail: `height ${top} is on ${topCount} of ${cells} cells (at most 30% allowed)`,
  });

  const a = flat.indexOf("A");
  const b = flat.indexOf("B");
  const { path, moves, shared } = analyseMaze(h, size, a, b);
  checks.push({
    name: "maze.reachable",
    ok: path !== null,
    detail:
      path === null ? "B cannot be reached from A by walks and jumps" : `B reached in ${moves.length} moves`,
  });
  if (path === null) return verdictFromChecks(checks, INVALID);
  const first = shared[0];
  checks.push({
    name: "maze.unique_path",
    ok: first === undefined,
    detail:
      first === undefined
        ? "exactly one route from A to B"
        : `${shared.length} move(s) of the shortest route lie on a loop, e.g. ${cellName(first.from, size)} → ${cellName(first.to, size)}: another route from A to B exists`,
  });
  checks.push({
    name: "maze.path_coverage",
    ok: path.length * 5 >= cells,
    detail: `the route visits ${path.length} of ${cells} cells (at least 20% required)`,
  });
  const jumps = moves.filter((m) => m.over !== null).length;
  checks.push({
    name: "maze.jumps",
    ok: jumps >= minJumps,
    detail: `the route makes ${jumps} jump(s), at least ${minJumps} required`,
  });
  return verdictFromChecks(checks, INVALID);
}
