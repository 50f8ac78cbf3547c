import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readInstances } from "../../../cli/lines.ts";
import { InputError } from "../../../core/errors.ts";
import type { AnyTask } from "../../../core/task.ts";
import { burrInstanceFromXmpuzzle } from "./from-xmpuzzle.ts";
import { burrTask } from "./index.ts";

const TINY = join(import.meta.dirname, "../../../../test/fixtures/chain/burr/tiny.xmpuzzle");
const FIXTURES = process.env.PLUMB_BURR_FIXTURES;

describe("burrInstanceFromXmpuzzle", () => {
  it("turns a BurrTools file into an instance the oracle's plan solves and a short plan does not", () => {
    const inst = burrInstanceFromXmpuzzle(TINY);
    expect(inst.data.source).toBe("xmpuzzle");
    expect(burrTask.data.safeParse(inst.data).success).toBe(true);
    const plan = burrTask.solve?.(inst).answers[0] ?? [];
    expect(burrTask.verify(inst, plan).passed).toBe(true);
    expect(burrTask.verify(inst, plan.slice(0, -1)).passed).toBe(false);
  });

  it("is what --instances reads for chain/burr when the file ends in .xmpuzzle", () => {
    const { items, errors } = readInstances(burrTask as AnyTask, TINY);
    expect([items.length, errors.length]).toEqual([1, 0]);
    const missing = readInstances(burrTask as AnyTask, "/nonexistent/x.XMPUZZLE");
    expect(missing.errors[0]?.message).toMatch(/x\.XMPUZZLE/);
  });

  it("names a missing file and refuses a file that is not a puzzle", () => {
    expect(() => burrInstanceFromXmpuzzle("/nonexistent/x.xmpuzzle")).toThrow(InputError);
    expect(() => burrInstanceFromXmpuzzle(import.meta.filename)).toThrow(InputError);
  });

  it.skipIf(!FIXTURES)(
    "plays PelikanBurr: BurrTools' level 98.2.4.2, its 108-move plan replays",
    () => {
      const inst = burrInstanceFromXmpuzzle(
        join(FIXTURES ?? "", "burrtools-examples", "PelikanBurr.xmpuzzle"),
      );
      expect([inst.data.level, inst.data.optimal, inst.data.pieces.length]).toEqual(["98.2.4.2", 108, 7]);
      const plan = burrTask.solve?.(inst).answers[0] ?? [];
      expect(burrTask.verify(inst, plan).passed).toBe(true);
    },
    60_000,
  );
});
