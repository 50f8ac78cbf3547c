import { describe, expect, it } from "vitest";
import { sparcRecords } from "../../../test/support/sparc.ts";
import { isParseFailure } from "../../core/verdict.ts";
import { boardOf } from "./board.ts";
import { DIRECTIONS, type Direction, SparcGym } from "./gym.ts";
import { isRuleCell, type Puzzle, puzzleFromRecord } from "./puzzle.ts";
import type { Point, SparcRecord } from "./record.ts";
import { verifyPath } from "./verify.ts";

const records: SparcRecord[] = sparcRecords();

const byId = (prefix: string): SparcRecord => {
  const r = records.find((x) => x.id.startsWith(prefix));
  if (!r) throw new Error(`no fixture ${prefix}`);
  return r;
};

/**
 * 2×2 puzzle, one solution; S (0,1), E (0,3):
 *   + . + + +
 *   S N + P +
 *   + + + G +
 *   E N + N .
 *   + + + + +
 */
const small = byId("934d9932");
const gym = (opts = {}, record = small) => new SparcGym(record, puzzleFromRecord(record), opts);

function movesOf(path: readonly Point[]): Direction[] {
  return path.slice(1).map((p, i) => {
    const q = path[i] as Point;
    if (p.x === q.x + 1) return "right";
    if (p.x === q.x - 1) return "left";
    return p.y === q.y - 1 ? "up" : "down";
  });
}

/** First simple line from S (depth first, gym move order) whose end satisfies `accept`. */
function findLine(puzzle: Puzzle, accept: (line: Point[]) => boolean): Point[] | undefined {
  const line: Point[] = [puzzle.start];
  const free = (p: Point) =>
    p.x >= 0 &&
    p.y >= 0 &&
    p.x < puzzle.cols &&
    p.y < puzzle.rows &&
    !isRuleCell(p.x, p.y) &&
    !puzzle.gaps.some((g) => g.x === p.x && g.y === p.y) &&
    !line.some((q) => q.x === p.x && q.y === p.y);
  const next = (h: Point): Point[] =>
    [
      { x: h.x + 1, y: h.y },
      { x: h.x, y: h.y - 1 },
      { x: h.x - 1, y: h.y },
      { x: h.x, y: h.y + 1 },
    ].filter(free);
  const dfs = (): boolean => {
    if (accept(line)) return true;
    const h = line[line.length - 1] as Point;
    if (h.x === puzzle.end.x && h.y === puzzle.end.y) return false;
    for (const n of next(h)) {
      line.push(n);
      if (dfs()) return true;
      line.pop();
    }
    return false;
  };
  return dfs() ? [...line] : undefined;
}

