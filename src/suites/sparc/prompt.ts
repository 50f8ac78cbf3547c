import { checkShots, checkVariant, tokenCapSentence } from "../../core/prompt-options.ts";
import type { Prompt, PromptOptions } from "../../core/task.ts";
import { formatGrid, type GridFormat, gridIntro } from "./grid-formats.ts";
import type { Puzzle } from "./puzzle.ts";
import type { Point, SparcRecord } from "./record.ts";
import { renderPuzzlePng } from "./render.ts";

export type PromptVariant = "default" | "alternative" | "vision" | "markdown" | "markdown-coords";
export const PROMPT_VARIANTS: readonly PromptVariant[] = [
  "default",
  "alternative",
  "vision",
  "markdown",
  "markdown-coords",
];

/** The default prompt with the grids as the markdown tables of the paper's Appendix E.2. */
const GRID_FORMAT: Partial<Record<PromptVariant, GridFormat>> = {
  markdown: "table",
  "markdown-coords": "coords",
};

/** A solved puzzle shown to the model before its own (few-shot). */
export interface WorkedExample {
  grid: string[][];
  /** Shape id -> 4×4 [y][x] array, as in the dataset's `polyshapes`. */
  polyshapes: Record<string, number[][]>;
  start: Point;
  end: Point;
  explanation: string;
  path: Point[];
}

const pts = (list: [number, number][]): Point[] => list.map(([x, y]) => ({ x, y }));

export const WORKED_EXAMPLES: readonly [WorkedExample, WorkedExample] = [
  {
    grid: [
      ["+", ".", "+", "+", "+", "E", "+"],
      ["+", "C-R", "+", "o-K", "+", "o-K", "+"],
      ["S", "+", "+", "+", "+", "+", "+"],
      ["+", "P-G-112", "+", "*-G", "+", "P-B-624", "+"],
      ["+", "+", "+", "+", "+", "+", "+"],
      ["+", "*-G", "+", "*-G", "+", "o-K", "+"],
      ["+", "+", "+", ".", "+", "+", "+"],
    ],
    polyshapes: {
      "112": [
        [0, 1, 0, 0],
        [0, 1, 0, 0],
        [0, 1, 0, 0],
        [0, 0, 0, 0],
      ],
      "624": [
        [0, 1, 0, 0],
        [0, 1, 1, 0],
        [0, 1, 0, 0],
        [0, 0, 0, 0],
      ],
    },
    start: { x: 0, y: 2 },
    end: { x: 5, y: 0 },
    explanation: [
      "The start is on the left border at (0, 2) and the end is the stub at (5, 0) on the top border.",
      "The red C triangle at (1, 1) needs the line on exactly three of its sides, and the dot at (1, 0) lies on its top side.",
      "Going up to (0, 0) and right through the dot to (2, 0) covers the left and top sides; turning down at (2, 0) adds the right side, and the line then never touches the bottom side, so the count is exactly three.",
      "Running straight down x = 2 to (2, 6) walls off the left column, cells (1, 1), (1, 3) and (1, 5).",
      "That region is a vertical strip of three cells, which the green shape 112 (three squares in a column) fills exactly, and its green star at (1, 5) has exactly one green partner, the poly.",
      "Along the bottom through the dot at (3, 6) to (4, 6), up to (4, 4) and right to (6, 4) shuts cell (5, 5) in on its own, so its black square is alone.",
      "Up the right border to (6, 2), left to (4, 2) and up to (4, 0) shuts cell (5, 1) in on its own as well.",
      "What is left in the middle is (3, 1), (3, 3), (3, 5) and (5, 3): a column of three with one extra cell to the right of its middle, exactly the blue shape 624 as defined, without rotation.",
      "Its green symbols are the two stars at (3, 3) and (3, 5), which pair with each other, and its only square is black.",
      "One step right from (4, 0) reaches the end at (5, 0).",
    ].join(" "),
    path: pts([
      [0, 2],
      [0, 1],
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [2, 2],
      [2, 3],
      [2, 4],
      [2, 5],
      [2, 6],
      [3, 6],
      [4, 6],
      [4, 5],
      [4, 4],
      [5, 4],
      [6, 4],
      [6, 3],
      [6, 2],
      [5, 2],
      [4, 2],
      [4, 1],
      [4, 0],
      [5, 0],
    ]),
  },
  {
    grid: [
      ["+", "+", "+", "+", "E"],
      ["+", "N", "+", "N", "+"],
      ["+", "+", "+", "+", "+"],
      ["+", "o-R", ".", "o-B", "+"],
      ["+", "+", "+", "+", "+"],
      ["+", "N", "+", "N", "+"],
      ["S", "G", "+", "+", "+"],
    ],
    polyshapes: {},
    start: { x: 0, y: 6 },
    end: { x: 4, y: 0 },
    explanation: [
      "The gap at (1, 6) breaks the bottom border right next to the start at (0, 6), so the line has to go up first, to (0, 5) and (0, 4).",
      "The dot at (2, 3) is on the middle vertical line, so the line must run through (2, 4), (2, 3) and (2, 2).",
      "The red square at (1, 3) and the blue square at (3, 3) lie on either side of that middle line and must end up in different regions.",
      "Going right from (0, 4) to (2, 4), up the middle line to (2, 0) and right along the top border to the end at (4, 0) does it:",
      "the red square shares its region only with the empty cell (1, 1), while the blue square is in the region of the cells (1, 5), (3, 1) and (3, 5).",
      "Every rule holds.",
    ].join(" "),
    path: pts([
      [0, 6],
      [0, 5],
      [0, 4],
      [1, 4],
      [2, 4],
      [2, 3],
      [2, 2],
      [2, 1],
      [2, 0],
      [3, 0],
      [4, 0],
    ]),
  },
];

