import { describe, expect, it } from "vitest";
import { CELL_LIST } from "../../../../test/support/image-only.ts";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Observation } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import type { BurrParams } from "../burr/index.ts";
import { BurrAssemblyEnv } from "./env.ts";
import { assemblyDataOf, HOOK, HOOK_AND_PLUG } from "./fixture.ts";
import { burrAssemblyTask } from "./index.ts";

// Seeds whose puzzles generate in milliseconds; mid puzzles have six pieces and need 6–7 actions.
const instanceOf = (level: string, seed: string) =>
  burrAssemblyTask.generate(resolveParams(burrAssemblyTask as AnyTask, level) as BurrParams, new Rng(seed));
const open = (inst: ReturnType<typeof instanceOf>, opts: Record<string, unknown> = {}) =>
  burrAssemblyTask.env?.(inst, opts) as BurrAssemblyEnv;

function playOracle(env: BurrAssemblyEnv): Observation[] {
  const seen: Observation[] = [];
  while (!env.done) {
    const r = env.step(env.referenceAction());
    expect(r.error).toBeUndefined();
    seen.push(r.observation);
  }
  return seen;
}

describe("chain/burr-assembly's oracle", () => {
  it.each([
    ["easy", "assembly/easy/1"],
    ["easy", "assembly/easy/2"],
    ["easy", "assembly/easy/3"],
    ["mid", "assembly/mid/22"],
    ["mid", "assembly/mid/7"],
    ["mid", "assembly/mid/13"],
  ])("assembles a %s puzzle (%s) in exactly the optimal number of steps", (level, seed) => {
    const inst = instanceOf(level, seed);
    expect(burrAssemblyTask.level?.(inst)).toBe(level);
    const env = open(inst);
    playOracle(env);
    expect([env.success, env.steps]).toEqual([true, env.optimalSteps]);
    expect(env.steps).toBe(inst.data.optimal);
    expect(env.observe().text).toMatch(/Episode over: solved/);
  });

  it("finishes after the agent strays with legal actions", () => {
    const inst = instanceOf("mid", "assembly/mid/22");
    const rng = new Rng("stray");
    for (let trial = 0; trial < 4; trial++) {
      const env = open(inst);
      for (let k = 0; k < 2 + trial; k++) {
        const ref = JSON.stringify(env.referenceAction());
        const other = rng.pick(env.legalActions().filter((a) => JSON.stringify(a) !== ref));
        expect(env.step(other).error).toBeUndefined();
      }
      playOracle(env);
      expect(env.success).toBe(true);
    }
  });

  it("takes apart a part its plan never makes, then follows the plan", () => {
    const env = new BurrAssemblyEnv(assemblyDataOf(HOOK_AND_PLUG));
    env.step({ action: "insert", piece: "green", into: "blue", from: "+y", at: [0, 0, 0] });
    expect(env.state.parts).toEqual([[0], [1, 2]]);
    expect(env.referenceAction()?.action).toBe("move");
    playOracle(env);
    expect([env.success, env.steps]).toEqual([true, 1 + 1 + env.optimalSteps]);
  });
});

describe("chain/burr-assembly's environment", () => {
  const data = assemblyDataOf(HOOK);

  it("states the goal and the parts, and names the result of each action", () => {
    const env = new BurrAssemblyEnv(data);
    expect(env.instructions()).toMatch(/- red: \[\[0,1,1\]/);
    expect(env.observe().text).toMatch(/Part 2: blue\n- blue \(offset \[0,0,0\]\): \[\[1,1,1\]\]/);
    const blocked = env.step({ action: "insert", piece: "blue", into: "red", from: "-z", at: [0, 0, 0] });
    expect(blocked.error).toMatch(/the way in is blocked/);
    expect(blocked.observation.text).toMatch(/Last action: insert\(blue, red, -z, \[0, 0, 0\]\) refused/);
    const joined = env.step({ action: "insert", piece: "blue", into: "red", from: "-y", at: [1, 0, 0] });
    expect(joined.observation.text).toMatch(/done; the parts joined into \[red, blue\]/);
    expect(joined.observation.text).toMatch(/- blue \(offset \[1,0,0\]\): \[\[2,1,1\]\]/);
    const last = env.step({ action: "move", piece: "blue", axis: "-x", distance: 1 });
    expect([last.done, last.success, last.reward, env.steps]).toEqual([true, true, 1, 3]);
    expect(env.step({ action: "state" }).error).toMatch(/episode is over/);
  });

  it("counts state() and refused actions as steps, and stops at the budget", () => {
    const env = new BurrAssemblyEnv(data, { maxSteps: 2 });
    expect(env.step({ action: "state" }).error).toBeUndefined();
    const last = env.step({ action: "move", piece: "blue", axis: "x", distance: 1 });
    expect(last.error).toMatch(/whole part/);
    expect([last.done, last.success, env.steps]).toEqual([true, false, 2]);
  });

  it("lists only legal actions, the assembled alignment among them", () => {
    const inst = instanceOf("mid", "assembly/mid/7");
    const env = open(inst);
    for (let k = 0; k < 3; k++) env.step(env.referenceAction());
    const legal = env.legalActions();
    expect(legal.some((a) => a.action === "insert" && a.at.every((v) => v === 0))).toBe(true);
    expect(legal.some((a) => a.action === "move")).toBe(true);
    for (const a of legal) {
      const copy = env.state.clone();
      expect(copy.play(a).error, JSON.stringify(a)).toBeNull();
    }
  });

  it("reads actions as calls or JSON", () => {
    const env = new BurrAssemblyEnv(data);
    const insert = { action: "insert", piece: "blue", into: "red", from: "-y", at: [1, 0, 0] };
    expect(env.parseAction("I try.\nFinal: insert(blue, red, -y, [1, 0, 0])")).toEqual(insert);
    expect(env.parseAction(`Final: ${JSON.stringify(insert)}`)).toEqual(insert);
    expect(env.parseAction("Final: move([red, blue], -z, 2)")).toEqual({
      action: "move",
      piece: ["red", "blue"],
      axis: "-z",
      distance: 2,
    });
    expect(env.parseAction("Final: state()")).toEqual({ action: "state" });
    for (const bad of [
      "Final: insert(blue, red, up, [0,0,0])",
      "Final: insert(blue, red, +x, [0,0])",
      "no idea",
    ])
      expect(isParseFailure(env.parseAction(bad))).toBe(true);
  });
});

describe("chain/burr-assembly image-only", () => {
  it("shows no cubes in the text, attaches the picture every turn, and the oracle still finishes", () => {
    const inst = instanceOf("easy", "assembly/easy/1");
    const env = open(inst, { vision: true, imageOnly: true });
    expect(env.instructions()).toContain("WHAT THE IMAGE SHOWS");
    expect(env.instructions()).not.toMatch(CELL_LIST);
    const seen = [env.observe()];
    seen.push(env.step({ action: "move", piece: "red", axis: "x", distance: 1 }).observation);
    seen.push(...playOracle(env));
    for (const o of seen) {
      expect(o.text).not.toMatch(CELL_LIST);
      expect(o.text).not.toMatch(/offset|Part \d/);
      expect(o.images).toHaveLength(1);
    }
    expect(seen.at(-1)?.text).toMatch(/Episode over: solved/);
    expect([env.success, env.steps]).toEqual([true, inst.data.optimal + 1]);
    expect(open(inst).observe().text).toMatch(CELL_LIST);
  });
});