describe("SparcGym", () => {
  it("replays every stored solution with +0.01 per move and +1 at the end", () => {
    for (const record of records) {
      for (const sol of record.solutions.slice(0, 3)) {
        const g = gym({}, record);
        const moves = movesOf(sol.path);
        moves.forEach((m, i) => {
          const r = g.step(m);
          expect(r.error).toBeUndefined();
          if (i < moves.length - 1) {
            expect(r.reward).toBe(0.01);
            expect(r.done).toBe(false);
          } else {
            expect(r).toMatchObject({ reward: 1, done: true, success: true });
          }
        });
        expect(g.steps).toBe(moves.length);
        expect(g.path()).toEqual(sol.path);
        expect(g.optimalSteps).toBe(Math.min(...record.solutions.map((s) => s.path.length - 1)));
      }
    }
  });

  it("gives -0.01 for a move off every known solution", () => {
    const g = gym();
    expect(g.legalActions()).toEqual(["up", "down"]);
    const r = g.step("down");
    expect(r).toMatchObject({ reward: -0.01, done: false, success: false });
    expect(r.error).toBeUndefined();
  });

  it("falls back to the solver for the prefix reward when the record has no solutions", () => {
    const bare = { ...small, solutions: [] };
    const g = gym({}, bare);
    const moves = movesOf((small.solutions[0] as { path: Point[] }).path);
    expect(g.optimalSteps).toBe(moves.length);
    const rewards = moves.map((m) => g.step(m).reward);
    expect(rewards.slice(0, -1).every((r) => r === 0.01)).toBe(true);
    expect(rewards.at(-1)).toBe(1);
  });

  it("refuses moves out of the grid, into a rule cell or onto the line, without moving", () => {
    const g = gym();
    for (const [action, why] of [
      ["left", "outside the grid"],
      ["right", "rule cell"],
    ] as const) {
      const r = g.step(action);
      expect(r.reward).toBe(0);
      expect(r.done).toBe(false);
      expect(r.error).toContain("invalid action");
      expect(r.error).toContain(why);
      expect(r.error).toContain("legal actions: up (1), down (3)");
      expect(r.observation.text).toContain(r.error);
      expect(g.path()).toEqual([{ x: 0, y: 1 }]);
    }
    // Around the top-left cell back to S, which is on the line but not the previous position.
    for (const m of ["up", "right", "right", "down", "down", "left", "left"] as const) {
      expect(g.step(m).error).toBeUndefined();
    }
    const before = g.path();
    const r = g.step("up");
    expect(r.error).toMatch(/already on the line/);
    expect(g.path()).toEqual(before);
    expect(g.steps).toBe(10);
  });

  it("counts an unparseable action as a step", () => {
    const g = gym();
    for (const bad of ["north", 4, -1, 1.5, null, { dir: "up" }]) {
      const r = g.step(bad);
      expect(r.error).toMatch(/^invalid action: .* legal actions: up \(1\), down \(3\)$/);
      expect(r.reward).toBe(0);
    }
    expect(g.steps).toBe(6);
    expect(g.path()).toEqual([{ x: 0, y: 1 }]);
  });

  it("maps integer actions 0 right, 1 up, 2 left, 3 down", () => {
    const g = gym();
    expect([0, 1, 2, 3].map((n) => g.actions.parse(n))).toEqual(["right", "up", "left", "down"]);
    expect(g.actions.parse("left")).toBe("left");
    g.step(1);
    expect(g.path().at(-1)).toEqual({ x: 0, y: 0 });
    g.step(0);
    expect(g.path().at(-1)).toEqual({ x: 1, y: 0 });
    expect(g.step(3).error).toContain("rule cell");
    expect(g.step(2).error).toContain("already on the line (traceback is off)");
    expect(g.path()).toHaveLength(3);
  });

  it("undoes the last move with traceback on", () => {
    const off = gym();
    off.step("up");
    const refused = off.step("down");
    expect(refused.error).toContain("traceback is off");
    expect(off.path()).toHaveLength(2);

    const on = gym({ traceback: true });
    on.step("up");
    on.step("right");
    expect(on.legalActions()).toEqual(["right", "left"]);
    const r = on.step("left");
    expect(r).toMatchObject({ reward: 0, done: false });
    expect(r.error).toBeUndefined();
    expect(on.path()).toEqual([
      { x: 0, y: 1 },
      { x: 0, y: 0 },
    ]);
    expect(on.steps).toBe(3);
    expect(on.instructions()).toContain("Traceback is on");
    expect(off.instructions()).toContain("Traceback is off");
  });

  it("ends with -1 when the line is stuck", () => {
    const stuck = ["down", "right", "right", "up", "up", "left", "left"] as const;
    const g = gym();
    stuck.forEach((m, i) => {
      const r = g.step(m);
      if (i < stuck.length - 1) expect(r.done).toBe(false);
      else expect(r).toMatchObject({ reward: -1, done: true, success: false });
    });
    expect(g.legalActions()).toEqual([]);
    expect(g.step("up")).toMatchObject({ reward: 0, done: true, error: "the episode is over" });
    expect(g.steps).toBe(stuck.length);

    // With traceback the same position still has an undo, so the episode goes on.
    const t = gym({ traceback: true });
    for (const m of stuck) t.step(m);
    expect(t.done).toBe(false);
    expect(t.legalActions()).toEqual(["right"]);
  });

  it("ends with -1 at maxSteps, refused actions included", () => {
    const g = gym({ maxSteps: 3 });
    expect(g.step("up").reward).toBe(0.01);
    expect(g.step("left").done).toBe(false);
    const r = g.step("right");
    expect(r).toMatchObject({ reward: -1, done: true, success: false });
    expect(r.observation.text).toContain("Steps used: 3/3");
  });

  it("defaults maxSteps to the SPaRC CLI's 100", () => {
    expect(gym().maxSteps).toBe(100);
  });

  it("ends with -1 when the line reaches E but breaks a rule", () => {
    for (const record of [small, byId("efb560f2"), byId("70493192"), byId("e836ae53")]) {
      const puzzle = puzzleFromRecord(record);
      const board = boardOf(puzzle);
      const line = findLine(puzzle, (l) => {
        const h = l[l.length - 1] as Point;
        return h.x === puzzle.end.x && h.y === puzzle.end.y && !verifyPath(board, l).passed;
      });
      if (!line) throw new Error(`no failing line for ${record.id}`);
      const g = new SparcGym(record, puzzle);
      const results = movesOf(line).map((m) => g.step(m));
      expect(results.every((r) => r.error === undefined)).toBe(true);
      expect(results.slice(0, -1).every((r) => !r.done && Math.abs(r.reward) === 0.01)).toBe(true);
      const last = results.at(-1);
      expect(last).toMatchObject({ reward: -1, done: true, success: false });
      expect(last?.info?.failure).toEqual(expect.any(String));
      expect(g.answer()).toEqual(line);
      expect(g.verdict()).toMatchObject({ passed: false, failure: { message: last?.info?.failure } });
    }
  });

  it("marks the line V and the head L in the observation", () => {
    const g = gym();
    let text = g.observe().text;
    expect(text).toContain('["L","N","+","P-O-784","+"]');
    expect(text).toContain("Legal actions: up (1), down (3)");
    expect(text).toContain("Step 1. Steps used: 0/100");
    expect(text).toContain("Final: <action>");
    g.step("up");
    g.step("right");
    text = g.step("right").observation.text;
    expect(text).toContain('["V","V","L","+","+"]');
    expect(text).toContain('["V","N","+","P-O-784","+"]');
    expect(text).toContain('["E","N","+","N","."]');
    expect(text).toContain("Head L at (2, 0)");
    expect(text).toContain("Step 4. Steps used: 3/100");
    expect(g.observe().images).toBeUndefined();
    const done = gym();
    for (const m of movesOf(small.solutions[0]?.path ?? [])) done.step(m);
    expect(done.observe().text).toContain("Episode over: solved.");
    expect(done.observe().text).not.toContain("Final: <action>");
  });

  it("attaches a PNG of the current state with vision on, says so, and sends no token grid", () => {
    const g = gym({ vision: true });
    const obs = g.step("up").observation;
    const image = obs.images?.[0];
    expect(image?.mediaType).toBe("image/png");
    expect([...(image?.data.slice(0, 4) ?? [])]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(obs.text).toContain("attached image");
    expect(obs.text).toContain("Step 2. Steps used: 1/100");
    expect(obs.text).toContain("Head of the line at (0, 0)");
    expect(obs.text).toContain("Legal actions: right (0)");
    expect(obs.text).not.toContain('["');
    const text = g.instructions();
    expect(text).toContain("THE IMAGE");
    expect(text).toContain("orange line");
    expect(text).toContain("Shape 784:");
    expect(text).not.toContain("Grid tokens");
    expect(gym().instructions()).not.toContain("THE IMAGE");
  });

  it("reads actions as the SPaRC CLI does", () => {
    const g = gym();
    expect(g.parseAction("I will go up.\nFinal: up")).toBe("up");
    expect(g.parseAction("thinking...\n2\n\n")).toBe("left");
    expect(g.parseAction("LEFT")).toBe("left");
    expect(g.parseAction("**Final:** Down")).toBe("down");
    expect(g.parseAction("final: 0")).toBe("right");
    expect(g.parseAction("Final: up\nmaybe not")).toBe("up");
    expect(g.parseAction("Final: up left")).toBe("up");
    for (const bad of ["", "Final: north", "7", "Final: upward"]) {
      const out = g.parseAction(bad);
      expect(isParseFailure(out)).toBe(true);
    }
    expect(DIRECTIONS).toEqual(["right", "up", "left", "down"]);
  });

  it("explains rules, actions, the reply format and rewards", () => {
    const text = gym().instructions();
    for (const s of [
      "V marks",
      "L its head",
      "step number",
      "legal actions (word and digit)",
      "0 (right), 1 (up), 2 (left) or 3 (down)",
      "R red",
      "Gap 'G'",
      "Star",
      "Triangle",
      "never rotated",
      "Ylop",
      "Final: <action>",
      "Shape 784:",
      "0.01",
    ]) {
      expect(text).toContain(s);
    }
  });
});

describe("hostile actions", () => {
  it("reads no action from prototype names, and huge replies in linear time", () => {
    const g = gym();
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      expect(isParseFailure(g.parseAction(`Final: ${name}`))).toBe(true);
      expect(isParseFailure(g.parseAction(`Final: ${name}(1)`))).toBe(true);
    }
    expect(g.parseAction(`${"junk\n".repeat(200_000)}Final: up\n\n`)).toBe("up");
    const blank = g.parseAction("\n \r\n".repeat(300_000));
    expect(isParseFailure(blank) && blank.message).toMatch(/the reply is empty/);
    expect(g.parseAction(`Final: ${"up ".repeat(300_000)}`)).toBe("up");
  });

  it("refuses any value as an action without throwing, with a short message", () => {
    const { proxy: revoked, revoke } = Proxy.revocable({}, {});
    revoke();
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
        getPrototypeOf() {
          throw new Error("trap");
        },
      },
    );
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const g = gym({ maxSteps: 100 });
    const values = [revoked, trap, 10n ** 1000n, Symbol("up"), Object.create(null), cyclic, () => "up"];
    values.push("constructor", "__proto__", "toString", "u".repeat(1_000_000), Number.NaN, "0");
    for (const action of values) {
      const r = g.step(action);
      expect(r.error).toMatch(/^invalid action: .* legal actions: up \(1\), down \(3\)$/);
      expect(r.error?.length).toBeLessThan(200);
    }
    expect(g.path()).toEqual([{ x: 0, y: 1 }]);
  });

  it("caps the search for reference solutions when the record has none", () => {
    const width = 5;
    const cols = 2 * width + 1;
    const open: Puzzle = {
      width,
      height: width,
      cols,
      rows: cols,
      start: { x: 0, y: cols - 1 },
      end: { x: cols - 1, y: 0 },
      gaps: [],
      dots: [],
      symbols: [],
      shapes: new Map(),
    };
    // Over a million lines solve this puzzle; the gym keeps the first thousand it finds.
    const g = new SparcGym({ ...small, solutions: [], solution_count: 0 }, open);
    expect(g.step("up").reward).toBe(0.01);
    expect(g.optimalSteps).toBe(20);
  });
});

