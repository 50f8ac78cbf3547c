/**
 * Hostile play on the burr environment, checked by brute force over voxels (no gap tables): the
 * pieces in play never overlap, an accepted slide is clear at every unit, a refused move changes
 * nothing, positions stay exact, and the oracle still solves every tier from the start.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import type { Cell } from "../../../geometry/voxels.ts";
import { type BurrAction, type BurrData, moveOf } from "./data.ts";
import { disassemble, flattenPlan, type PlanMove, type Separation } from "./disassemble.ts";
import { BurrEnv } from "./env.ts";
import { type BurrParams, burrTask } from "./index.ts";
import type { BurrState } from "./state.ts";

// Every tier, and a box cut into many pieces, which falls into several sub-assemblies at once.
const TIERS = ["easy", "mid", "hard", "classic", "many"] as const;
const LEVEL_OF: Record<string, [string, Record<string, unknown>]> = {
  many: ["easy", { box: [4, 4, 2], minPieces: 7, maxPieces: 8 }],
};
const instances = new Map<string, Instance<BurrData>>(
  TIERS.map((tier) => {
    const [level, overrides] = LEVEL_OF[tier] ?? [tier, {}];
    const params = resolveParams(burrTask as AnyTask, level, overrides) as BurrParams;
    return [tier, burrTask.generate(params, new Rng(`play/${tier}`))];
  }),
);
const instance = (tier: string) => instances.get(tier) as Instance<BurrData>;

const key = (c: readonly number[]) => c.join(",");

/** The first two pieces in play that share a voxel, or null. */
function overlap(state: BurrState): string | null {
  const owner = new Map<string, number>();
  for (const i of state.assemblies.flat()) {
    for (const c of state.cells(i)) {
      const other = owner.get(key(c));
      if (other !== undefined && other !== i)
        return `${state.names[i]} overlaps ${state.names[other]} at ${key(c)}`;
      owner.set(key(c), i);
    }
  }
  return null;
}

/** Whether a group slid unit by unit from `before` meets a piece in play outside it. */
function sweepHits(before: BurrState, group: readonly number[], axis: number, distance: number): boolean {
  const others = new Set<string>();
  for (const i of before.assemblies.flat())
    if (!group.includes(i)) for (const c of before.cells(i)) others.add(key(c));
  for (let u = 1; u <= Math.abs(distance); u++) {
    for (const i of group) {
      for (const c of before.cells(i)) {
        const moved = [...c];
        moved[axis] = (moved[axis] as number) + Math.sign(distance) * u;
        if (others.has(key(moved))) return true;
      }
    }
  }
  return false;
}

/** The state is whole: every piece either in one sub-assembly of two or more or taken out, at exact positions. */
function consistent(state: BurrState): string | null {
  const seen = [...state.assemblies.flat(), ...state.removed].sort((a, b) => a - b);
  if (seen.join() !== state.names.map((_, i) => i).join()) return `pieces lost or doubled: ${seen.join()}`;
  if (state.assemblies.some((a) => a.length < 2)) return "a sub-assembly of fewer than two pieces";
  if (!state.pos.flat().every((v) => Number.isSafeInteger(v)))
    return `inexact position ${state.pos.join(" ")}`;
  return overlap(state);
}

const AXES = ["x", "y", "z", "+x", "-x", "+y", "-y", "+z", "-z"] as const;
const HUGE = [
  2 ** 53,
  9007199254740994,
  -9007199254740994,
  2 ** 31,
  1e300,
  0.5,
  -1.5,
  0,
  Number.NaN,
  Infinity,
];

const distanceArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -12, max: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
);

/**
 * A step: the oracle's move (to reach deep states); a legal move (by index, or among those that
 * split a sub-assembly); a slide of a whole sub-assembly or of one piece in play, chosen
 * when the step is played (so that separated parts are driven into each other); a move of random
 * pieces, known or not; or a junk value.
 */
type Step =
  | { oracle: true }
  | { legal: number; split: boolean }
  | { group: "whole" | "one"; at: number; axis: string; distance: number }
  | { action: string; piece: string | string[]; axis: string; distance: number }
  | { junk: unknown };

