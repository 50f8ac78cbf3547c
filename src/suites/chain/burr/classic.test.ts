import { describe, expect, it } from "vitest";
import { generateInstances, resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { cellKey } from "../../../geometry/voxels.ts";
import { CLASSIC_BURRS, classicBurr } from "./classic.ts";
import type { BurrData } from "./data.ts";
import type { BurrEnv } from "./env.ts";
import { type BurrParams, burrTask } from "./index.ts";
import { burrFrame, SOLID_NOTCHABLE } from "./notchable.ts";

describe("classic burrs (Luban locks)", () => {
  const { outer, inner } = burrFrame();
  const frame = new Set([...outer, ...inner].map(cellKey));

  it("fill the frame's outer cells with solid sticks that never overlap", () => {
    for (let i = 0; i < CLASSIC_BURRS.length; i++) {
      const { pieces, numbers } = classicBurr(i);
      const cells = pieces.flat().map(cellKey);
      expect(new Set(cells).size).toBe(cells.length);
      for (const c of cells) expect(frame.has(c)).toBe(true);
      for (const c of outer) expect(cells).toContain(cellKey(c));
      for (const n of numbers) expect(SOLID_NOTCHABLE).toContain(n);
    }
    expect(() => classicBurr(CLASSIC_BURRS.length)).toThrow(RangeError);
  });

  it("are a level of the task, one instance per table entry, each solved by the oracle in exactly the optimal steps", () => {
    const params = resolveParams(burrTask as AnyTask, "classic") as BurrParams;
    const all = generateInstances(
      burrTask as AnyTask,
      params,
      CLASSIC_BURRS.length,
      "classic",
    ) as Instance<BurrData>[];
    expect(new Set(all.map((i) => burrTask.signature?.(i))).size).toBe(CLASSIC_BURRS.length);
    for (let k = 0; k < CLASSIC_BURRS.length; k++) {
      const inst = burrTask.generate({ ...params, classic: k }, new Rng(k));
      expect(inst.data.source).toBe("classic");
      expect(inst.data.level).toBe(k < 12 ? "1.2" : "1");
      const env = burrTask.env?.(inst, {}) as BurrEnv;
      while (!env.done) expect(env.step(env.referenceAction()).error).toBeUndefined();
      expect([env.success, env.steps]).toEqual([true, inst.data.optimal]);
    }
  });
});