describe("reference policy", () => {
  it("plays a stored solution to the end, and finds the way back with traceback", () => {
    for (const record of sparcRecords().slice(0, 20)) {
      const gym = new SparcGym(record, puzzleFromRecord(record));
      let last = gym.step(gym.referenceAction());
      while (!last.done) last = gym.step(gym.referenceAction());
      expect(last.success).toBe(true);
      expect(gym.steps).toBe(gym.path().length - 1);
      expect(gym.verdict().passed).toBe(true);
      expect(gym.answer()).toEqual(gym.path());
    }
    // With one solution, a move off it can only be undone.
    const record = sparcRecords().find((r) => r.solution_count === 1) as SparcRecord;
    const gym = new SparcGym(record, puzzleFromRecord(record), { traceback: true });
    const wrong = gym.legalActions().find((a) => a !== gym.referenceAction());
    if (wrong) {
      gym.step(wrong);
      gym.step(gym.referenceAction());
      expect(gym.path()).toHaveLength(1);
    }
  });
});

describe("render", () => {
  it("draws the puzzle with the line so far after each step of the oracle's episode, cheaply", () => {
    const env = gym();
    const first = env.render();
    expect(first.kind).toBe("svg");
    const drawn = [first.svg];
    while (!env.done) {
      const action = env.referenceAction();
      if (action === undefined) break;
      env.step(action);
      const start = performance.now();
      const picture = env.render();
      expect(performance.now() - start).toBeLessThan(50);
      expect(picture.svg).toContain("<svg");
      expect(picture.svg).toContain(`step ${env.steps}`);
      drawn.push(picture.svg);
    }
    expect(env.success).toBe(true);
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(gym().render().svg).toBe(first.svg);
  });
});
