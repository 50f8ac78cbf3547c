import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { type Cell, cellKey, isAchiral, SYMMETRIES, transform, translate } from "../../../geometry/voxels.ts";
import { stepBudget } from "../common/budget.ts";
import { StackingEnv } from "./env.ts";
import { cagePuzzle, clearLine, handPuzzle, LINES, packedPuzzle, SCREW } from "./fixture.ts";
import { generateStacking } from "./generate.ts";
import { isSupported } from "./rules.ts";
import { type InsertionRule, type StackingAction, stackingParams } from "./schema.ts";

const place = (piece: string, cells: Cell[]): StackingAction => ({ action: "place", piece, cells });
const GREEN: Cell[] = [
  [0, 1, 0],
  [0, 0, 1],
  [1, 0, 1],
  [0, 1, 1],
];
const TOP: Cell[] = [
  [0, 0, 2],
  [1, 0, 2],
  [0, 1, 2],
  [1, 1, 2],
];

/** The refusal code of one action after the given accepted ones. */
function codeAfter(
  setup: StackingAction[],
  action: unknown,
  insertion: InsertionRule = "down",
): string | undefined {
  const env = new StackingEnv(handPuzzle(insertion));
  for (const a of setup) expect(env.step(a).error).toBeUndefined();
  const r = env.step(action);
  return r.info?.code as string | undefined;
}

describe("place: every refusal, in the documented order", () => {
  it("refuses an unknown piece before anything else", () => {
    expect(codeAfter([], place("purple", [[0, 0, 0]]))).toBe("unknown_piece");
  });

  it("refuses a piece already in the box before checking its cells", () => {
    expect(codeAfter([place("red", SCREW)], place("red", [[0, 0, 0]]))).toBe("already_placed");
  });

  it("refuses a wrong number of cells", () => {
    expect(codeAfter([], place("red", SCREW.slice(0, 3)))).toBe("wrong_cell_count");
    expect(codeAfter([], place("red", []))).toBe("wrong_cell_count");
  });

  it("refuses a mirror image, a repeated cell and a cell one step off as shape mismatches", () => {
    expect(isAchiral(SCREW)).toBe(false);
    const mirrored = translate(transform(SCREW, SYMMETRIES[24] as readonly number[]), [1, 0, 0]);
    expect(mirrored.every((c) => c.every((v) => v >= 0 && v <= 1))).toBe(true);
    expect(codeAfter([], place("red", mirrored))).toBe("shape_mismatch");
    expect(
      codeAfter(
        [],
        place("red", [
          [0, 0, 0],
          [0, 0, 0],
          [1, 1, 0],
          [1, 1, 1],
        ]),
      ),
    ).toBe("shape_mismatch");
    const offByOne: Cell[] = [
      [0, 0, 0],
      [1, 0, 0],
      [1, 1, 0],
      [1, 1, 2],
    ];
    expect(codeAfter([], place("red", offByOne))).toBe("shape_mismatch");
  });

  it("accepts any of the 24 rotations, written in any order", () => {
    const env = new StackingEnv(handPuzzle());
    const turned: Cell[] = [
      [1, 1, 1],
      [1, 1, 0],
      [1, 0, 0],
      [0, 0, 0],
    ];
    expect(env.step(place("RED", turned)).error).toBeUndefined();
  });

  it("refuses a right shape that pokes out of the box (a whole-piece shift one cell off)", () => {
    expect(codeAfter([], place("red", translate(SCREW, [1, 0, 0])))).toBe("out_of_bounds");
    expect(codeAfter([], place("red", translate(SCREW, [0, 0, -1])))).toBe("out_of_bounds");
  });

  it("refuses an overlap of one cell and names the piece hit", () => {
    const env = new StackingEnv(handPuzzle());
    env.step(place("red", SCREW));
    const overlap: Cell[] = [
      [0, 0, 1],
      [1, 0, 1],
      [0, 1, 1],
      [1, 1, 1],
    ];
    const r = env.step(place("yellow", overlap));
    expect(r.info?.code).toBe("collision");
    expect(r.error).toContain("red");
  });

  it("refuses a piece hanging in the air", () => {
    expect(codeAfter([], place("yellow", TOP))).toBe("floating");
    // Resting on green's top cells is fine.
    expect(codeAfter([place("green", GREEN)], place("yellow", TOP))).toBeUndefined();
  });

  it("checks shape before bounds, and bounds before collision", () => {
    const setup = [place("red", SCREW)];
    const mirroredOutside: Cell[] = [
      [2, 0, 0],
      [1, 0, 0],
      [1, 1, 0],
      [1, 1, 1],
    ];
    expect(codeAfter([], place("red", mirroredOutside))).toBe("shape_mismatch");
    const outAndHit: Cell[] = [
      [1, 1, 1],
      [2, 1, 1],
      [1, 2, 1],
      [2, 2, 1],
    ];
    expect(codeAfter(setup, place("yellow", outAndHit))).toBe("out_of_bounds");
  });
});

