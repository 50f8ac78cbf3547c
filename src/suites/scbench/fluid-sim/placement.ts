import { changedCells, holds, overlaps, type Part, type Rect } from "./earthworks.ts";

type Heights = readonly (readonly number[])[];

/** Where a construction of w × h columns (rim included) may stand, and how to build it there. */
export interface Design {
  w: number;
  h: number;
  build: (x0: number, y0: number) => Part;
  /**
   * Where the centre column (which keeps raining into its basin) may be: in the first inner
   * rectangle, anywhere, or (the default) outside the footprint.
   */
  centre?: "inner" | "any";
  /** A fixed corner instead of every site (for constructions tied to the centre column). */
  at?: [number, number];
}

interface Ranked {
  part: Part;
  cost: number;
  order: number;
}

/** Worlds from this side on are searched on every other column and row, to keep solving fast. */
const COARSE_SIDE = 40;

/**
 * The placements of the slot's designs strictly inside the outer ring, cheapest first (fewest
 * cells changed on the terrain; ties by position, so the ranking is deterministic).
 */
export function rankSites(heights: Heights, designs: readonly Design[]): Part[] {
  const side = heights.length;
  const c = Math.floor(side / 2);
  const step = side >= COARSE_SIDE ? 2 : 1;
  const out: Ranked[] = [];
  for (const d of designs)
    for (let y0 = 1; y0 + d.h <= side - 1; y0 += step)
      for (let x0 = 1; x0 + d.w <= side - 1; x0 += step) {
        if (d.at && (d.at[0] !== x0 || d.at[1] !== y0)) continue;
        const part = d.build(x0, y0);
        const ok =
          d.centre === "any" ||
          (d.centre === "inner" ? holds(part.inner[0] as Rect, c, c) : !holds(part.footprint, c, c));
        if (!ok) continue;
        out.push({ part, cost: changedCells(heights, part.works), order: out.length });
      }
  out.sort((a, b) => a.cost - b.cost || a.order - b.order);
  return out.map((r) => r.part);
}

const clash = (a: Part, b: Part): boolean =>
  a.inner.some((r: Rect) => overlaps(r, b.footprint)) ||
  b.inner.some((r: Rect) => overlaps(r, a.footprint)) ||
  (a.key !== undefined && a.key === b.key);

/**
 * Candidate answers for a goal built from several parts (one per slot): attempt t puts the first
 * slot at its t-th cheapest site and every later slot at its cheapest site that clashes with none
 * placed before (parts may share rim columns, never water or catchment, and keys must differ).
 * Parts found faulty meanwhile (added to `faulty` by the caller) are skipped from then on.
 */
export function* placements(
  slots: readonly (readonly Part[])[],
  attempts: number,
  faulty: ReadonlySet<Part> = new Set(),
): Generator<Part[]> {
  const [first, ...rest] = slots;
  if (!first) return;
  for (let t = 0, tried = 0; t < first.length && tried < attempts; t++) {
    if (faulty.has(first[t] as Part)) continue;
    tried++;
    const chosen: Part[] = [first[t] as Part];
    for (const slot of rest) {
      const pick = slot.find((p) => !faulty.has(p) && chosen.every((q) => !clash(p, q)));
      if (!pick) break;
      chosen.push(pick);
    }
    if (chosen.length === slots.length) yield chosen;
  }
}
