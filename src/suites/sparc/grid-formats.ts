/**
 * The puzzle grid as text, in the representations of the paper's Appendix E.2: the default
 * ARC-style array (one JSON array per row), a plain markdown table without headers ("Table"), and
 * a markdown table whose header and first column give the x and y coordinates ("Coords").
 */
export type GridFormat = "array" | "table" | "coords";

const cell = (token: string): string => token.replace(/\|/g, "\\|");
const tableRow = (cells: readonly string[]): string => `| ${cells.join(" | ")} |`;

export function formatGrid(grid: readonly (readonly string[])[], format: GridFormat): string {
  if (format === "array") return grid.map((row) => JSON.stringify(row)).join("\n");
  const rows = grid.map((row) => row.map(cell));
  if (format === "table") return rows.map(tableRow).join("\n");
  const cols = grid[0]?.length ?? 0;
  const xs = Array.from({ length: cols }, (_, x) => String(x));
  return [
    tableRow(["y \\ x", ...xs]),
    tableRow(["---", ...xs.map(() => "---")]),
    ...rows.map((row, y) => tableRow([String(y), ...row])),
  ].join("\n");
}

/** The sentence that introduces the grid of a puzzle with `rows` rows, ending in a colon. */
export function gridIntro(format: GridFormat, rows: number): string {
  const last = rows - 1;
  if (format === "array") {
    return `Grid, one JSON array per row, from row y = 0 at the top to y = ${last}; entry k of a row has x = k:`;
  }
  if (format === "table") {
    return `Grid as a markdown table without headers, one table row per grid row, from y = 0 at the top to y = ${last}; column k of a row has x = k:`;
  }
  return `Grid as a markdown table: the header row gives each column's x, the first column each row's y (0 to ${last}, top to bottom):`;
}