describe("pickup, state, finish and the step budget", () => {
  it("refuses an unknown piece, a piece not placed, and a pickup that leaves another piece floating", () => {
    expect(codeAfter([], { action: "pickup", piece: "purple" })).toBe("unknown_piece");
    expect(codeAfter([], { action: "pickup", piece: "red" })).toBe("not_placed");
    const stacked = [place("green", GREEN), place("yellow", TOP)];
    // Under "down" green cannot even be lifted past yellow; under "axis" it slides out sideways.
    expect(codeAfter(stacked, { action: "pickup", piece: "green" }, "axis")).toBe("would_leave_floating");
    expect(codeAfter(stacked, { action: "pickup", piece: "yellow" })).toBeUndefined();
  });

  it("state() changes nothing but counts as a step; finish() ends without success", () => {
    const env = new StackingEnv(handPuzzle());
    const before = env.observe().text;
    const r = env.step({ action: "state" });
    expect(r.error).toBeUndefined();
    expect(env.steps).toBe(1);
    expect(r.observation.text.replace(/Last action.*\n/, "").replace(/Steps used: \d+/, "")).toBe(
      before.replace(/Steps used: \d+/, ""),
    );
    const f = env.step({ action: "finish" });
    expect(f).toMatchObject({ done: true, success: false, reward: 0 });
    expect(env.step({ action: "state" }).error).toMatch(/^episode_over/);
    expect(env.steps).toBe(2);
  });

  it("refuses a malformed action as invalid_action and still counts the step", () => {
    const env = new StackingEnv(handPuzzle());
    const r = env.step({ action: "place", piece: "red" });
    expect(r.info?.code).toBe("invalid_action");
    expect(env.steps).toBe(1);
  });

  it("ends at the step budget (default stepBudget(pieces)), refused actions included", () => {
    const env = new StackingEnv(handPuzzle());
    expect(env.maxSteps).toBe(stepBudget(3));
    const short = new StackingEnv(handPuzzle(), { maxSteps: 2 });
    short.step(place("purple", SCREW));
    expect(short.done).toBe(false);
    short.step({ action: "state" });
    expect(short.done).toBe(true);
    expect(short.success).toBe(false);
  });

  it("succeeds with reward 1 on the step that fills the box, in optimalSteps", () => {
    const env = new StackingEnv(handPuzzle());
    env.step(place("red", SCREW));
    env.step(place("green", GREEN));
    const r = env.step(place("yellow", TOP));
    expect(r).toMatchObject({ done: true, success: true, reward: 1 });
    expect(env.steps).toBe(env.optimalSteps);
  });
});

