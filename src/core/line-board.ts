/**
 * A board a person draws a line on (play mode): a grid of positions where the line runs from
 * `start` to `end`, with rule marks. Plain data (JSON), in the task's own answer coordinates: a
 * point `{x, y}` here is a point `{x, y}` of the task's answer path.
 */
export interface LineBoard {
  /** Positions across and down; every point of a line is inside cols × rows. */
  cols: number;
  rows: number;
  start: LinePoint;
  end: LinePoint;
  /** Positions the line may not cross. */
  gaps: LinePoint[];
  /** Positions the line must pass. */
  dots: LinePoint[];
  symbols: LineSymbol[];
}

export interface LinePoint {
  x: number;
  y: number;
}

export interface LineSymbol {
  x: number;
  y: number;
  kind: "square" | "star" | "triangle" | "poly" | "ylop";
  /** The colour's name. */
  color: string;
  /** How the task paints it: a CSS fill, and an outline where the fill alone would not stand out. */
  fill: string;
  outline?: string;
  /** Triangles: how many. */
  count?: number;
  /** Polys and ylops: their squares in the 4×4 frame. */
  cells?: LinePoint[];
}