const SYSTEM = "You are an expert at solving Witness-style path puzzles.";
const COLOURS = "R red, B blue, G green, Y yellow, W white, O orange, P purple, K black";

/** What each symbol demands, in the words every SPaRC prompt and the gym share. */
export const SYMBOL_RULES: readonly string[] = [
  "- Gap 'G': a break in the grid; the line cannot pass through it.",
  "- Dot '.': the line must pass through every dot.",
  "- Square 'o-X': all squares in one region must have the same colour, so squares of different colours have to be separated by the line.",
  "- Star '*-X': the star's region must contain exactly two symbols of the star's colour, the star itself included. Every coloured symbol counts towards those two: squares, stars, triangles, polys and ylops. So each star needs exactly one partner of its colour in its region, and no more.",
  "- Triangle 'A-X', 'B-X', 'C-X', 'D-X' (counts 1, 2, 3, 4): the line must run along exactly that many of the cell's four sides. The colour plays no part in this rule.",
  "- Poly 'P-X-id': the region holding it must be covered exactly by all the polyshapes in that region together, each used once, without overlaps and without uncovered cells. Shapes keep the orientation of their definition: they are never rotated or mirrored. So the line may not cut through a placed shape.",
  "- Ylop 'Y-X-id': a negative shape that takes squares away. A ylop may be placed anywhere on the grid, even outside its region, and cancels the poly squares it covers. If the polys and ylops of a region cancel each other exactly, the region has no shape requirement.",
  `- Colours (the X in the tokens): ${COLOURS}.`,
];

/** How the rendered puzzle shows each element (the single-shot and gym vision prompts share it). */
export const IMAGE_LEGEND: readonly string[] = [
  "- Light grid lines on a dark panel; cells are the squares between them.",
  "- Start: a big filled circle on the grid lines. End: a short rounded stub sticking out of the border.",
  "- Dots: small black dots (hexagons) on the grid lines.",
  "- Gaps: grid segments broken in the middle.",
  "- Squares: coloured rounded squares inside cells.",
  "- Stars: coloured eight-pointed stars inside cells.",
  "- Triangles: one to four small triangles side by side inside a cell; their number is the count.",
  "- Polys: tetris-like shapes of small filled blocks inside a cell.",
  "- Ylops: the same kind of shapes drawn hollow, as outlined blocks.",
  "- Numbers along the top and left margins label the x and y positions.",
];

const TOKENS =
  "S start, E end, + a position the line may use, N an empty cell, G gap, . dot, o-X square, *-X star, " +
  "A-X/B-X/C-X/D-X triangle with count 1/2/3/4, P-X-id poly of shape id, Y-X-id ylop of shape id; X is a colour code";

