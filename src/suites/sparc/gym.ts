import { z } from "zod";
import { clip } from "../../core/clip.ts";
import { EpisodeProgress } from "../../core/episode.ts";
import type { Environment, Observation, StepResult, SvgRendering } from "../../core/task.ts";
import type { ParseFailure, Verdict } from "../../core/verdict.ts";
import { boardOf } from "./board.ts";
import { DIRECTIONS, type Direction, readGymAction } from "./gym-action.ts";
import { IMAGE_LEGEND, SYMBOL_RULES } from "./prompt.ts";
import { isRuleCell, type Puzzle, puzzleArray } from "./puzzle.ts";
import type { Point, SparcRecord } from "./record.ts";
import { renderPuzzlePng, renderPuzzleSvg } from "./render.ts";
import { solveBoard } from "./solve.ts";
import { verifyPath } from "./verify.ts";

export interface GymOptions {
  /** Step budget; default 2 × the number of positions that are not rule cells. */
  maxSteps?: number;
  /** Allow stepping back onto the previous position to undo the last move (default false). */
  traceback?: boolean;
  /** Attach a PNG of the current state to every observation (default false). */
  vision?: boolean;
}

export { DIRECTIONS, type Direction };

const DELTA: Record<Direction, readonly [number, number]> = {
  right: [1, 0],
  up: [0, -1],
  left: [-1, 0],
  down: [0, 1],
};

/** A direction word, or its SPaRC-Gym number (0 right, 1 up, 2 left, 3 down), read as the word. */
export const directionSchema: z.ZodType<Direction> = z.union([
  z.enum(DIRECTIONS),
  z
    .number()
    .int()
    .min(0)
    .max(3)
    .transform((n) => DIRECTIONS[n] as Direction),
]);

/** The paper's rewards: a small signal per move, ±1 when the episode ends. */
export const REWARD = { onTrack: 0.01, offTrack: -0.01, solved: 1, failed: -1 } as const;

const fmt = (p: Point): string => `(${p.x}, ${p.y})`;
const same = (a: Point, b: Point | undefined): boolean => b !== undefined && a.x === b.x && a.y === b.y;

/** An action for an error message: short, and without calling anything on the value. */
function describe(action: unknown): string {
  if (typeof action === "string") return JSON.stringify(clip(action, 40));
  if (typeof action === "number" || typeof action === "boolean" || action == null) return String(action);
  return `a value of type ${typeof action}`;
}

/** The step budget the SPaRC CLI gives its gym episodes. */
export const OFFICIAL_MAX_STEPS = 100;

/** Caps for finding reference solutions when the record stores none (the gym's rewards use them). */
const REFERENCE_SEARCH = { maxSolutions: 1000, maxNodes: 200_000 } as const;

const REPLY_FORMAT =
  "Think step by step if you like, but end your reply with `Final: <action>`, where <action> is 0 (right), 1 (up), 2 (left) or 3 (down), or the direction word, e.g. `Final: right`.";

const RULES = [
  "RULES",
  "- The line runs from the start S to the end E, one step at a time to a neighbouring position (no diagonals, no jumps), and never visits a position twice.",
  "- It may only use positions with at least one even coordinate. Positions with both coordinates odd are cells: they hold the rule symbols (or 'N', empty) and the line never enters them.",
  "- The line splits the cells into regions: cells side by side belong to the same region unless the line runs between them.",
  ...SYMBOL_RULES,
].join("\n");

/**
 * The SPaRC gym: the agent draws the line one step at a time from S. The episode ends when the
 * head reaches E, when no move is left, or when the step budget runs out; the final line is then
 * judged by the same rule validator as a full answer.
 */
export class SparcGym implements Environment<Direction> {
  readonly actions = directionSchema;
  readonly maxSteps: number;
  readonly traceback: boolean;
  readonly vision: boolean;
  private readonly record: SparcRecord;
  private readonly puzzle: Puzzle;
  private readonly line: Point[];
  private solutions: Point[][] | undefined;
  private readonly episode = new EpisodeProgress();
  private finalVerdict: Verdict | undefined;

  constructor(record: SparcRecord, puzzle: Puzzle, opts: GymOptions = {}) {
    this.record = record;
    this.puzzle = puzzle;
    this.maxSteps = opts.maxSteps ?? OFFICIAL_MAX_STEPS;
    this.traceback = opts.traceback ?? false;
    this.vision = opts.vision ?? false;
    this.line = [{ x: puzzle.start.x, y: puzzle.start.y }];
  }

  get done(): boolean {
    return this.episode.done;
  }

  get success(): boolean {
    return this.episode.success;
  }

  get steps(): number {
    return this.episode.steps;
  }

  /** Moves in the shortest known solution (known solutions are sorted shortest first). */
  get optimalSteps(): number | undefined {
    const shortest = this.knownSolutions()[0];
    return shortest === undefined ? undefined : shortest.length - 1;
  }

