import { describe, expect, it } from "vitest";
import { CELL_LIST, expectImageOnlyRun } from "../../../../test/support/image-only.ts";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Observation } from "../../../core/task.ts";
import type { StackingEnv } from "./env.ts";
import { handPuzzle, SCREW } from "./fixture.ts";
import { stackingTask } from "./index.ts";
import type { StackingParams } from "./schema.ts";

/** What the text mode prints of the state: JSON cell lists and the layer maps. */
const LAYER_MAP = /Layer z = \d/;

const hand = { id: "hand", task: "chain/stacking", params: {}, seed: null, data: handPuzzle() };
const open = (opts: Record<string, unknown>) => stackingTask.env?.(hand, opts) as StackingEnv;

/** The observations of a few turns: an accepted place, a collision (its message names cells), junk. */
function playSome(env: StackingEnv): Observation[] {
  const out = [env.observe()];
  out.push(env.step({ action: "place", piece: "red", cells: SCREW }).observation);
  out.push(env.step({ action: "place", piece: "green", cells: SCREW }).observation);
  out.push(env.step({ action: "place", cells: [[9, 9, 9]] }).observation);
  out.push(env.step({ action: "state" }).observation);
  return out;
}

describe("chain/stacking image-only observations", () => {
  it("state no cells in the text, attach the views every turn, and the text mode does state them", () => {
    const seen = playSome(open({ vision: true, imageOnly: true }));
    for (const o of seen) {
      expect(o.text).not.toMatch(CELL_LIST);
      expect(o.text).not.toMatch(LAYER_MAP);
      expect(o.text).toMatch(/Steps used: \d+\/\d+/);
      expect(o.images).toHaveLength(1);
      expect(o.images?.[0]?.mediaType).toBe("image/png");
    }
    // The outcome is still told, without its cells.
    expect(seen[2]?.text).toMatch(/collision: cells \[…\] are already taken by red/);
    expect(seen[1]?.text).toContain("Last action: place(red, […]) → placed");

    const text = playSome(open({}));
    for (const o of text) expect(o.text).toMatch(CELL_LIST);
    expect(text[1]?.text).toMatch(LAYER_MAP);
    expect(text[1]?.images).toBeUndefined();
  });

  it("explain the views, name the pieces and keep the action syntax, with no piece cells", () => {
    const imageOnly = open({ vision: true, imageOnly: true }).instructions();
    expect(imageOnly).toContain("WHAT THE IMAGE SHOWS");
    expect(imageOnly).toMatch(/Four isometric views/);
    expect(imageOnly).toContain("x0..x1 and y0..y1");
    expect(imageOnly).toContain("z0..z2");
    expect(imageOnly).toContain("PIECES: red (4 cells), green (4 cells), yellow (4 cells)");
    expect(imageOnly).toContain("- place(piece, cells), e.g. place(red, [[0,0,0]");
    expect(imageOnly).not.toContain("(4 cells): [[");
    expect(imageOnly).toContain("lowering it straight down (travelling -z)");
    expect(open({}).instructions()).toContain(`- red (4 cells): ${JSON.stringify(SCREW)}`);
    expect(open({ vision: true }).instructions()).not.toContain("WHAT THE IMAGE SHOWS");
  });

  it("let the oracle solve a generated puzzle in the optimal number of steps", () => {
    const params = resolveParams(stackingTask as AnyTask, "easy") as StackingParams;
    const inst = stackingTask.generate(params, new Rng("image-only"));
    const env = stackingTask.env?.(inst, { vision: true, imageOnly: true }) as StackingEnv;
    while (!env.done) {
      const r = env.step(env.referenceAction());
      expect(r.error).toBeUndefined();
      expect(r.observation.text).not.toMatch(CELL_LIST);
    }
    expect([env.success, env.steps]).toEqual([true, env.optimalSteps]);
  });

  it("runs from the CLI with --variant image-only, recorded in the run's spec", () =>
    expectImageOnlyRun("chain/stacking"));
});
