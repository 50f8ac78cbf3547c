import type { LineBoard, LineSymbol } from "../../core/line-board.ts";
import type { Color, PlacedSymbol, Puzzle } from "./puzzle.ts";
import { FILL, OUTLINE } from "./render.ts";

/** The puzzle as play mode draws it: the position grid, where the answer's path points live. */
export function lineBoardOf(p: Puzzle): LineBoard {
  return {
    cols: p.cols,
    rows: p.rows,
    start: { ...p.start },
    end: { ...p.end },
    gaps: p.gaps.map((g) => ({ ...g })),
    dots: p.dots.map((d) => ({ ...d })),
    symbols: p.symbols.map((s) => lineSymbol(s, p)),
  };
}

/** The colour as the task's own picture paints it. */
function paint(color: Color): Pick<LineSymbol, "color" | "fill" | "outline"> {
  const outline = OUTLINE[color];
  return outline === undefined ? { color, fill: FILL[color] } : { color, fill: FILL[color], outline };
}

function lineSymbol({ x, y, symbol: s }: PlacedSymbol, p: Puzzle): LineSymbol {
  switch (s.kind) {
    case "square":
    case "star":
      return { x, y, kind: s.kind, ...paint(s.color) };
    case "triangle":
      return { x, y, kind: s.kind, ...paint(s.color), count: s.count };
    case "poly":
    case "ylop":
      // puzzleFromRecord refuses a symbol whose shape is undefined.
      return {
        x,
        y,
        kind: s.kind,
        ...paint(s.color),
        cells: (p.shapes.get(s.shape) ?? []).map((c) => ({ ...c })),
      };
  }
}