  /** A copy of the line drawn so far, from S to the head. */
  path(): Point[] {
    return this.line.map((p) => ({ x: p.x, y: p.y }));
  }

  private get head(): Point {
    return this.line[this.line.length - 1] as Point;
  }

  private knownSolutions(): Point[][] {
    // Shortest first, so the reference policy takes an optimal route.
    this.solutions ??= (
      this.record.solutions.length > 0
        ? this.record.solutions.map((s) => s.path)
        : solveBoard(boardOf(this.puzzle), REFERENCE_SEARCH).solutions
    ).sort((a, b) => a.length - b.length);
    return this.solutions;
  }

  private target(dir: Direction): Point {
    const [dx, dy] = DELTA[dir];
    return { x: this.head.x + dx, y: this.head.y + dy };
  }

  private isUndo(to: Point): boolean {
    return this.traceback && same(to, this.line[this.line.length - 2]);
  }

  /** Why a move is illegal, or null when it is legal. */
  private refusal(dir: Direction): string | null {
    const to = this.target(dir);
    const { cols, rows } = this.puzzle;
    if (to.x < 0 || to.y < 0 || to.x >= cols || to.y >= rows) return "is outside the grid";
    if (isRuleCell(to.x, to.y)) return "is a rule cell";
    if (this.puzzle.gaps.some((g) => same(g, to))) return "is a gap";
    if (this.isUndo(to)) return null;
    if (this.line.some((p) => same(p, to))) {
      const back = same(to, this.line[this.line.length - 2]);
      return back ? "is already on the line (traceback is off)" : "is already on the line";
    }
    return null;
  }

  /** The next step of a known solution the line still follows; off every solution, an undo if allowed. */
  referenceAction(): Direction | undefined {
    if (this.episode.done) return undefined;
    const n = this.line.length;
    const next = this.knownSolutions().find(
      (s) => s.length > n && this.line.every((p, i) => same(p, s[i])),
    )?.[n];
    const goal = next ?? (this.traceback ? this.line[n - 2] : undefined);
    if (!goal) return this.legalActions()[0];
    return DIRECTIONS.find((d) => same(this.target(d), goal));
  }

  legalActions(): Direction[] {
    if (this.episode.done) return [];
    return DIRECTIONS.filter((d) => this.refusal(d) === null);
  }

  private legalText(): string {
    const legal = this.legalActions();
    return legal.length > 0 ? legal.map((d) => `${d} (${DIRECTIONS.indexOf(d)})`).join(", ") : "none";
  }

  private onKnownSolution(): boolean {
    const n = this.line.length;
    return this.knownSolutions().some((s) => s.length >= n && this.line.every((p, i) => same(p, s[i])));
  }

  step(action: unknown): StepResult {
    const over = this.episode.afterEnd(() => this.observe());
    if (over) return over;
    const steps = this.episode.count();
    let reward = 0;
    let error: string | undefined;
    // Only strings and numbers reach the schema: other values (proxies included) cannot make it throw.
    const parsed =
      typeof action === "string" || typeof action === "number" ? this.actions.safeParse(action) : undefined;
    if (!parsed?.success) {
      error = `invalid action: ${describe(action)} is not one of right, up, left, down or 0-3; legal actions: ${this.legalText()}`;
    } else {
      const dir = parsed.data;
      const to = this.target(dir);
      const why = this.refusal(dir);
      if (why !== null) {
        error = `invalid action: ${dir} from ${fmt(this.head)} goes to ${fmt(to)}, which ${why}; legal actions: ${this.legalText()}`;
      } else if (this.isUndo(to)) {
        this.line.pop();
      } else {
        this.line.push(to);
        reward = this.onKnownSolution() ? REWARD.onTrack : REWARD.offTrack;
      }
    }

    const info: Record<string, unknown> = { head: { ...this.head }, moves: this.line.length - 1 };
    const ended =
      same(this.head, this.puzzle.end) || this.legalActions().length === 0 || steps >= this.maxSteps;
    if (ended) {
      const verdict = verifyPath(boardOf(this.puzzle), this.line);
      this.finalVerdict = verdict;
      this.episode.end(verdict.passed);
      reward = verdict.passed ? REWARD.solved : REWARD.failed;
      if (verdict.failure) info.failure = verdict.failure.message;
    }
    const observation = this.observe();
    if (error !== undefined) observation.text = `${error}\n\n${observation.text}`;
    return { observation, reward, done: this.episode.done, success: this.episode.success, error, info };
  }

