import { describe, expect, it } from "vitest";
import { CELL_LIST, expectImageOnlyRun } from "../../../../test/support/image-only.ts";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Observation } from "../../../core/task.ts";
import type { BurrEnv } from "./env.ts";
import { type BurrParams, burrTask } from "./index.ts";

/** What the text mode prints of the state: each piece's cubes as a JSON list. */

const instanceOf = (level: string, seed: string) =>
  burrTask.generate(resolveParams(burrTask as AnyTask, level) as BurrParams, new Rng(seed));
const mid = instanceOf("mid", "image-only");
const open = (opts: Record<string, unknown>, inst = mid) => burrTask.env?.(inst, opts) as BurrEnv;

/** Every observation of an episode: a refused move, an unreadable one, then the oracle to the end. */
function play(env: BurrEnv): Observation[] {
  const out = [env.observe()];
  out.push(env.step({ action: "move", piece: "red", axis: "x", distance: 99 }).observation);
  out.push(env.step({ action: "turn", piece: "red" }).observation);
  while (!env.done) out.push(env.step(env.referenceAction()).observation);
  return out;
}

describe("chain/burr image-only observations", () => {
  it("state no cubes in the text, attach the views every turn, and the text mode does state them", () => {
    const seen = play(open({ vision: true, imageOnly: true }));
    for (const o of seen) {
      expect(o.text).not.toMatch(CELL_LIST);
      expect(o.text).not.toMatch(/Pieces in play|Sub-assemblies:/);
      expect(o.text).toMatch(/Steps used: \d+\/\d+/);
      expect(o.images).toHaveLength(1);
    }
    expect(seen[1]?.text).toMatch(/Last action: move\(red, x, 99\) refused/);
    expect(seen.at(-1)?.text).toMatch(/Episode over: solved/);

    const text = play(open({}));
    expect(text[0]?.text).toMatch(CELL_LIST);
    expect(text[1]?.text).toMatch(CELL_LIST);
    expect(text[0]?.images).toBeUndefined();
  });

  it("explain the views in the instructions, and label the views with world coordinates", () => {
    const env = open({ vision: true, imageOnly: true });
    expect(env.instructions()).toContain("WHAT THE IMAGE SHOWS");
    expect(env.instructions()).toMatch(/Four isometric views.*view from above/);
    expect(env.instructions()).toMatch(/move\(piece, axis, distance\)/);
    expect(open({ vision: true }).instructions()).not.toContain("WHAT THE IMAGE SHOWS");
    const svg = env.render().svg;
    for (const axis of ["x", "y", "z"]) expect(svg).toMatch(new RegExp(`>${axis}-?\\d+<`));
  });

  it.each([
    ["easy", "io-easy"],
    ["mid", "io-mid"],
  ])("lets the oracle solve a %s puzzle in the optimal number of steps", (level, seed) => {
    const inst = instanceOf(level, seed);
    const env = open({ vision: true, imageOnly: true }, inst);
    while (!env.done) expect(env.step(env.referenceAction()).error).toBeUndefined();
    expect([env.success, env.steps]).toEqual([true, inst.data.optimal]);
  });

  it("runs from the CLI with --variant image-only, recorded in the run's spec", () =>
    expectImageOnlyRun("chain/burr"));
});