describe("reading actions", () => {
  const env = new StackingEnv(handPuzzle());
  it("reads the call form and the JSON form after Final:", () => {
    expect(env.parseAction("I'll start.\nFinal: place(red, [[0,0,0],[1,0,0],[1,1,0],[1,1,1]])")).toEqual(
      place("red", SCREW),
    );
    expect(env.parseAction('Final: {"action": "pickup", "piece": "green"}')).toEqual({
      action: "pickup",
      piece: "green",
    });
    expect(env.parseAction("Final: state()")).toEqual({ action: "state" });
  });

  it("fails to parse non-integer cells and unknown actions, naming the problem", () => {
    for (const bad of ["Final: place(red, [[0.5,0,0]])", "Final: rotate(red)"]) {
      const r = env.parseAction(bad);
      expect(isParseFailure(r), bad).toBe(true);
    }
  });

  it("ignores fields an action does not use, as every task ignores unused keys", () => {
    expect(env.parseAction('Final: {"action":"state","reasoning":"look first"}')).toEqual({
      action: "state",
    });
  });

  it("knows no piece by a prototype's name", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(codeAfter([], place(name, SCREW))).toBe("unknown_piece");
      expect(codeAfter([], { action: "pickup", piece: name })).toBe("unknown_piece");
    }
  });
});

describe("observations", () => {
  it("give the box, placed and unplaced pieces with cells, the layers and the last result", () => {
    const env = new StackingEnv(handPuzzle());
    const r = env.step(place("red", translate(SCREW, [1, 0, 0])));
    const text = r.observation.text;
    expect(text).toContain("Box 2×2×3");
    expect(text).toContain("Filled 0/12 cells.");
    expect(text).toContain("refused (out_of_bounds)");
    env.step(place("red", SCREW));
    const next = env.observe().text;
    expect(next).toContain("- red: [[0,0,0],[1,0,0],[1,1,0],[1,1,1]]");
    expect(next).toContain("- green (4 cells):");
    expect(next).toContain("y=0: red    red");
    expect(next).toContain("Steps used: 2/");
    expect(env.instructions()).toMatch(/would_leave_floating/);
  });

  it("attach multi-view PNGs only with vision on", () => {
    expect(new StackingEnv(handPuzzle()).observe().images).toBeUndefined();
    const images = new StackingEnv(handPuzzle(), { vision: true }).observe().images ?? [];
    expect(images).toHaveLength(1);
    expect(images[0]?.mediaType).toBe("image/png");
  });
});