const point = (p: Point): string => `(${p.x}, ${p.y})`;
const answerLine = (path: Point[]): string => `#### [${path.map(point).join(", ")}]`;

function shapeRows(shapes: Record<string, number[][]>): string | null {
  const entries = Object.entries(shapes);
  if (entries.length === 0) return null;
  return entries
    .map(([id, rows]) => `Shape ${id}:\n${rows.map((r) => JSON.stringify(r)).join("\n")}`)
    .join("\n\n");
}

/** The record's shapes as stored (already validated by puzzleFromRecord). */
function recordShapes(record: SparcRecord): Record<string, number[][]> {
  return record.polyshapes.trim() === "" ? {} : (JSON.parse(record.polyshapes) as Record<string, number[][]>);
}

const SHAPE_FORMAT =
  "Each shape is a 4×4 array written row by row, top row first; entry k of a row is column k, and 1 marks a square of the shape.";

function examplesText(shots: number, heading: string, format: GridFormat): string {
  return WORKED_EXAMPLES.slice(0, shots)
    .map((ex, i) => {
      const shapes = shapeRows(ex.polyshapes);
      return [
        `${heading} ${i + 1}`,
        `Start ${point(ex.start)}, end ${point(ex.end)}. Grid, one row per line:`,
        formatGrid(ex.grid, format),
        ...(shapes ? ["Polyshapes:", shapes] : []),
        `Reasoning: ${ex.explanation}`,
        answerLine(ex.path),
      ].join("\n");
    })
    .join("\n\n");
}

interface Parts {
  width: number;
  height: number;
  cols: number;
  rows: number;
  start: string;
  end: string;
  grid: string;
  /** The sentence before `grid`. */
  gridIntro: string;
  shapes: string | null;
  budget: string | null;
  examples: string;
}

function defaultPrompt(p: Parts): string {
  const out = [
    'You are an expert at solving path puzzles in the style of the video game "The Witness". Find a line from the start to the end of the puzzle below that satisfies every rule.',
    "",
    "GRID AND POSITIONS",
    `The puzzle is ${p.width} cells wide and ${p.height} cells tall. The grid lists every position of the board: the line intersections, the line segments between neighbouring intersections, and the cells. A position is written (x, y), with (0, 0) at the top-left, x increasing to the right and y increasing downwards. The grid therefore has 2·${p.width}+1 = ${p.cols} columns and 2·${p.height}+1 = ${p.rows} rows.`,
    "Positions with both coordinates even are intersections, positions with exactly one odd coordinate are line segments, and positions with both coordinates odd are cells, which hold the rule symbols.",
    "",
    "THE LINE",
    "- It starts at S and ends at E.",
    "- Each step moves to one of the four neighbouring positions (up, down, left or right); there are no diagonal steps and no jumps.",
    "- It never visits the same position twice.",
    "- It may only occupy positions with at least one even coordinate: the '+' and '.' positions, S and E. It never enters a cell (both coordinates odd), whether the cell is empty ('N') or holds a rule symbol.",
    "- The line divides the cells into regions: two cells are in the same region when you can walk from one to the other through side-by-side cells without crossing the line.",
    "",
    "RULES",
    ...SYMBOL_RULES,
  ];
  if (p.examples) {
    out.push(
      "",
      "WORKED EXAMPLES",
      "These show the method and the answer format; they are not your puzzle.",
      "",
      p.examples,
    );
  }
  out.push("", "YOUR PUZZLE", `Start S: ${p.start}`, `End E: ${p.end}`);
  out.push(p.gridIntro, p.grid);
  if (p.shapes) out.push("Polyshapes:", SHAPE_FORMAT, p.shapes);
  out.push(
    "",
    "ANSWER",
    "Reason step by step first. Then write the marker #### followed by the full list of positions the line visits from start to end, for example: #### [(0, 0), (1, 0), (2, 0), ...]",
    "Do not skip intermediate positions: list the segment positions between intersections too, so consecutive positions differ by exactly 1 in one coordinate. Only the text after the last #### is read.",
  );
  if (p.budget) out.push(p.budget);
  return out.join("\n");
}

