import { memoByIdentity } from "../../core/memo.ts";
import type { Board } from "./board.ts";
import type { Path } from "./record.ts";
import { polyFit } from "./rules.ts";
import { ruleChecks } from "./verify.ts";

export interface SolverOptions {
  /** Stop after this many solutions (default: no limit). */
  maxSolutions?: number;
  /** Give up after this many search nodes (default: no limit). */
  maxNodes?: number;
}

export interface SolverResult {
  solutions: Path[];
  /** True when the search was exhaustive: `solutions` is every solution. */
  complete: boolean;
  /** Search nodes: line moves tried (a move crosses one edge to the next vertex, or onto E). */
  nodes: number;
}

/**
 * Per-board tables for the search, built once per board.
 *
 * The line moves on the vertex lattice: from a vertex it crosses one edge position to the next
 * vertex, or steps onto E when E sits on an edge midpoint (E is then a node of its own).
 * Regions are tracked on the cell lattice: two neighbouring rule cells share a region exactly
 * when the edge position between them is off the line or is an endpoint on an edge midpoint
 * (every off-line vertex or edge touches a cell, and rules only look at cells and the edges
 * between them).
 */
interface Tables {
  /** Up to 4 moves per node: the edge position crossed and the node reached (static blocks left out). */
  moveLink: Int32Array;
  moveNode: Int32Array;
  moveCount: Uint8Array;
  /** The vertices at the two ends of each edge position, -1 elsewhere. */
  endA: Int32Array;
  endB: Int32Array;
  /** 1 for positions on the outer border. */
  onBorder: Uint8Array;
  /** Rule-cell positions; cells are numbered in this order. */
  cellPos: Int32Array;
  /** Edge positions between two neighbouring cells ("links"). */
  linkPos: Int32Array;
  /** The cell on one side of each link. */
  linkA: Int32Array;
  /** The vertices at the ends of each link's edge. */
  linkEndA: Int32Array;
  linkEndB: Int32Array;
  /**
   * 1 for a link that always joins its cells: a gap (the line never crosses it) or an endpoint
   * on an edge midpoint (passable for the flood fill).
   */
  linkJoined: Uint8Array;
  /** Up to 4 (neighbour cell, link index) pairs per cell. */
  cellNbr: Int32Array;
  cellLink: Int32Array;
  cellDeg: Uint8Array;
  /** Triangles touching each position. */
  trisAt: number[][];
  squareCell: Int32Array;
  squareColor: Int32Array;
  starCell: Int32Array;
  /** For each star, the cells holding a symbol of its colour (itself included). */
  starSame: Int32Array[];
  /** Cells with a poly (positive area) or ylop (negative area). */
  shapeCell: Int32Array;
  shapeArea: Int32Array;
}

const tablesOf: (board: Board) => Tables = memoByIdentity(buildTables);

