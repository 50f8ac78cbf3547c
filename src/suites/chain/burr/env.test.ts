import { describe, expect, it } from "vitest";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import type { Cell } from "../../../geometry/voxels.ts";
import type { BurrData } from "./data.ts";
import { specOf } from "./data.ts";
import { disassemble } from "./disassemble.ts";
import { BurrEnv } from "./env.ts";
import { type BurrParams, burrTask } from "./index.ts";

function dataOf(pieces: Record<string, Cell[]>): BurrData {
  const names = Object.keys(pieces);
  const d = disassemble(Object.values(pieces));
  return {
    source: "generated",
    tier: "easy",
    pieces: names.map((name) => ({ name, hex: "#888888", cells: pieces[name] as Cell[] })),
    numbers: null,
    plan: d.plan.map((m) => specOf(m, names)),
    level: d.level,
    optimal: d.moves,
    stats: { attempts: 1, nodes: d.nodes },
  };
}

// red slides along +x towards green's stopper; yellow and blue lie apart, above.
const SCENE = {
  red: [
    [0, 0, 0],
    [1, 0, 0],
  ] as Cell[],
  green: [
    [4, 0, 0],
    [4, 1, 0],
  ] as Cell[],
  yellow: [
    [0, 0, 5],
    [1, 0, 5],
  ] as Cell[],
  blue: [
    [0, 1, 5],
    [1, 1, 5],
  ] as Cell[],
};

const move = (piece: string | string[], axis: string, distance: number) => ({
  action: "move",
  piece,
  axis,
  distance,
});

describe("burr environment errors", () => {
  it("refuses a move blocked after two units as a whole, naming the blocker and the unit", () => {
    const env = new BurrEnv(dataOf(SCENE));
    const r = env.step(move("red", "x", 3));
    expect(r.error).toMatch(/red would hit green at unit 3 of 3/);
    expect(env.state.cells(0)).toEqual(SCENE.red);
    expect(env.steps).toBe(1);
    expect(env.step(move("red", "x", 2)).error).toBeUndefined();
  });

  it("reads piece names in any case, with spaces around, as stacking does", () => {
    const env = new BurrEnv(dataOf(SCENE));
    expect(env.step(move(" Red ", "x", 2)).error).toBeUndefined();
    expect(env.step(move(["YELLOW", "blue"], "z", 1)).error).toBeUndefined();
    expect(env.step(move("reds", "x", 1)).error).toMatch(/unknown piece "reds"/);
  });

  it("names unknown pieces, zero and fractional distances, and bad action shapes", () => {
    const env = new BurrEnv(dataOf(SCENE));
    expect(env.step(move("purple", "x", 1)).error).toMatch(/unknown piece "purple"/);
    expect(env.step(move("red", "x", 0)).error).toMatch(/non-zero whole number/);
    expect(env.step(move("red", "y", 1.5)).error).toMatch(/non-zero whole number/);
    expect(env.step({ action: "jump" }).error).toMatch(/invalid action/);
    expect(env.steps).toBe(4);
  });

  it("splits sub-assemblies, refuses moving pieces of two of them together, and pieces already out", () => {
    const env = new BurrEnv(dataOf(SCENE));
    const split = env.step(move(["yellow", "blue"], "-z", -1));
    expect(split.observation.text).toMatch(/Sub-assemblies: 1: red, green; 2: yellow, blue/);
    expect(env.step(move(["red", "yellow"], "x", 1)).error).toMatch(/different sub-assemblies/);
    env.step(move("yellow", "y", -1));
    expect(env.state.removed.map((i) => env.state.names[i]).sort()).toEqual(["blue", "yellow"]);
    expect(env.step(move("yellow", "x", 1)).error).toMatch(/yellow has already been taken out/);
  });

  it("counts state() as a step, stops at the budget and refuses steps after the end", () => {
    const env = new BurrEnv(dataOf(SCENE), { maxSteps: 2 });
    expect(env.step({ action: "state" }).error).toBeUndefined();
    const last = env.step({ action: "state" });
    expect([last.done, last.success, last.reward]).toEqual([true, false, 0]);
    expect(env.step({ action: "state" }).error).toMatch(/episode is over/);
    expect(env.steps).toBe(2);
  });

  it("reads actions from replies and names what is wrong", () => {
    const env = new BurrEnv(dataOf(SCENE));
    expect(env.parseAction("I try.\nFinal: move(red, -x, 2)")).toEqual(move("red", "-x", 2));
    expect(env.parseAction("Final: move([red, green], z, 1)")).toEqual(move(["red", "green"], "z", 1));
    expect(env.parseAction('Final: {"action": "state"}')).toEqual({ action: "state" });
    expect(isParseFailure(env.parseAction("Final: move(red, w, 1)"))).toBe(true);
    expect(isParseFailure(env.parseAction("no idea"))).toBe(true);
  });

  it("lists only legal moves", () => {
    const env = new BurrEnv(dataOf(SCENE));
    const legal = env.legalActions();
    expect(legal.length).toBeGreaterThan(0);
    for (const a of legal) {
      const copy = new BurrEnv(dataOf(SCENE));
      expect(copy.step(a).error).toBeUndefined();
    }
  });
});

describe("the oracle", () => {
  const tiers = ["easy", "mid", "hard"] as const;
  for (const tier of tiers) {
    it(`solves a ${tier} puzzle in exactly the optimal number of steps`, () => {
      const params = resolveParams(burrTask as AnyTask, tier) as BurrParams;
      const inst = burrTask.generate(params, new Rng(`oracle/${tier}`));
      expect(burrTask.level?.(inst)).toBe(tier);
      const env = burrTask.env?.(inst, {}) as BurrEnv;
      while (!env.done) expect(env.step(env.referenceAction()).error).toBeUndefined();
      expect([env.success, env.steps]).toEqual([true, env.optimalSteps]);
      expect(env.steps).toBe(inst.data.optimal);
    });
  }

  it("recovers after the agent strays from the plan", () => {
    const inst = burrTask.generate(resolveParams(burrTask as AnyTask, "mid") as BurrParams, new Rng("stray"));
    const env = burrTask.env?.(inst, { vision: true }) as BurrEnv;
    const ref = JSON.stringify(env.referenceAction());
    const other = env.legalActions().find((a) => JSON.stringify(a) !== ref);
    expect(env.step(other).error).toBeUndefined();
    while (!env.done) expect(env.step(env.referenceAction()).error).toBeUndefined();
    expect(env.success).toBe(true);
    expect(env.observe().images).toHaveLength(1);
  });
});