function alternativePrompt(p: Parts): string {
  const out = [
    "## Objective",
    'You are an expert at Witness-style path puzzles (from the video game "The Witness"). Draw one line from the start S to the end E that satisfies every rule below. Most wrong answers break a **path rule**, by stepping onto a rule cell or touching a position twice, so check those on every step.',
    "",
    "## Grid basics",
    `- The board is ${p.width} × ${p.height} cells, so the grid array has 2·${p.width}+1 = ${p.cols} columns and 2·${p.height}+1 = ${p.rows} rows.`,
    "- A position is (x, y): (0, 0) is the top-left, x grows to the right, y grows downwards.",
    "- Both coordinates even: an intersection. Exactly one odd: a line segment. Both odd: a **rule cell**, holding a symbol or 'N' (empty).",
    "",
    "## Input data",
    `- **Start:** ${p.start}`,
    `- **End:** ${p.end}`,
    `- **Grid** (one JSON array per row, row y = 0 first; entry k of a row has x = k):`,
    "```",
    p.grid,
    "```",
  ];
  if (p.shapes) out.push(`- **Polyshapes:** ${SHAPE_FORMAT}`, "```", p.shapes, "```");
  out.push(
    "",
    "## Symbol legend",
    "| Token | Meaning |",
    "| --- | --- |",
    "| `S` / `E` | start / end of the line |",
    "| `+` | a position the line may use |",
    "| `N` | empty rule cell (no rule, but still off limits) |",
    "| `G` | gap: the line cannot pass |",
    "| `.` | dot: the line must pass |",
    "| `o-X` | square of colour X |",
    "| `*-X` | star of colour X |",
    "| `A-X` `B-X` `C-X` `D-X` | triangle with count 1, 2, 3, 4 |",
    "| `P-X-id` | poly: polyshape `id` of colour X |",
    "| `Y-X-id` | ylop: negative polyshape `id` of colour X |",
    "",
    `Colour codes: ${COLOURS}.`,
    "",
    "## Rules",
    "### Path rules (check every step)",
    "1. **Start at S and finish at E.**",
    "2. **Move exactly one position per step**, up, down, left or right: never diagonally and never skipping a position.",
    "3. **Never visit a position twice.** The line may not cross or touch itself.",
    "4. **Never step onto a rule cell** (both coordinates odd), even an empty 'N' one. Only '+', '.', 'S' and 'E' positions are allowed.",
    "5. **Never pass through a gap 'G'.**",
    "6. **Pass through every dot '.'.**",
    "",
    "### Region rules",
    "The line splits the rule cells into regions: cells reachable from each other through side-by-side cells without crossing the line.",
    "- **Squares:** all squares in a region share one colour.",
    "- **Stars:** a star's region holds exactly two symbols of the star's colour, the star included. Squares, stars, triangles, polys and ylops all count, so every star needs exactly one same-coloured partner.",
    "- **Polys:** all polyshapes in a region together tile it exactly, each once, no overlaps, no uncovered cells, never rotated or mirrored. The line may not cut through a placed shape.",
    "- **Ylops:** negative shapes that cancel poly squares. They may be placed anywhere on the grid, even outside the region. If polys and ylops cancel exactly, the region is unconstrained.",
    "",
    "### Edge rules",
    "- **Triangles:** the line runs along exactly as many of the cell's four sides as the count (A = 1, B = 2, C = 3, D = 4). Colour does not matter.",
  );
  if (p.examples) out.push("", "## Worked examples", p.examples);
  out.push(
    "",
    "## Output format",
    "1. Reason step by step. Before answering, check the path rules: each step changes one coordinate by exactly 1, no position appears twice, no position has two odd coordinates, the first position is S and the last is E.",
    "2. Then write `####` followed by the full list of positions from start to end, e.g. `#### [(0, 0), (1, 0), (2, 0), ...]`. Do not skip intermediate positions. Only the text after the last `####` is read.",
  );
  if (p.budget) out.push(p.budget);
  return out.join("\n");
}

