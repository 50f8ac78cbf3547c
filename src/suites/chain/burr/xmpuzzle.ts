/**
 * Reads BurrTools `.xmpuzzle` files: gzip-compressed XML with shapes as voxel strings
 * ('#' filled, '_' empty, '+' variable, each optionally followed by a decimal colour) indexed
 * x + sx·(y + sy·z), and problems naming the piece shapes (count or min–max, group) and the
 * result shape. Only the cubic grid (gridType 0) is supported.
 */
import { readFileSync, statSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { XMLParser } from "fast-xml-parser";
import { InputError } from "../../../core/errors.ts";
import type { Cell } from "../../../geometry/voxels.ts";

export interface XmShape {
  name: string;
  size: Cell;
  /** '#' cells. */
  filled: Cell[];
  /** '+' cells: may stay empty in a result. */
  variable: Cell[];
  /** Colour by "x,y,z" for coloured cells (0 = neutral is left out). */
  colours: Map<string, number>;
  weight: number;
}

export interface XmPart {
  shape: number;
  min: number;
  max: number;
  group: number;
}

export interface XmProblem {
  name: string;
  parts: XmPart[];
  result: number;
  /** Allowed (piece colour, result colour) pairs, colours counted from 1. */
  colourPairs: [number, number][];
  /** The counts BurrTools stored, when it solved the problem. */
  assemblies: number | null;
  solutions: number | null;
}

export interface XmPuzzle {
  gridType: number;
  colourCount: number;
  shapes: XmShape[];
  problems: XmProblem[];
  comment: string;
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ["voxel", "problem", "shape", "pair", "color", "group"].includes(name),
});

/** The largest file read, and the most XML it may unpack to (real BurrTools files are kilobytes). */
export const MAX_XMPUZZLE_FILE_BYTES = 16 * 1024 * 1024;
export const MAX_XMPUZZLE_XML_BYTES = 64 * 1024 * 1024;

function readBounded(source: string): Buffer {
  let size: number;
  try {
    size = statSync(source).size;
  } catch (e) {
    throw new InputError(`cannot read the puzzle: ${(e as Error).message}`, { source });
  }
  if (size > MAX_XMPUZZLE_FILE_BYTES)
    throw new InputError(`${size} bytes: a puzzle file is at most ${MAX_XMPUZZLE_FILE_BYTES}`, { source });
  return readFileSync(source);
}

function gunzipBounded(bytes: Uint8Array, where: { source?: string }): Buffer {
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_XMPUZZLE_XML_BYTES });
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why =
      code === "ERR_BUFFER_TOO_LARGE"
        ? `it unpacks to more than ${MAX_XMPUZZLE_XML_BYTES} bytes`
        : (e as Error).message;
    throw new InputError(`not a BurrTools puzzle: cannot unpack it (${why})`, where);
  }
}

/** Loads a puzzle from gzip bytes, plain XML bytes or text, or a file path, within the size caps above. */
export function loadXmpuzzle(input: Uint8Array | string): XmPuzzle {
  const source = typeof input === "string" && !input.trimStart().startsWith("<") ? input : undefined;
  const where = source ? { source } : {};
  let bytes: Uint8Array | string = source ? readBounded(source) : input;
  if (typeof bytes !== "string" && bytes[0] === 0x1f && bytes[1] === 0x8b)
    bytes = gunzipBounded(bytes, where);
  if (bytes.length > MAX_XMPUZZLE_XML_BYTES)
    throw new InputError(`a puzzle's XML is at most ${MAX_XMPUZZLE_XML_BYTES} bytes`, where);
  const xml = typeof bytes === "string" ? bytes : new TextDecoder().decode(bytes);
  let doc: Node;
  try {
    doc = parser.parse(xml, true) as Node;
  } catch (e) {
    throw new InputError(`not a BurrTools puzzle: ${(e as Error).message}`, where);
  }
  const puzzle = doc.puzzle as Node | undefined;
  if (!puzzle || typeof puzzle !== "object")
    throw new InputError("not a BurrTools puzzle: no <puzzle> element", where);
  const gridType = Number((puzzle.gridType as Node | undefined)?.["@type"] ?? 0);
  if (gridType !== 0)
    throw new InputError(`grid type ${gridType} is not the cubic grid (0)`, { ...where, field: "gridType" });
  const shapes = list((puzzle.shapes as Node | undefined)?.voxel).map((v, i) => readShape(v, i, where));
  const problems = list((puzzle.problems as Node | undefined)?.problem).map((p, i) =>
    readProblem(p, i, shapes.length, where),
  );
  const comment = puzzle.comment;
  return {
    gridType,
    colourCount: list((puzzle.colors as Node | undefined)?.color).length,
    shapes,
    problems,
    comment: typeof comment === "string" ? comment : String((comment as Node | undefined)?.["#text"] ?? ""),
  };
}