const stepArb = (names: readonly string[]): fc.Arbitrary<Step> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant({ oracle: true as const }) },
    { weight: 3, arbitrary: fc.record({ legal: fc.nat(), split: fc.boolean() }) },
    {
      weight: 4,
      arbitrary: fc.record({
        group: fc.constantFrom("whole" as const, "one" as const),
        at: fc.nat(),
        axis: fc.constantFrom(...AXES),
        distance: distanceArb,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        action: fc.constant("move"),
        piece: fc.oneof(
          fc.constantFrom(...names),
          fc.uniqueArray(fc.constantFrom(...names, "ghost", "constructor", "__proto__"), { minLength: 1 }),
        ),
        axis: fc.constantFrom(...AXES),
        distance: distanceArb,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        junk: fc.constantFrom<unknown>(
          { action: "move", piece: "red", axis: "x", distance: "1" },
          { action: "move", piece: [], axis: "x", distance: 1 },
          { action: "move", piece: Array.from({ length: 100_000 }, () => "red"), axis: "x", distance: 1 },
          { action: "constructor" },
          { action: "state" },
          null,
          "move(red, x, 1)",
        ),
      }),
    },
  );

/** The action a step stands for in this state, or undefined when there is none to play. */
function actionOf(step: Step, env: BurrEnv): unknown {
  if ("legal" in step) {
    const splits = (a: BurrAction) =>
      a.action === "move" && env.state.clone().move(moveOf(a)).split.length > 0;
    const legal = env.legalActions().filter((a) => !step.split || splits(a));
    return legal.length === 0 ? undefined : legal[step.legal % legal.length];
  }
  if ("junk" in step) return step.junk;
  if ("oracle" in step) return env.referenceAction();
  if ("group" in step) {
    const inPlay = env.state.assemblies.flat();
    if (inPlay.length === 0) return undefined;
    const piece = inPlay[step.at % inPlay.length] as number;
    const group = step.group === "one" ? [piece] : (env.state.assemblies[env.state.assemblyOf(piece)] ?? []);
    return {
      action: "move",
      piece: group.map((i) => env.state.names[i]),
      axis: step.axis,
      distance: step.distance,
    };
  }
  return step;
}

/** No burr move is this long: the checker's own bound, independent of the state's. */
const CHECK_BOUND = 1000;

describe("hostile burr play keeps the pieces apart", () => {
  for (const tier of TIERS) {
    it(`${tier}: no overlap, clear slides, unchanged refusals, exact positions`, () => {
      const inst = instance(tier);
      const names = inst.data.pieces.map((p) => p.name);
      fc.assert(
        fc.property(fc.nat(), fc.array(stepArb(names), { maxLength: 24 }), (prefix, steps) => {
          const env = new BurrEnv(inst.data, { maxSteps: 1000 });
          // Start somewhere along the oracle's plan, where parts may already wait aside.
          for (let i = 0; i < prefix % (inst.data.optimal + 1); i++) env.step(env.referenceAction());
          for (const step of steps) {
            const action = actionOf(step, env);
            if (action === undefined) continue;
            const before = env.state.clone();
            const r = env.step(action);
            if ("legal" in step) expect(r.error, JSON.stringify(action)).toBeUndefined();
            if (r.error !== undefined) {
              expect(env.state.key()).toBe(before.key());
            } else if ((action as { action?: unknown } | null)?.action === "move") {
              const m = action as { piece: string | string[]; axis: string; distance: number };
              const group = [m.piece].flat().map((n) => names.indexOf(n));
              const signed = m.axis.startsWith("-") ? -m.distance : m.distance;
              expect(Math.abs(signed)).toBeLessThanOrEqual(CHECK_BOUND);
              expect(sweepHits(before, group, "xyz".indexOf(m.axis.at(-1) as string), signed)).toBe(false);
            }
            expect(consistent(env.state)).toBeNull();
            expect(env.observe().text).toMatch(/Pieces in play/);
          }
        }),
        { numRuns: tier === "easy" ? 60 : 25, seed: 13 },
      );
    });

    it(`${tier}: the oracle solves from the start in the optimal steps, one-shot and in the loop`, () => {
      const inst = instance(tier);
      const env = new BurrEnv(inst.data);
      while (!env.done) {
        expect(env.step(env.referenceAction()).error).toBeUndefined();
        expect(consistent(env.state)).toBeNull();
      }
      expect([env.success, env.steps]).toEqual([true, inst.data.optimal]);
      expect(burrTask.verify(inst, burrTask.solve?.(inst).answers[0] ?? []).passed).toBe(true);
    });
  }
});

