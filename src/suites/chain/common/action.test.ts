import { describe, expect, it } from "vitest";
import { isParseFailure } from "../../../core/verdict.ts";
import { formatAction, readAction } from "./action.ts";

const SIG = {
  place: ["piece", "cells"],
  pickup: ["piece"],
  move: ["piece", "axis", "distance"],
  state: [],
  finish: [],
};

describe("readAction", () => {
  it("reads calls with bare words, numbers and nested arrays", () => {
    expect(readAction("I will place it.\nFinal: place(red, [[0,0,0],[1,0,0]])", SIG)).toEqual({
      action: "place",
      piece: "red",
      cells: [
        [0, 0, 0],
        [1, 0, 0],
      ],
    });
    expect(readAction("Final: move(blue, -x, -2)", SIG)).toEqual({
      action: "move",
      piece: "blue",
      axis: "-x",
      distance: -2,
    });
    expect(readAction("Final: move([red, blue2], z, 3)", SIG)).toEqual({
      action: "move",
      piece: ["red", "blue2"],
      axis: "z",
      distance: 3,
    });
    expect(readAction("state()", SIG)).toEqual({ action: "state" });
    expect(readAction("**Final:** `finish()`.", SIG)).toEqual({ action: "finish" });
  });

  it("reads JSON objects, also across lines and in fences, and round-trips formatAction", () => {
    const a = { action: "pickup", piece: "green" };
    expect(readAction(formatAction(a), SIG)).toEqual(a);
    expect(readAction('Final:\n```json\n{"action": "state"}\n```', SIG)).toEqual({ action: "state" });
  });

  it("fails to parse, with a reason, on unknown actions, wrong arity and junk", () => {
    for (const bad of [
      "",
      "Final: jump(red)",
      "Final: place(red)",
      'Final: {"action": 3}',
      "Final: {oops",
      "I give up",
    ]) {
      const r = readAction(bad, SIG);
      expect(isParseFailure(r), bad).toBe(true);
    }
  });
});