function list(v: unknown): Node[] {
  if (v === undefined || v === null || v === "") return [];
  return (Array.isArray(v) ? v : [v]) as Node[];
}

function int(v: unknown, field: string, where: { source?: string }, fallback?: number): number {
  if (v === undefined && fallback !== undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n))
    throw new InputError(`expected an integer, got ${JSON.stringify(v)}`, { ...where, field });
  return n;
}

function readShape(v: Node, i: number, where: { source?: string }): XmShape {
  const field = `shapes.voxel[${i}]`;
  const size: Cell = [
    int(v["@x"], `${field}.x`, where),
    int(v["@y"], `${field}.y`, where),
    int(v["@z"], `${field}.z`, where),
  ];
  const text = String(v["#text"] ?? "").trim();
  const filled: Cell[] = [];
  const variable: Cell[] = [];
  const colours = new Map<string, number>();
  let index = 0;
  for (let p = 0; p < text.length; ) {
    const ch = text[p] as string;
    if (!"#_+".includes(ch))
      throw new InputError(`unexpected character "${ch}" in a voxel string`, { ...where, field });
    p++;
    let digits = "";
    while (p < text.length && /[0-9]/.test(text[p] as string)) digits += text[p++];
    const x = index % size[0];
    const y = Math.floor(index / size[0]) % size[1];
    const z = Math.floor(index / (size[0] * size[1]));
    const cell: Cell = [x, y, z];
    if (ch === "#") filled.push(cell);
    if (ch === "+") variable.push(cell);
    if (ch !== "_" && digits !== "" && Number(digits) > 0) colours.set(`${x},${y},${z}`, Number(digits));
    index++;
  }
  if (index !== size[0] * size[1] * size[2]) {
    throw new InputError(`voxel string has ${index} cells for a ${size.join("×")} grid`, { ...where, field });
  }
  return {
    name: typeof v["@name"] === "string" ? v["@name"] : `S${i + 1}`,
    size,
    filled,
    variable,
    colours,
    weight: int(v["@weight"], `${field}.weight`, where, 1),
  };
}

function readProblem(p: Node, i: number, nShapes: number, where: { source?: string }): XmProblem {
  const field = `problems.problem[${i}]`;
  const parts = list((p.shapes as Node | undefined)?.shape).map((s, j): XmPart => {
    const f = `${field}.shapes.shape[${j}]`;
    const shape = int(s["@id"], `${f}.id`, where);
    if (shape < 0 || shape >= nShapes)
      throw new InputError(`no shape ${shape}`, { ...where, field: `${f}.id` });
    const count = s["@count"];
    const min = count !== undefined ? int(count, `${f}.count`, where) : int(s["@min"], `${f}.min`, where, 1);
    const max = count !== undefined ? min : int(s["@max"], `${f}.max`, where, 1);
    const groups = list(s.group);
    const group =
      s["@group"] !== undefined
        ? int(s["@group"], `${f}.group`, where)
        : int(groups[0]?.["@group"], `${f}.group`, where, 0);
    return { shape, min, max, group };
  });
  const result = int((p.result as Node | undefined)?.["@id"], `${field}.result.id`, where);
  if (result < 0 || result >= nShapes)
    throw new InputError(`no result shape ${result}`, { ...where, field: `${field}.result.id` });
  const colourPairs = list((p.bitmap as Node | undefined)?.pair).map((q, j): [number, number] => [
    int(q["@piece"], `${field}.bitmap.pair[${j}].piece`, where) + 1,
    int(q["@result"], `${field}.bitmap.pair[${j}].result`, where) + 1,
  ]);
  const stored = (name: string) =>
    p[name] === undefined ? null : int(p[name], `${field}.${name.slice(1)}`, where);
  return {
    name: typeof p["@name"] === "string" ? p["@name"] : `Problem ${i + 1}`,
    parts,
    result,
    colourPairs,
    assemblies: stored("@assemblies"),
    solutions: stored("@solutions"),
  };
}