describe("burr distances and separated parts", () => {
  const inst = instance("easy");
  const names = inst.data.pieces.map((p) => p.name);
  const move = (piece: string | string[], axis: string, distance: number) => ({
    action: "move",
    piece,
    axis,
    distance,
  });

  it("refuses distances beyond the bound (2^53 and more included) or not whole, and the 2^53 round trip", () => {
    const env = new BurrEnv(inst.data, { maxSteps: 100 });
    const big = 9007199254740994;
    expect(env.step(move(names, "x", big)).error).toMatch(/at most \d+ units/);
    env.step(move(names[0] as string, "x", 1));
    expect(env.step(move(names, "x", -big)).error).toMatch(/at most \d+ units/);
    for (const d of [2 ** 53, 1e300, 2.5]) expect(env.step(move(names, "y", d)).error).toBeDefined();
    for (const d of [Number.NaN, Infinity, -Infinity])
      expect(env.step(move(names, "z", d)).error).toMatch(/invalid action/);
    expect(env.step(move(names, "x", env.state.maxDistance + 1)).error).toMatch(/at most/);
    expect(consistent(env.state)).toBeNull();
    const huge = inst.data.plan.map(
      (m) =>
        `{"action": "move", "piece": ${JSON.stringify(m.pieces)}, "axis": "${m.axis}", "distance": 9007199254740993}`,
    );
    const plan = burrTask.parse(`[${huge.join(",")}]`, inst);
    expect(isParseFailure(plan) || burrTask.verify(inst, plan).passed).toBe(false);
  });

  it("a separated sub-assembly cannot be slid back into another", () => {
    // Two bars at z = 0 and two at z = 5, the second pair lifted off: bringing it down is blocked.
    const cells = (...c: Cell[]) => c;
    const data: BurrData = {
      ...inst.data,
      pieces: [
        { name: "red", hex: "#000", cells: cells([0, 0, 0], [1, 0, 0]) },
        { name: "green", hex: "#000", cells: cells([0, 1, 0], [1, 1, 0]) },
        { name: "yellow", hex: "#000", cells: cells([0, 0, 5], [1, 0, 5]) },
        { name: "blue", hex: "#000", cells: cells([0, 1, 5], [1, 1, 5]) },
      ],
      plan: [],
      optimal: 3,
    };
    const env = new BurrEnv(data, { maxSteps: 20 });
    expect(env.step(move(["yellow", "blue"], "z", 1)).observation.text).toMatch(/2: yellow, blue/);
    expect(env.step(move(["yellow", "blue"], "z", -6)).error).toMatch(/yellow would hit red at unit 6/);
    expect(env.step(move(["yellow", "blue"], "x", -5)).error).toBeUndefined();
    expect(env.step(move(["yellow", "blue"], "z", -6)).error).toBeUndefined();
    expect(env.step(move(["yellow", "blue"], "x", 5)).error).toMatch(/would hit red at unit 4/);
    expect(consistent(env.state)).toBeNull();
  });
});

describe("the plan leaves room for the part waiting aside", () => {
  /** The plan with every separating move only as long as its clearance. */
  const tight = (tree: Separation | null): PlanMove[] =>
    tree ? [...tree.moves, ...tight(tree.left), ...tight(tree.removed)] : [];

  it("lengthens a separation whose waiting part a later move would meet", () => {
    // A mid puzzle whose tight plan slides purple into the waiting red and blue.
    const inst = burrTask.generate(
      resolveParams(burrTask as AnyTask, "mid") as BurrParams,
      new Rng("w/mid/73"),
    );
    const pieces = inst.data.pieces.map((p) => p.cells as Cell[]);
    const names = inst.data.pieces.map((p) => p.name);
    const { tree } = disassemble(pieces);
    const replay = (plan: PlanMove[]) => {
      const env = new BurrEnv(inst.data, { maxSteps: 100 });
      return plan.map(
        (m) =>
          env.step({
            action: "move",
            piece: m.pieces.map((i) => names[i]),
            axis: "xyz"[m.dir >> 1],
            distance: (m.dir & 1 ? -1 : 1) * m.distance,
          }).error,
      );
    };
    expect(replay(tight(tree)).some((e) => e !== undefined)).toBe(true);
    expect(replay(flattenPlan(tree)).every((e) => e === undefined)).toBe(true);
    expect(flattenPlan(tree)).toHaveLength(tight(tree).length);
  });
});
