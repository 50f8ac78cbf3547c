import type { Cell } from "./voxels.ts";

/** Cells from rows of text: '#' filled, one string per row (y grows downwards), layers for z. */
export function fromRows(layers: readonly (readonly string[])[]): Cell[] {
  const out: Cell[] = [];
  layers.forEach((rows, z) => {
    rows.forEach((row, y) => {
      for (let x = 0; x < row.length; x++) if (row[x] === "#") out.push([x, y, z]);
    });
  });
  return out;
}

/** The 12 free pentominoes, flat in z = 0. */
export const PENTOMINOES: Record<string, Cell[]> = {
  F: fromRows([[".##", "##.", ".#."]]),
  I: fromRows([["#####"]]),
  L: fromRows([["####", "#..."]]),
  N: fromRows([["###.", "..##"]]),
  P: fromRows([["###", "##."]]),
  T: fromRows([["###", ".#.", ".#."]]),
  U: fromRows([["#.#", "###"]]),
  V: fromRows([["#..", "#..", "###"]]),
  W: fromRows([["#..", "##.", ".##"]]),
  X: fromRows([[".#.", "###", ".#."]]),
  Y: fromRows([["####", ".#.."]]),
  Z: fromRows([["##.", ".#.", ".##"]]),
};

/** Piet Hein's seven Soma pieces (27 cells). */
export const SOMA: Record<string, Cell[]> = {
  V: fromRows([["##", "#."]]),
  L: fromRows([["###", "#.."]]),
  T: fromRows([["###", ".#."]]),
  Z: fromRows([["##.", ".##"]]),
  A: fromRows([
    ["##", "#."],
    [".#", ".."],
  ]),
  B: fromRows([
    ["##", "#."],
    ["..", "#."],
  ]),
  P: fromRows([
    ["##", "#."],
    ["#.", ".."],
  ]),
};