function buildTables(board: Board): Tables {
  const { cols, rows, size, blocked, end } = board;
  const at = (x: number, y: number) => y * cols + x;
  const moveLink = new Int32Array(size * 4);
  const moveNode = new Int32Array(size * 4);
  const moveCount = new Uint8Array(size);
  const addMove = (from: number, link: number, to: number) => {
    const k = from * 4 + (moveCount[from] as number);
    moveLink[k] = link;
    moveNode[k] = to;
    moveCount[from] = (moveCount[from] as number) + 1;
  };
  const endA = new Int32Array(size).fill(-1);
  const endB = new Int32Array(size).fill(-1);
  const dirs = [
    [0, -1],
    [1, 0],
    [0, 1],
    [-1, 0],
  ] as const;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const p = at(x, y);
      const vertex = x % 2 === 0 && y % 2 === 0;
      if (x % 2 !== y % 2) {
        // An edge position: its ends are the vertices either side along its axis.
        const [dx, dy] = x % 2 === 1 ? [1, 0] : [0, 1];
        endA[p] = at(x - dx, y - dy);
        endB[p] = at(x + dx, y + dy);
      }
      if (blocked[p]) continue;
      for (const [dx, dy] of dirs) {
        const mx = x + dx;
        const my = y + dy;
        if (mx < 0 || my < 0 || mx >= cols || my >= rows) continue;
        const m = at(mx, my);
        if (blocked[m]) continue;
        if (vertex) {
          if (m === end) addMove(p, m, m);
          else if (!blocked[at(x + 2 * dx, y + 2 * dy)]) addMove(p, m, at(x + 2 * dx, y + 2 * dy));
        } else if (p === end && mx % 2 === 0 && my % 2 === 0) {
          // E on an edge midpoint: a node linked to its two end vertices.
          addMove(p, p, m);
        }
      }
    }
  }

  const cellOf = new Int32Array(size).fill(-1);
  board.cells.forEach((p, i) => {
    cellOf[p] = i;
  });
  const nCells = board.cells.length;
  const linkPos: number[] = [];
  const linkA: number[] = [];
  const cellNbr = new Int32Array(nCells * 4);
  const cellLink = new Int32Array(nCells * 4);
  const cellDeg = new Uint8Array(nCells);
  const joinCells = (a: number, b: number, k: number) => {
    cellNbr[a * 4 + (cellDeg[a] as number)] = b;
    cellLink[a * 4 + (cellDeg[a] as number)] = k;
    cellDeg[a] = (cellDeg[a] as number) + 1;
  };
  const link = (a: number, b: number, p: number) => {
    const k = linkPos.length;
    linkPos.push(p);
    linkA.push(a);
    joinCells(a, b, k);
    joinCells(b, a, k);
  };
  for (const p of board.cells) {
    const a = cellOf[p] as number;
    if ((p % cols) + 2 < cols) link(a, cellOf[p + 2] as number, p + 1);
    if (p + 2 * cols < size) link(a, cellOf[p + 2 * cols] as number, p + cols);
  }
  const onBorder = new Uint8Array(size);
  for (let p = 0; p < size; p++) {
    const x = p % cols;
    const y = (p - x) / cols;
    onBorder[p] = x === 0 || y === 0 || x === cols - 1 || y === rows - 1 ? 1 : 0;
  }

  const trisAt: number[][] = Array.from({ length: size }, () => []);
  board.triangles.forEach((t, i) => {
    for (const e of t.edges) trisAt[e]?.push(i);
  });
  const cellIndex = (p: number) => cellOf[p] as number;
  const symbolCells = board.cells.filter((p) => board.symbol[p] !== undefined);
  const shapes = [...board.polys, ...board.ylops];
  return {
    moveLink,
    moveNode,
    moveCount,
    endA,
    endB,
    onBorder,
    cellPos: Int32Array.from(board.cells),
    linkPos: Int32Array.from(linkPos),
    linkA: Int32Array.from(linkA),
    linkEndA: Int32Array.from(linkPos, (p) => endA[p] as number),
    linkEndB: Int32Array.from(linkPos, (p) => endB[p] as number),
    linkJoined: Uint8Array.from(linkPos, (p) => (board.gap[p] || board.passableEnd[p] ? 1 : 0)),
    cellNbr,
    cellLink,
    cellDeg,
    trisAt,
    squareCell: Int32Array.from(board.squares, cellIndex),
    squareColor: Int32Array.from(board.squares, (p) => board.color[p] as number),
    starCell: Int32Array.from(board.stars, cellIndex),
    starSame: board.stars.map((s) =>
      Int32Array.from(
        symbolCells.filter((p) => board.color[p] === board.color[s]),
        cellIndex,
      ),
    ),
    shapeCell: Int32Array.from(shapes, cellIndex),
    shapeArea: Int32Array.from(shapes, (p) => {
      const s = board.symbol[p];
      if (s?.kind !== "poly" && s?.kind !== "ylop") return 0;
      const area = board.shapeSize.get(s.shape) as number;
      return s.kind === "ylop" ? -area : area;
    }),
  };
}