function visionPrompt(p: Parts, textVisualization: string): string {
  const out = [
    'You are an expert at solving path puzzles in the style of the video game "The Witness". The attached image shows the puzzle. Find a line from its start to its end that satisfies every rule.',
    "",
    "## What the image shows",
    `- A board of ${p.width} × ${p.height} cells.`,
    ...IMAGE_LEGEND,
    "",
    "## Positions",
    `Every intersection, every segment between two neighbouring intersections and every cell centre has a position (x, y): (0, 0) is the top-left intersection, x grows to the right (0 to ${p.cols - 1}) and y grows downwards (0 to ${p.rows - 1}). Adjacent intersections are therefore 2 position units apart, and cell centres have odd x and odd y. Each step of the line moves exactly 1 position unit. The start is at ${p.start} and the end at ${p.end}.`,
    "",
    "## Rules",
    "- The line goes from the start to the end along the grid lines, one position per step (up, down, left or right), and never visits a position twice. It never enters a cell centre.",
    "- It cannot pass a gap and must pass through every dot.",
    "- The line divides the cells into regions (cells connected without crossing the line).",
    "- Squares: all squares in a region have the same colour.",
    "- Stars: a star's region holds exactly two symbols of the star's colour, the star included; squares, stars, triangles, polys and ylops all count.",
    "- Triangles: the line runs along exactly as many of the cell's four sides as there are triangles; colour does not matter.",
    "- Polys: all poly shapes in a region tile it exactly, each once, never rotated or mirrored; the line may not cut through a placed shape.",
    "- Ylops: negative shapes that cancel poly squares; they may be placed anywhere on the grid, even outside the region. If polys and ylops cancel exactly, the region is unconstrained.",
  ];
  if (p.shapes) out.push("", "## Polyshape definitions", SHAPE_FORMAT, p.shapes);
  out.push(
    "",
    "## Text description",
    "The same puzzle as structured text, in the same positions:",
    textVisualization.trimEnd(),
  );
  if (p.examples) {
    out.push(
      "",
      "## Worked examples",
      `The examples are written as token grids (${TOKENS}; colours ${COLOURS}).`,
      p.examples,
    );
  }
  out.push(
    "",
    "## Answer",
    "Reason step by step first. Then write the marker #### followed by the full list of positions from start to end, for example: #### [(0, 0), (1, 0), (2, 0), ...]",
    "Do not skip intermediate positions: consecutive positions differ by exactly 1 in one coordinate.",
  );
  if (p.budget) out.push(p.budget);
  return out.join("\n");
}

/** The SPaRC prompt for one puzzle, in our own wording of the paper's three prompts. */
export function sparcPrompt(record: SparcRecord, puzzle: Puzzle, opts: PromptOptions = {}): Prompt {
  const variant = checkVariant(opts, PROMPT_VARIANTS);
  const shots = checkShots(opts, WORKED_EXAMPLES.length, variant === "vision" ? 0 : 1);
  const format = GRID_FORMAT[variant] ?? "array";
  const parts: Parts = {
    width: puzzle.width,
    height: puzzle.height,
    cols: puzzle.cols,
    rows: puzzle.rows,
    start: point(puzzle.start),
    end: point(puzzle.end),
    grid: formatGrid(record.puzzle_array, format),
    gridIntro: gridIntro(format, puzzle.rows),
    shapes: shapeRows(recordShapes(record)),
    budget: opts.maxOutputTokens === undefined ? null : tokenCapSentence(opts.maxOutputTokens),
    examples: examplesText(shots, variant === "alternative" ? "### Example" : "Example", format),
  };
  const system = { role: "system" as const, content: SYSTEM };
  if (variant === "vision") {
    const data = renderPuzzlePng(puzzle, undefined, { coordinates: true });
    return {
      messages: [system, { role: "user", content: visionPrompt(parts, record.text_visualization) }],
      images: [
        {
          mediaType: "image/png",
          data,
          alt: `SPaRC puzzle ${record.id}: ${puzzle.width}×${puzzle.height} cells`,
        },
      ],
      outputSchema: undefined,
    };
  }
  const content = variant === "alternative" ? alternativePrompt(parts) : defaultPrompt(parts);
  return { messages: [system, { role: "user", content }], outputSchema: undefined };
}
