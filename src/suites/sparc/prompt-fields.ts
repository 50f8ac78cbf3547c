import type { SparcRecord } from "./record.ts";

/** A cell or number as Python's `str()` of a list prints it: strings in single quotes. */
function pyItem(item: string | number): string {
  if (typeof item === "number") return String(item);
  const quote = item.includes("'") && !item.includes('"') ? '"' : "'";
  const escaped = item.replaceAll("\\", "\\\\").replaceAll(quote, `\\${quote}`);
  return `${quote}${escaped}${quote}`;
}

/** A flat list as Python's `str()` prints it, e.g. `['S', '+', 'N']` or `[0, 1, 1]`. */
export function pyList(items: readonly (string | number)[]): string {
  return `[${items.map(pyItem).join(", ")}]`;
}

/**
 * The shapes of the record's `polyshapes` JSON in the order the file lists them (as Python's dict
 * keeps them; JavaScript would put integer-like keys in numeric order).
 */
function shapesInFileOrder(json: string): [string, number[][]][] {
  if (json.trim() === "") return [];
  const parsed = JSON.parse(json) as Record<string, number[][]>;
  // The values are arrays of numbers, so every quoted string in the text is a key.
  const keys = [...json.matchAll(/"((?:[^"\\]|\\.)*)"\s*:/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
  return keys.filter((k) => Object.hasOwn(parsed, k)).map((k) => [k, parsed[k] as number[][]]);
}

/** The polyshape block as the official prompts print it; empty when the record has no `polyshapes` text. */
function polyshapesText(record: SparcRecord): string {
  if (record.polyshapes === "") return "";
  let text = "POLYSHAPES DEFINITIONS:\n";
  for (const [id, rows] of shapesInFileOrder(record.polyshapes))
    text += `Shape ${id}:\n${rows.map(pyList).join("\n")}\n\n`;
  return text;
}

function position(record: SparcRecord, symbol: string): string {
  let found = "None";
  record.puzzle_array.forEach((row, y) => {
    row.forEach((cell, x) => {
      if (cell === symbol) found = `(${x}, ${y})`;
    });
  });
  return found;
}

/**
 * What the official SPaRC prompts fill in, under the names they use, so a user can run the
 * official wording (`--prompt-template`) with `{name}` written as `{{name}}`. The visual prompt's
 * doubled sizes have fields of their own.
 */
export function sparcPromptFields(record: SparcRecord): Record<string, string> {
  const { width, height } = record.grid_size;
  return {
    grid_width: String(width),
    grid_height: String(height),
    grid_width_times_2: String(width * 2),
    grid_height_times_2: String(height * 2),
    start_pos: position(record, "S"),
    end_pos: position(record, "E"),
    grid_str: record.puzzle_array.map(pyList).join("\n"),
    polyshapes_str: polyshapesText(record),
    text_visualization: record.text_visualization,
    puzzle_array: JSON.stringify(record.puzzle_array),
  };
}
