/**
 * The optimum checked by an independent breadth-first search over assembly states, written from
 * the rules alone (cells compared directly, no gap tables, no disassembler). Offsets of insertions
 * and slide lengths are bounded by a small window; a plan shorter than the optimum found here would
 * have to be one insertion per join and nothing else, each straight into the assembled position,
 * which the window holds, so no shorter plan lies outside it.
 */
import { describe, expect, it } from "vitest";
import { type Cell, NEIGHBOURS } from "../../../geometry/voxels.ts";
import { assemblyDataOf, HOOK, HOOK_AND_PLUG } from "./fixture.ts";

/** A part: its pieces and their offsets, the first piece's offset [0, 0, 0]. */
interface Part {
  ids: number[];
  off: Cell[];
}

const plus = (a: Cell, b: Cell): Cell => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const minus = (a: Cell, b: Cell): Cell => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const times = (a: Cell, k: number): Cell => [a[0] * k, a[1] * k, a[2] * k];
const axis = (u: Cell) => u.findIndex((v) => v !== 0);

/** Each piece's cells moved by its offset, with the offsets re-anchored at the lowest piece. */
function normal(ids: number[], off: Cell[]): Part {
  const order = ids.map((id, j) => ({ id, o: off[j] as Cell })).sort((a, b) => a.id - b.id);
  const base = order[0]?.o as Cell;
  return { ids: order.map((x) => x.id), off: order.map((x) => minus(x.o, base)) };
}

const partKey = (p: Part) => `${p.ids.join(",")}@${p.off.map((o) => o.join(",")).join(";")}`;
const stateKey = (parts: Part[]) => parts.map(partKey).sort().join("/");

function search(shapes: Cell[][], window: number, longest: number, depthLimit: number): number | null {
  const cellsOf = (p: Part, ids = p.ids): Cell[] =>
    ids.flatMap((id) => (shapes[id] as Cell[]).map((c) => plus(c, p.off[p.ids.indexOf(id)] as Cell)));
  const span = (cells: Cell[], a: number) => [
    Math.min(...cells.map((c) => c[a] as number)),
    Math.max(...cells.map((c) => c[a] as number)),
  ];
  const apart = (g: Cell[], r: Cell[], a: number) => {
    const [gl, gh] = span(g, a) as [number, number];
    const [rl, rh] = span(r, a) as [number, number];
    return gh < rl || gl > rh;
  };
  /** Whether some cell of `moving` meets some cell of `fixed` after moving by k·u, for a k in `ks`. */
  const meets = (moving: Cell[], fixed: Cell[], u: Cell, ok: (k: number) => boolean) => {
    const a = axis(u);
    const s = u[a] as number;
    for (const m of moving) {
      for (const f of fixed) {
        const d = minus(f, m);
        if (d.every((v, b) => b === a || v === 0) && ok((d[a] as number) * s)) return true;
      }
    }
    return false;
  };
  const goal = (parts: Part[]) =>
    parts.length === 1 && (parts[0] as Part).off.every((o) => o.every((v) => v === 0));

  const successors = (parts: Part[]): Part[][] => {
    const out: Part[][] = [];
    for (const p of parts) {
      for (const q of parts) {
        if (p === q) continue;
        const others = parts.filter((x) => x !== p && x !== q);
        const target = cellsOf(q);
        for (const u of NEIGHBOURS) {
          for (let x = -window; x <= window; x++) {
            for (let y = -window; y <= window; y++) {
              for (let z = -window; z <= window; z++) {
                const moved: Part = { ids: p.ids, off: p.off.map((o) => plus(o, [x, y, z])) };
                const cells = cellsOf(moved);
                // Coming in along u, the part was at the stop minus k·u for every k ≥ 0.
                if (meets(cells, target, u, (k) => k <= 0)) continue;
                if (apart(cells, target, axis(u))) continue;
                out.push([...others, normal([...q.ids, ...p.ids], [...q.off, ...moved.off])]);
              }
            }
          }
        }
      }
    }
    for (const p of parts) {
      const others = parts.filter((x) => x !== p);
      for (let mask = 1; mask < (1 << p.ids.length) - 1; mask++) {
        const group = p.ids.filter((_, j) => mask & (1 << j));
        const rest = p.ids.filter((id) => !group.includes(id));
        for (const u of NEIGHBOURS) {
          for (let k = 1; k <= longest; k++) {
            if (meets(cellsOf(p, group), cellsOf(p, rest), u, (j) => j >= 1 && j <= k)) break;
            const off = p.ids.map(
              (id, j) => (group.includes(id) ? plus(p.off[j] as Cell, times(u, k)) : p.off[j]) as Cell,
            );
            const after: Part = { ids: p.ids, off };
            const pick = (ids: number[]) =>
              normal(
                ids,
                ids.map((id) => off[p.ids.indexOf(id)] as Cell),
              );
            out.push(
              apart(cellsOf(after, group), cellsOf(after, rest), axis(u))
                ? [...others, pick(group), pick(rest)]
                : [...others, normal(p.ids, off)],
            );
          }
        }
      }
    }
    return out;
  };

  let layer: Part[][] = [shapes.map((_, i) => ({ ids: [i], off: [[0, 0, 0] as Cell] }))];
  const seen = new Set(layer.map(stateKey));
  for (let depth = 1; depth <= depthLimit; depth++) {
    const next: Part[][] = [];
    for (const parts of layer) {
      for (const s of successors(parts)) {
        if (goal(s)) return depth;
        const key = stateKey(s);
        if (seen.has(key)) continue;
        seen.add(key);
        next.push(s);
      }
    }
    layer = next;
  }
  return null;
}

describe("chain/burr-assembly's optimum against a brute-force search", () => {
  it.each([
    ["two pieces", HOOK, 2],
    ["three pieces", HOOK_AND_PLUG, 1],
  ])("%s: the search's fewest actions equal the instance's optimal", (_, pieces, window) => {
    const data = assemblyDataOf(pieces);
    const found = search(Object.values(pieces), window, 2, 4);
    expect(found).toBe(data.optimal);
    expect(data.assembly).toHaveLength(data.optimal);
    expect(data.optimal).toBeGreaterThan(Object.keys(pieces).length - 1);
  });
});