  /** What the official gym sends each step (step, position, legal actions, state), in Plumb's words. */
  observe(): Observation {
    const lines = [
      `Step ${this.episode.steps + 1}. Steps used: ${this.episode.steps}/${this.maxSteps}`,
      `${this.vision ? "Head of the line" : "Head L"} at ${fmt(this.head)}; end E at ${fmt(this.puzzle.end)}.`,
      `Legal actions: ${this.legalText()}`,
    ];
    if (this.vision) {
      lines.push(
        "The attached image shows the puzzle with your line so far (orange); its head is where the line stops.",
      );
    } else {
      const grid = puzzleArray(this.puzzle);
      this.line.forEach((p, i) => {
        (grid[p.y] as string[])[p.x] = i === this.line.length - 1 ? "L" : "V";
      });
      lines.push(
        `Grid, one JSON array per row from y = 0 (top) to y = ${this.puzzle.rows - 1}; entry k of a row has x = k. V marks your line, L its head.`,
        ...grid.map((row) => JSON.stringify(row)),
      );
    }
    if (this.episode.done) lines.push(`Episode over: ${this.episode.success ? "solved" : "not solved"}.`);
    else lines.push(REPLY_FORMAT);
    const observation: Observation = { text: lines.join("\n") };
    if (this.vision) {
      observation.images = [
        {
          mediaType: "image/png",
          data: renderPuzzlePng(this.puzzle, this.line),
          alt: `SPaRC puzzle ${this.record.id} with the line drawn so far (${this.line.length - 1} moves)`,
        },
      ];
    }
    return observation;
  }

  instructions(): string {
    const p = this.puzzle;
    const out = [
      'You are drawing the line of a path puzzle in the style of the video game "The Witness", one step at a time.',
      "",
      "GRID AND POSITIONS",
      `The puzzle is ${p.width} cells wide and ${p.height} cells tall, so the grid of positions has ${p.cols} columns and ${p.rows} rows. A position is (x, y) with (0, 0) at the top-left, x growing to the right and y growing downwards. Both coordinates even: an intersection; exactly one odd: a line segment; both odd: a cell.`,
      `Start S: ${fmt(p.start)}. End E: ${fmt(p.end)}.`,
      ...(this.vision
        ? [
            "",
            "THE IMAGE",
            ...IMAGE_LEGEND,
            "- Your line so far: an orange line over the grid lines from the start; its head is where it stops.",
          ]
        : [
            "Grid tokens: S start, E end, + a free position, N an empty cell, G gap, . dot, o-X square, *-X star, A-X/B-X/C-X/D-X triangle, P-X-id poly of shape id, Y-X-id ylop of shape id; X is a colour code. V marks a position your line has visited, L its head (where it is now).",
          ]),
      "",
      RULES,
    ];
    const shapes = [...p.shapes.entries()];
    if (shapes.length > 0) {
      out.push(
        "",
        "SHAPES",
        "Each shape is a 4×4 array written row by row, top row first; entry k of a row is column k and 1 marks a square of the shape.",
      );
      for (const [id, cells] of shapes) {
        const rows = [0, 1, 2, 3].map((y) =>
          [0, 1, 2, 3].map((x) => (cells.some((c) => c.x === x && c.y === y) ? 1 : 0)),
        );
        out.push(`Shape ${id}:`, ...rows.map((r) => JSON.stringify(r)));
      }
    }
    out.push(
      "",
      "ACTIONS",
      "Your line starts as just S. Each turn you extend it by one step: right (x+1), up (y-1), left (x-1) or down (y+1); the digits 0, 1, 2, 3 mean right, up, left, down.",
      "A move is refused, but still uses a step, when it leaves the grid, enters a cell, hits a gap or returns to a position already on the line.",
      this.traceback
        ? "Traceback is on: moving back onto the previous position of the line undoes your last step."
        : "Traceback is off: a step can never be undone.",
      `The episode ends when the line reaches E, when no legal move is left, or after ${this.maxSteps} steps. Then the whole line is checked against every rule.`,
      this.vision
        ? "Each turn you get the step number, the position of the head, the legal actions (word and digit) and an image of the puzzle with your line so far."
        : "Each turn you get the step number, the position of the head, the legal actions (word and digit) and the grid with your line marked V and its head L.",
      "",
      "REWARDS",
      `Each legal move that keeps the line on a known solution earns ${REWARD.onTrack}, any other move ${REWARD.offTrack}; an undo or a refused move earns 0. The final step earns ${REWARD.solved} if the finished line solves the puzzle and ${REWARD.failed} otherwise.`,
      "",
      "REPLY FORMAT",
      REPLY_FORMAT,
    );
    return out.join("\n");
  }

  /** The task's picture of the puzzle with the line drawn so far. */
  render(): SvgRendering {
    return renderPuzzleSvg(this.puzzle, this.line, {
      title: `SPaRC ${this.record.id} · step ${this.episode.steps}`,
    });
  }

  /** The line drawn so far: the episode's answer. */
  answer(): Point[] {
    return this.path();
  }

  /** The validator's verdict on the line (the one the episode ended with, once done). */
  verdict(): Verdict {
    return this.finalVerdict ?? verifyPath(boardOf(this.puzzle), this.line);
  }

  /** Reads the action as the SPaRC CLI's gym does (see readGymAction). */
  parseAction(text: string): Direction | ParseFailure {
    return readGymAction(text);
  }
}
