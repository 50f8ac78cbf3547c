/** Where a point's label goes: beside the point, moved off the labels already placed. */
export interface Placed {
  x: number;
  y: number;
  anchor: "start" | "end";
}

interface Rect {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const CHAR_WIDTH = 6.2;
const HEIGHT = 13;

const overlaps = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * Greedy placement: for each point in turn, the first candidate spot (right or left of it, then
 * further up or down) whose box hits neither an earlier label nor a point and stays in `bounds`.
 */
export function placeLabels(
  points: readonly { x: number; y: number; text: string }[],
  bounds: Rect,
): Placed[] {
  const taken: Rect[] = points.map((p) => ({ x0: p.x - 5, x1: p.x + 5, y0: p.y - 5, y1: p.y + 5 }));
  const placed: Placed[] = [];
  const shifts = [-8, 12, -20, 24, -32, 36, -44, 48, -56, 60];
  for (const p of points) {
    const width = p.text.length * CHAR_WIDTH;
    let choice: { rect: Rect; spot: Placed } | null = null;
    for (const dy of shifts) {
      for (const side of [1, -1] as const) {
        const x = p.x + side * 8;
        const y = p.y + dy;
        const rect =
          side === 1
            ? { x0: x, x1: x + width, y0: y - HEIGHT + 3, y1: y + 3 }
            : { x0: x - width, x1: x, y0: y - HEIGHT + 3, y1: y + 3 };
        const inside =
          rect.x0 >= bounds.x0 && rect.x1 <= bounds.x1 && rect.y0 >= bounds.y0 && rect.y1 <= bounds.y1;
        if (inside && !taken.some((t) => overlaps(t, rect))) {
          choice = { rect, spot: { x, y, anchor: side === 1 ? "start" : "end" } };
          break;
        }
      }
      if (choice) break;
    }
    // Nowhere free: keep it beside the point, overlapping.
    const fallback = p.x + width + 8 > bounds.x1;
    const spot = choice?.spot ?? {
      x: p.x + (fallback ? -8 : 8),
      y: p.y - 8,
      anchor: fallback ? "end" : "start",
    };
    if (choice) taken.push(choice.rect);
    placed.push(spot);
  }
  return placed;
}
