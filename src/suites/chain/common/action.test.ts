import { describe, expect, it } from "vitest";
import { isParseFailure } from "../../../core/verdict.ts";
import { formatAction, MAX_ACTION_CHARS, readAction } from "./action.ts";

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

  it("looks action names up as own properties only, in calls and in JSON", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype"]) {
      for (const text of [`Final: ${name}(1)`, `Final: ${name}()`, `Final: {"action": "${name}"}`]) {
        const r = readAction(text, SIG);
        expect(isParseFailure(r), text).toBe(true);
        if (isParseFailure(r)) expect(r.message).toMatch(/unknown action/);
      }
    }
    expect(readAction('Final: {"__proto__": {"action": "state"}}', SIG)).toHaveProperty("kind", "parse");
  });

  it("reads the last of many Final: markers, and strings holding spaces or words", () => {
    const many = `${"Final: state()\n".repeat(20_000)}Final: move(red, x, 1)`;
    expect(readAction(many, SIG)).toEqual({ action: "move", piece: "red", axis: "x", distance: 1 });
    expect(readAction('Final: move("red blue", "x", -1)', SIG)).toEqual({
      action: "move",
      piece: "red blue",
      axis: "x",
      distance: -1,
    });
    expect(readAction("Final: move(red, x, true)", SIG)).toMatchObject({ distance: true });
    expect(isParseFailure(readAction("Final: move(red, x, f(1))", SIG))).toBe(true);
    expect(isParseFailure(readAction("Final: move(red, x, 3-x)", SIG))).toBe(true);
  });

  it("refuses an action longer than the cap, naming it, and stays short on junk", () => {
    const long = readAction(`Final: pickup(${"a".repeat(MAX_ACTION_CHARS)})`, SIG);
    expect(isParseFailure(long) && long.message).toMatch(/at most 10000 are read/);
    const junk = readAction(`Final: {"action": ${"[".repeat(5000)}`, SIG);
    expect(isParseFailure(junk) && junk.message.length).toBeLessThan(400);
  });
});