/** Link states on the cell lattice; see `feasible`. */
const CUT = 0;
const OPEN = 1;
const FIXED = 2;

/**
 * Every valid line from S to E, by depth-first search over vertex moves with pruning that
 * never cuts a valid line. After each move it computes F, the positions that lie on some simple
 * path from the head to E in the free lattice (the blocks of the block-cut tree between the head
 * and E): the rest of the line can only use positions in F. The pruning rules, each sound for
 * that reason, are documented in `feasible` and `polyAreasFit`. Each complete line is confirmed
 * by the same rule checks `verify` uses, so the solver cannot disagree with it.
 */
export function solveBoard(board: Board, opts: SolverOptions = {}): SolverResult {
  const maxSolutions = opts.maxSolutions ?? Number.POSITIVE_INFINITY;
  const maxNodes = opts.maxNodes ?? Number.POSITIVE_INFINITY;
  const { size, cols, end, triangles, dots } = board;
  const T = tablesOf(board);
  const { moveLink, moveNode, moveCount, endA, endB, linkPos, linkA, linkEndA, linkEndB, linkJoined } = T;
  const { cellNbr, cellLink, cellDeg, squareCell, squareColor, starCell, shapeCell, shapeArea } = T;
  const nCells = T.cellPos.length;
  const nLinks = linkPos.length;
  const regionRules = squareCell.length + starCell.length + shapeCell.length > 0;

  const onLine = new Uint8Array(size);
  const path: number[] = [];
  const solutions: Path[] = [];
  let nodes = 0;
  // Asked for no solution at all: nothing to search, and the (empty) answer is not complete.
  let aborted = !(maxSolutions >= 1);
  const triCount = new Int8Array(triangles.length);

  // Block-cut analysis scratch, stamped with a generation number so it never needs clearing.
  let gen = 0;
  const seen = new Int32Array(size);
  const disc = new Int32Array(size);
  const low = new Int32Array(size);
  const parent = new Int32Array(size);
  const blockOf = new Int32Array(size);
  const onPath = new Int32Array(size);
  const order = new Int32Array(size);
  const stack = new Int32Array(size);
  const iter = new Int32Array(size);

  // Cell-lattice scratch. Open components (C) only change when the head reaches the border, so
  // a depth either labels them into its own buffer or reuses its parent's labels.
  const linkState = new Uint8Array(nLinks);
  const compCAt: Int32Array[] = [];
  const sizeCAt: Int32Array[] = [];
  const ownerAt: number[] = [];
  let compC: Int32Array = new Int32Array(nCells);
  let sizeC: Int32Array = new Int32Array(nCells);
  const openC = new Int32Array(nCells);
  const compP = new Int32Array(nCells);
  let nP = 0;
  const queue = new Int32Array(nCells);
  // Per P: cells, its C, the colour of its squares (-1: none yet), its poly area.
  const sizeP = new Int32Array(nCells);
  const cOfP = new Int32Array(nCells);
  const color = new Int32Array(nCells);
  const polyAreaP = new Int32Array(nCells);
  // Per C: net shape area, whether it holds shapes, its ylop area.
  const net = new Int32Array(nCells);
  const hasShape = new Uint8Array(nCells);
  const ylopArea = new Int32Array(nCells);
  const polyList = new Int32Array(nCells);
  // Cells of final regions that already passed the poly fit; `sealed` lists them in order so
  // that backtracking can unseal them.
  const isSealed = new Uint8Array(nCells);
  const sealed: number[] = [];

  /**
   * Block-cut analysis of the free lattice (nodes off the line, plus the head) from the head.
   * Returns false when E cannot be reached. Afterwards `inF` answers for any position.
   */
  function blocks(from: number): boolean {
    gen++;
    let time = 0;
    let n = 0;
    seen[from] = gen;
    disc[from] = low[from] = time++;
    parent[from] = -1;
    order[n++] = from;
    let sp = 0;
    stack[0] = from;
    iter[0] = 0;
    while (sp >= 0) {
      const v = stack[sp] as number;
      const i = iter[sp] as number;
      if (i < (moveCount[v] as number)) {
        iter[sp] = i + 1;
        const k = v * 4 + i;
        const m = moveLink[k] as number;
        const w = moveNode[k] as number;
        if (onLine[m] || (onLine[w] && w !== from)) continue;
        if (seen[w] !== gen) {
          seen[w] = gen;
          disc[w] = low[w] = time++;
          parent[w] = v;
          order[n++] = w;
          stack[++sp] = w;
          iter[sp] = 0;
        } else if (w !== parent[v] && (disc[w] as number) < (low[v] as number)) {
          low[v] = disc[w] as number;
        }
      } else {
        sp--;
        if (sp >= 0) {
          const p = stack[sp] as number;
          if ((low[v] as number) < (low[p] as number)) low[p] = low[v] as number;
        }
      }
    }
    if (seen[end] !== gen) return false;
    // A tree edge (p, v) opens a new block when nothing below v reaches above p.
    blockOf[from] = from;
    for (let j = 1; j < n; j++) {
      const v = order[j] as number;
      const p = parent[v] as number;
      blockOf[v] = (low[v] as number) >= (disc[p] as number) ? v : (blockOf[p] as number);
    }
    for (let x = end; x !== from; x = parent[x] as number) onPath[blockOf[x] as number] = gen;
    return true;
  }

  /** Whether an edge between two discovered vertices lies in F (the block of its deeper end). */
  function edgeInF(a: number, b: number): boolean {
    if (seen[a] !== gen || seen[b] !== gen) return false;
    return onPath[blockOf[(disc[a] as number) > (disc[b] as number) ? a : b] as number] === gen;
  }

  /** Whether the line may still use position `p`: it is off the line and lies in F. */
  function inF(p: number): boolean {
    if (onLine[p]) return false;
    if (p === end) return true;
    const a = endA[p] as number;
    if (a < 0) return seen[p] === gen && onPath[blockOf[p] as number] === gen;
    return !board.blocked[p] && edgeInF(a, endB[p] as number);
  }

  /** Labels the open components into the buffer of `depth`, or reuses the parent's labels. */
  function openComponents(depth: number, relabel: boolean): void {
    if (relabel || depth === 0) {
      let comp = compCAt[depth];
      let sizes = sizeCAt[depth];
      if (!comp || !sizes) {
        comp = new Int32Array(nCells);
        sizes = new Int32Array(nCells);
        compCAt[depth] = comp;
        sizeCAt[depth] = sizes;
      }
      for (let c = 0; c < nCells; c++) comp[c] = -1;
      let count = 0;
      for (let s = 0; s < nCells; s++) {
        if ((comp[s] as number) < 0) sizes[count] = flood(s, comp, count++, CUT);
      }
      ownerAt[depth] = depth;
    } else {
      ownerAt[depth] = ownerAt[depth - 1] as number;
    }
    const owner = ownerAt[depth] as number;
    compC = compCAt[owner] as Int32Array;
    sizeC = sizeCAt[owner] as Int32Array;
  }

  /**
   * Labels with `id` the cells joined to `seed` through links whose state is above `below` (for
   * C: every link not cut; for P: the fixed links), and returns how many there are.
   */
  function flood(seed: number, comp: Int32Array, id: number, below: number): number {
    comp[seed] = id;
    let qh = 0;
    let qt = 0;
    queue[qt++] = seed;
    while (qh < qt) {
      const c = queue[qh++] as number;
      for (let i = c * 4; i < c * 4 + (cellDeg[c] as number); i++) {
        const d = cellNbr[i] as number;
        if (comp[d] === id || (linkState[cellLink[i] as number] as number) <= below) continue;
        comp[d] = id;
        queue[qt++] = d;
      }
    }
    return qt;
  }

  /** The fixed component (P) of a cell, labelled on first use after `resetFixed`. */
  function fixedOf(cell: number): number {
    if ((compP[cell] as number) < 0) {
      const p = nP++;
      sizeP[p] = flood(cell, compP, p, OPEN);
      cOfP[p] = compC[cell] as number;
      color[p] = -1;
      polyAreaP[p] = 0;
    }
    return compP[cell] as number;
  }

  function resetFixed(): void {
    for (let c = 0; c < nCells; c++) compP[c] = -1;
    nP = 0;
  }

  /**
   * Polys in a C that is still open. Each final region with shapes has a net area of 0 or
   * exactly as many cells as its net area, so the positive regions together cover exactly net(C)
   * cells; the zero regions balance their polys with ylops, so they hold polys of total area at
   * most Y, the ylop area of C. Every P lies wholly inside one final region. So for some set Z of
   * poly-holding Ps with poly area at most Y (the ones in zero regions), net(C) must be the cells
   * of the other poly-holding Ps plus a subset sum of the sizes of the Ps without polys.
   */
  function polyAreasFit(): boolean {
    for (let d = 0; d < nCells; d++) fixedOf(d);
    for (let i = 0; i < shapeCell.length; i++) {
      const p = compP[shapeCell[i] as number] as number;
      if ((shapeArea[i] as number) > 0) polyAreaP[p] = (polyAreaP[p] as number) + (shapeArea[i] as number);
    }
    for (let c = 0; c < nCells; c++) {
      if (openC[c] !== gen || !hasShape[c]) continue;
      // Subset sums of the Ps without polys, as a bit mask (bit s: sum s reachable, up to 30).
      let sums = 1;
      let polyPs = 0;
      for (let p = 0; p < nP; p++) {
        if (cOfP[p] !== c) continue;
        if (polyAreaP[p]) polyList[polyPs++] = p;
        else if ((sizeP[p] as number) <= 30) sums |= sums << (sizeP[p] as number);
      }
      // Without ylops Z is empty; with them, try every Z (too many poly-holding Ps: no check).
      if (polyPs > 12) continue;
      const subsets = ylopArea[c] ? 1 << polyPs : 1;
      let fits = false;
      for (let z = 0; z < subsets && !fits; z++) {
        let zArea = 0;
        let rest = net[c] as number;
        for (let j = 0; j < polyPs; j++) {
          const p = polyList[j] as number;
          if ((z >> j) & 1) zArea += polyAreaP[p] as number;
          else rest -= sizeP[p] as number;
        }
        fits = zArea <= (ylopArea[c] as number) && rest >= 0 && (rest > 30 || ((sums >>> rest) & 1) === 1);
      }
      if (!fits) return false;
    }
    return true;
  }

  /**
   * Whether the line so far (head at a vertex, or at E when `atEnd`) may still be completed
   * into a valid line. Every rule uses only facts the rest of the line cannot undo.
   */
  function feasible(at: number, depth: number, atEnd: boolean): boolean {
    // F is exact: the rest of the line is a simple path from the head to E, and a position lies
    // on such a path iff it lies in a block of the block-cut tree between the head and E. At E
    // the line is over: a new generation leaves F empty.
    if (atEnd) gen++;
    else if (!blocks(at)) return false;

    // Dots: a dot off the line and outside F can never be visited.
    for (const d of dots) if (!onLine[d] && !inF(d)) return false;

    // Triangles: the edges on the line plus the edges still in F bound the final count.
    for (let i = 0; i < triangles.length; i++) {
      const t = triangles[i] as (typeof triangles)[number];
      let potential = triCount[i] as number;
      for (const e of t.edges) if (inF(e)) potential++;
      if (potential < t.count) return false;
    }
    if (!regionRules) return true;

    // A link on the line is cut for good (CUT); a link outside F never joins the line, so its
    // cells share a region for good (FIXED); a link in F may still be cut (OPEN). The final
    // region of a cell contains its component P over FIXED links and lies inside its component
    // C over links that are not CUT. C changes only when the head reaches the border: the line
    // is a simple path, so a new cut separates cells only when it closes a loop with the border.
    for (let k = 0; k < nLinks; k++) {
      if (linkJoined[k]) linkState[k] = FIXED;
      else if (onLine[linkPos[k] as number]) linkState[k] = CUT;
      else linkState[k] = edgeInF(linkEndA[k] as number, linkEndB[k] as number) ? OPEN : FIXED;
    }
    openComponents(depth, atEnd || T.onBorder[at] === 1);
    for (let k = 0; k < nLinks; k++)
      if (linkState[k] === OPEN) openC[compC[linkA[k] as number] as number] = gen;

    // Stones: squares of two colours in one P always share a region.
    resetFixed();
    for (let i = 0; i < squareCell.length; i++) {
      const p = fixedOf(squareCell[i] as number);
      if ((color[p] as number) < 0) color[p] = squareColor[i] as number;
      else if (color[p] !== squareColor[i]) return false;
    }

    // Stars: the final region holds at least the star's colour count in P and at most that in C.
    for (let i = 0; i < starCell.length; i++) {
      const s = starCell[i] as number;
      const p = fixedOf(s);
      let inP = 0;
      let inC = 0;
      for (const c of T.starSame[i] as Int32Array) {
        if (compP[c] === p) inP++;
        if (compC[c] === compC[s]) inC++;
      }
      if (inP > 2 || inC < 2) return false;
    }

    // Polys: every final region with shapes needs a net area (polys minus ylops) of 0 or one
    // equal to its cell count. Summed over the final regions inside a C, the net area of C lies
    // between 0 and the cell count of C.
    if (shapeCell.length === 0) return true;
    for (let c = 0; c < nCells; c++) {
      net[c] = 0;
      hasShape[c] = 0;
      ylopArea[c] = 0;
    }
    for (let i = 0; i < shapeCell.length; i++) {
      const c = compC[shapeCell[i] as number] as number;
      net[c] = (net[c] as number) + (shapeArea[i] as number);
      hasShape[c] = 1;
      if ((shapeArea[i] as number) < 0) ylopArea[c] = (ylopArea[c] as number) - (shapeArea[i] as number);
    }
    for (let c = 0; c < nCells; c++) {
      if (hasShape[c] && ((net[c] as number) < 0 || (net[c] as number) > (sizeC[c] as number))) return false;
    }
    if (!polyAreasFit()) return false;
    // A C without OPEN links is a final region: run the engine's poly fit on it once.
    for (let i = 0; i < shapeCell.length; i++) {
      const cell = shapeCell[i] as number;
      const c = compC[cell] as number;
      if (isSealed[cell] || openC[c] === gen) continue;
      if (!polyFit(board, finalRegion(c))) return false;
      for (let d = 0; d < nCells; d++) {
        if (compC[d] !== c) continue;
        isSealed[d] = 1;
        sealed.push(d);
      }
    }
    return true;
  }

  /**
   * The positions of a final region that matter to the poly fit: its cells and the edges between
   * them off the line (an endpoint on an edge ends up on the line, so it is left out).
   */
  function finalRegion(c: number): number[] {
    const region: number[] = [];
    for (let d = 0; d < nCells; d++) if (compC[d] === c) region.push(T.cellPos[d] as number);
    for (let k = 0; k < nLinks; k++) {
      const p = linkPos[k] as number;
      if (linkState[k] !== CUT && !board.passableEnd[p] && compC[linkA[k] as number] === c) region.push(p);
    }
    return region;
  }

  function unsealTo(mark: number): void {
    while (sealed.length > mark) isSealed[sealed.pop() as number] = 0;
  }

  function enter(p: number): boolean {
    onLine[p] = 1;
    path.push(p);
    let ok = true;
    for (const i of T.trisAt[p] as number[]) {
      triCount[i] = (triCount[i] as number) + 1;
      if ((triCount[i] as number) > (triangles[i] as (typeof triangles)[number]).count) ok = false;
    }
    return ok;
  }

  function leave(p: number): void {
    onLine[p] = 0;
    path.pop();
    for (const i of T.trisAt[p] as number[]) triCount[i] = (triCount[i] as number) - 1;
  }

  function record(): void {
    const points = path.map((i) => ({ x: i % cols, y: Math.floor(i / cols) }));
    if (!ruleChecks(board, points).every((c) => c.ok)) return;
    solutions.push(points);
    if (solutions.length >= maxSolutions) aborted = true;
  }

  // The depth-first search keeps its own stack, so no grid is too large for the call stack.
  // Frame d: the node the line reached at depth d, the edge crossed to get there (or -1), the
  // `sealed` mark to restore on the way back, and the next move to try from the node.
  const frameNode = new Int32Array(size + 1);
  const frameLink = new Int32Array(size + 1);
  const frameMark = new Int32Array(size + 1);
  const frameMove = new Int32Array(size + 1);
  let top = -1;

  function retreat(to: number, link: number, mark: number): void {
    unsealTo(mark);
    leave(to);
    if (link >= 0) leave(link);
  }

  /**
   * Extends the line across `link` (an edge position, or -1 for none) to node `to`, and opens
   * frame `depth` there when the search goes on; otherwise takes the step back at once.
   */
  function advance(link: number, to: number, depth: number): void {
    nodes++;
    if (nodes > maxNodes) {
      aborted = true;
      return;
    }
    const crossed = link >= 0 && link !== to ? link : -1;
    let ok = crossed >= 0 ? enter(crossed) : true;
    ok = enter(to) && ok;
    const mark = sealed.length;
    if (ok && to !== end && feasible(to, depth, false)) {
      openFrame(depth, to, crossed, mark);
      return;
    }
    if (ok && to === end && feasible(to, depth, true)) record();
    retreat(to, crossed, mark);
  }

  function openFrame(depth: number, node: number, link: number, mark: number): void {
    top = depth;
    frameNode[top] = node;
    frameLink[top] = link;
    frameMark[top] = mark;
    frameMove[top] = node * 4;
  }

  /** Runs the search from the open frames until they are exhausted or it stops. */
  function drain(): void {
    while (top >= 0 && !aborted) {
      const d = top;
      const from = frameNode[d] as number;
      const i = frameMove[d] as number;
      if (i < from * 4 + (moveCount[from] as number)) {
        frameMove[d] = i + 1;
        const m = moveLink[i] as number;
        const w = moveNode[i] as number;
        if (!onLine[m] && !onLine[w]) advance(m, w, d + 1);
      } else {
        top--;
        retreat(from, frameLink[d] as number, frameMark[d] as number);
      }
    }
  }

  const start = board.start;
  if (!board.blocked[start] && !aborted) {
    enter(start);
    if (start === end) solutions.push([{ x: start % cols, y: Math.floor(start / cols) }]);
    else if ((endA[start] as number) >= 0) {
      // S on an edge midpoint: the line leaves it towards either end vertex (its neighbours
      // that are not rule cells), in the usual neighbour order.
      for (const v of board.neighbors[start] as number[]) {
        if (aborted || board.blocked[v]) continue;
        advance(-1, v, 0);
        drain();
      }
    } else if (feasible(start, 0, false)) {
      openFrame(0, start, -1, sealed.length);
      drain();
    }
  }
  return { solutions, complete: !aborted, nodes };
}