describe("legal and reference actions", () => {
  it("lists only accepted actions: supported placements and allowed pickups", () => {
    const env = new StackingEnv(handPuzzle());
    env.step(place("green", GREEN));
    env.step(place("yellow", TOP));
    const legal = env.legalActions();
    expect(legal).toContainEqual({ action: "pickup", piece: "yellow" });
    expect(legal).not.toContainEqual({ action: "pickup", piece: "green" });
    for (const a of legal) {
      const probe = new StackingEnv(handPuzzle());
      probe.step(place("green", GREEN));
      probe.step(place("yellow", TOP));
      expect(probe.step(a).error, JSON.stringify(a)).toBeUndefined();
    }
  });

  it("recovers from a misplaced piece and still finishes", () => {
    const env = new StackingEnv(handPuzzle());
    env.step(
      place("yellow", [
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
        [1, 1, 0],
      ]),
    );
    expect(env.referenceAction()).toEqual({ action: "pickup", piece: "yellow" });
    for (let i = 0; i < 10 && !env.done; i++) env.step(env.referenceAction());
    expect(env.success).toBe(true);
    expect(env.steps).toBe(1 + 1 + 3);
  });

  it("random legal play keeps the box consistent: disjoint, in bounds, every piece supported", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 20 }), (picks) => {
        const env = new StackingEnv(handPuzzle());
        for (const p of picks) {
          if (env.done) break;
          const legal = env.legalActions();
          expect(env.step(legal[p % legal.length]).error).toBeUndefined();
        }
        const placed = env.board.placedPieces();
        const all = placed.flatMap((p) => p.cells.map(cellKey));
        expect(new Set(all).size).toBe(all.length);
        expect(env.board.filled).toBe(all.length);
        for (const { index, cells } of placed) {
          const others = new Set(
            placed.filter((q) => q.index !== index).flatMap((q) => q.cells.map(cellKey)),
          );
          expect(isSupported(cells, others)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("paths in and out of the box (the insertion rule)", () => {
  it("random legal play moves pieces along clear straight lines, and the oracle recovers from any of it", () => {
    for (const insertion of ["down", "axis"] as const) {
      const params = stackingParams.parse({ size: [3, 3, 3], mode: "hard", insertion });
      const data = generateStacking(params, new Rng(`paths/${insertion}`));
      const lines = LINES[insertion];
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 5, maxLength: 25 }), (picks) => {
          const env = new StackingEnv(data, { maxSteps: 1000 });
          for (const p of picks) {
            if (env.done) break;
            const legal = env.legalActions();
            const action = legal[p % legal.length] as StackingAction;
            const placed = env.board.placedPieces();
            const own = action.action === "pickup" ? env.board.indexOf(action.piece) : -1;
            const cells = action.action === "place" ? action.cells : (env.board.cellsOf(own) ?? []);
            const others = new Set(
              placed.filter((q) => q.index !== own).flatMap((q) => q.cells.map(cellKey)),
            );
            if (action.action === "place" || action.action === "pickup") {
              expect(lines.some((d) => clearLine(cells, d, others, data.box))).toBe(true);
            }
            expect(env.step(action).error).toBeUndefined();
          }
          // Each piece in the box comes out at most once, and each piece goes in once.
          const bound = env.steps + env.board.placedPieces().length + data.pieces.length;
          while (!env.done) expect(env.step(env.referenceAction()).error).toBeUndefined();
          expect(env.success).toBe(true);
          expect(env.steps).toBeLessThanOrEqual(bound);
        }),
        { numRuns: 15 },
      );
    }
  });

  const down = (setup: StackingAction[], action: StackingAction) => {
    const env = new StackingEnv(handPuzzle("down"));
    for (const a of setup) expect(env.step(a).error).toBeUndefined();
    return env.step(action);
  };

  it("refuses a free, supported placement under a placed piece (down), naming it; axis takes a side path", () => {
    // Red's cells are free and on the floor, but green lies above two of them.
    const r = down([place("green", GREEN)], place("red", SCREW));
    expect(r.info?.code).toBe("blocked");
    expect(r.error).toBe(
      "blocked: red cannot be lowered straight down into these cells: green is in the way above them",
    );
    // Every line but the one from the +x side crosses green; red slides in travelling -x.
    expect(codeAfter([place("green", GREEN)], place("red", SCREW), "axis")).toBeUndefined();
  });

  it("refuses to pick up a piece under another (down); axis slides it out sideways when nothing is left floating", () => {
    const both = [place("red", SCREW), place("green", GREEN)];
    const r = down(both, { action: "pickup", piece: "red" });
    expect(r.info?.code).toBe("blocked");
    expect(r.error).toBe(
      "blocked: red cannot be lifted straight up out of the box: green is in the way above it",
    );
    // Green keeps its floor cell, and red leaves travelling +x.
    expect(codeAfter(both, { action: "pickup", piece: "red" }, "axis")).toBeUndefined();
  });

  it("refuses, under either rule, a piece every straight line to which is blocked, naming the pieces line by line", () => {
    const walls = [
      place("blue", cagePuzzle("axis").solution[0] as Cell[]),
      place("green", cagePuzzle("axis").solution[1] as Cell[]),
      place("yellow", cagePuzzle("axis").solution[3] as Cell[]),
    ];
    for (const rule of ["down", "axis"] as const) {
      const env = new StackingEnv(cagePuzzle(rule));
      for (const a of walls) expect(env.step(a).error, `${rule} ${a.action}`).toBeUndefined();
      const r = env.step(place("red", [[1, 1, 1]]));
      expect(r.info?.code, rule).toBe("blocked");
      expect(env.legalActions().filter((a) => a.action === "place")).toEqual([]);
      if (rule === "axis") {
        expect(r.error).toBe(
          "blocked: red has no straight path into these cells from outside the box (travelling -z: yellow; travelling +x: green; travelling -x: green; travelling +y: green; travelling -y: green; travelling +z: blue)",
        );
      }
    }
  });

  it("refuses a pickup that leaves two pieces resting only on each other (axis slides the floor out)", () => {
    // Green rests on yellow at [0,0] and yellow on green at [1,1]; both stand on blue.
    const green: Cell[] = [
      [0, 0, 2],
      [0, 1, 2],
      [0, 1, 1],
      [1, 1, 1],
    ];
    const yellow: Cell[] = [
      [0, 0, 1],
      [1, 0, 1],
      [1, 0, 2],
      [1, 1, 2],
    ];
    const floor: Cell[] = [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
      [1, 1, 0],
    ];
    const top = floor.map(([x, y]) => [x, y, 3] as Cell);
    const env = new StackingEnv(
      packedPuzzle([2, 2, 4], [floor, green, yellow, top], ["blue", "green", "yellow", "red"], "axis"),
    );
    for (const [piece, cells] of [
      ["blue", floor],
      ["green", green],
      ["yellow", yellow],
    ] as const)
      expect(env.step(place(piece, cells)).error).toBeUndefined();
    const r = env.step({ action: "pickup", piece: "blue" });
    expect(r.error).toBe("would_leave_floating: picking up blue would leave green, yellow floating");
  });

  it("lists no blocked move as legal", () => {
    const env = new StackingEnv(handPuzzle("down"));
    env.step(place("green", GREEN));
    const legal = env.legalActions();
    expect(legal).not.toContainEqual(place("red", SCREW));
    expect(legal.length).toBeGreaterThan(1);
    for (const a of legal) {
      const probe = new StackingEnv(handPuzzle("down"));
      probe.step(place("green", GREEN));
      expect(probe.step(a).error, JSON.stringify(a)).toBeUndefined();
    }
  });

  it("the oracle recovers from an out-of-order placement by picking up the piece in the way", () => {
    const env = new StackingEnv(handPuzzle("down"));
    env.step(place("green", GREEN));
    expect(env.referenceAction()).toEqual({ action: "pickup", piece: "green" });
    while (!env.done) expect(env.step(env.referenceAction()).error).toBeUndefined();
    expect([env.success, env.steps]).toEqual([true, 1 + 1 + 3]);
    // Under "axis" the same state needs no pickup: red slides in from the side.
    const axis = new StackingEnv(handPuzzle("axis"));
    axis.step(place("green", GREEN));
    while (!axis.done) expect(axis.step(axis.referenceAction()).error).toBeUndefined();
    expect([axis.success, axis.steps]).toEqual([true, 3]);
  });

  it("the oracle digs a misplaced piece out from under a placed one, lifting the top one first", () => {
    // Red off its slot, with yellow in its slot on top of it.
    const env = new StackingEnv(handPuzzle("down"));
    const redLow: Cell[] = [
      [0, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
      [1, 1, 0],
    ];
    expect(env.step(place("red", redLow)).error).toBeUndefined();
    expect(env.step(place("yellow", TOP)).error).toBeUndefined();
    expect(env.board.pickupRefusal("red")?.code).toBe("blocked");
    expect(env.referenceAction()).toEqual({ action: "pickup", piece: "yellow" });
    while (!env.done) expect(env.step(env.referenceAction()).error).toBeUndefined();
    expect([env.success, env.steps]).toEqual([true, 2 + 2 + 3]);
  });
});
