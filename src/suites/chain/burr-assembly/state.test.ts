import { describe, expect, it } from "vitest";
import type { Cell } from "../../../geometry/voxels.ts";
import type { InsertAction } from "./data.ts";
import { HOOK, HOOK_AND_PLUG } from "./fixture.ts";
import { AssemblyState } from "./state.ts";

const stateOf = (pieces: Record<string, Cell[]>) =>
  new AssemblyState(Object.keys(pieces), Object.values(pieces));

const insert = (piece: string, into: string, from: InsertAction["from"], at: number[]): InsertAction => ({
  action: "insert",
  piece,
  into,
  from,
  at: at as [number, number, number],
});

describe("chain/burr-assembly insertions", () => {
  it("refuses a stop that is free when the straight way to it is blocked", () => {
    const s = stateOf(HOOK);
    // Blue's place is free, but coming down from above it runs into the frame's top first.
    const r = s.play(insert("blue", "red", "-z", [0, 0, 0]));
    expect(r.error).toMatch(
      /the way in is blocked: coming in along -z, blue would run into red 1 unit before the stop/,
    );
    expect(s.parts).toEqual([[0], [1]]);
  });

  it("refuses a stop where cubes overlap, and one still outside or past the other part", () => {
    const s = stateOf(HOOK);
    expect(s.play(insert("blue", "red", "-z", [0, 0, 1])).error).toMatch(/blue would overlap red/);
    expect(s.play(insert("blue", "red", "-z", [1, 0, 2])).error).toMatch(
      /still be outside; insert it farther/,
    );
    expect(s.play(insert("blue", "red", "-z", [1, 0, -2])).error).toMatch(/passed right through/);
    expect(s.key()).toBe(stateOf(HOOK).key());
  });

  it("refuses an insertion into the same part, and offsets that are not small whole numbers", () => {
    const s = stateOf(HOOK);
    expect(s.play(insert("blue", "red", "-y", [1, 0, 0])).error).toBeNull();
    expect(s.parts).toEqual([[0, 1]]);
    expect(s.play(insert("red", "blue", "+x", [0, 0, 0])).error).toMatch(/already in the same part/);
    const t = stateOf(HOOK);
    expect(t.play(insert("blue", "red", "-y", [1.5, 0, 0])).error).toMatch(/three whole numbers/);
    expect(t.play(insert("blue", "red", "-y", [2 ** 53 + 2, 0, 0])).error).toMatch(/three whole numbers/);
    expect(t.play(insert("purple", "red", "-y", [0, 0, 0])).error).toMatch(/unknown piece "purple"/);
  });

  it("moves the whole part of the piece named: a part of blue and green fits in from no side", () => {
    const s = stateOf(HOOK_AND_PLUG);
    expect(s.play(insert("green", "blue", "+y", [0, 0, 0])).error).toBeNull();
    expect(s.play(insert("blue", "red", "-z", [1, 0, 0])).error).toMatch(/green would overlap red/);
    for (const from of ["+x", "-x", "+y", "-y", "+z", "-z"] as const)
      expect(s.play(insert("blue", "red", from, [0, 0, 0])).error).toMatch(/the way in is blocked/);
    expect(s.parts).toEqual([[0], [1, 2]]);
  });
});

describe("chain/burr-assembly moves", () => {
  it("slides a piece within its part, refuses whole parts and blocked slides, and splits a part that comes apart", () => {
    const s = stateOf(HOOK);
    expect(s.play({ action: "move", piece: "blue", axis: "x", distance: 1 }).error).toMatch(
      /is a whole part/,
    );
    s.play(insert("blue", "red", "-y", [1, 0, 0]));
    expect(s.play({ action: "move", piece: "blue", axis: "x", distance: 2 }).error).toMatch(
      /blue would hit red at unit 1 of 2 moving \+x/,
    );
    expect(s.play({ action: "move", piece: ["blue", "red"], axis: "x", distance: 1 }).error).toMatch(
      /is a whole part/,
    );
    expect(s.play({ action: "move", piece: "blue", axis: "-x", distance: 1 })).toEqual({
      error: null,
      note: "",
    });
    expect(s.solved).toBe(true);
    expect(s.play({ action: "move", piece: "blue", axis: "x", distance: 1 }).error).toBeNull();
    const out = s.play({ action: "move", piece: "blue", axis: "z", distance: 3 });
    expect(out.note).toBe("the part came apart into [red] and [blue]");
    expect(s.parts).toEqual([[0], [1]]);
  });
});
