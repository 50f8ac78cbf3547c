import { describe, expect, it } from "vitest";
import { hostileTexts, prototypesClean } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { formatAction } from "../common/action.ts";
import { describeValue } from "../common/describe.ts";
import { BurrAssemblyEnv } from "./env.ts";
import { assemblyDataOf, HOOK_AND_PLUG } from "./fixture.ts";

describe("chain/burr-assembly under hostile input", () => {
  const data = assemblyDataOf(HOOK_AND_PLUG);

  it("reads hostile replies without a throw: huge, nested and prototype-keyed ones fail to parse", () => {
    const env = new BurrAssemblyEnv(data, { maxSteps: 10_000 });
    const valid = formatAction(env.referenceAction() as Record<string, unknown>);
    const keys = ["__proto__", "constructor", "toString", "hasOwnProperty"];
    const texts = [
      ...hostileTexts(valid, 100_000).map((h) => h.text),
      ...keys.flatMap((w) => [
        `Final: ${w}(1)`,
        `Final: insert(${w}, red, +x, [0,0,0])`,
        `Final: {"action": "${w}"}`,
        `Final: {"action": "insert", "piece": "blue", "into": "red", "from": "${w}", "at": [0,0,0]}`,
      ]),
    ];
    const unreadable = [
      `Final: {"__proto__": {"polluted": 1}, "action": "insert"}`,
      `Final: {"action": "insert", "piece": "blue", "into": "red", "from": "__proto__", "at": [0,0,0]}`,
      `Final: insert(blue, red, +x, ${"[".repeat(50_000)}${"]".repeat(50_000)})`,
      `Final: insert(blue, red, +x, [${"1,".repeat(50_000)}1])`,
      "Final: insert(blue, red, +x, [9007199254740993, NaN, 1e999])",
    ];
    for (const text of [...texts, ...unreadable]) {
      const action = env.parseAction(text);
      if (isParseFailure(action)) expect(action.message.length).toBeLessThan(2000);
      else env.step(action);
      expect(prototypesClean()).toBe(true);
    }
    for (const text of unreadable) expect(isParseFailure(env.parseAction(text))).toBe(true);
    expect(env.observe().text.length).toBeGreaterThan(0);
  });

  it("refuses hostile action values with a short error, and the oracle still finishes", () => {
    const env = new BurrAssemblyEnv(data, { maxSteps: 10_000 });
    const values: unknown[] = [
      null,
      42,
      [],
      Object.create(null),
      { action: "__proto__" },
      JSON.parse('{"__proto__": {"polluted": 1}, "action": "insert"}'),
      { action: "insert", piece: "blue", into: "red", from: "-y", at: [Number.NaN, 0, 0] },
      { action: "insert", piece: "blue", into: "red", from: "-y", at: [1e300, 0, 0] },
      { action: "insert", piece: "constructor", into: "red", from: "-y", at: [0, 0, 0] },
      { action: "insert", piece: "blue", into: "red", from: "__proto__", at: [0, 0, 0] },
      { action: "insert", piece: "x".repeat(1_000_000), into: "red", from: "-y", at: [0, 0, 0] },
      { action: "move", piece: Array.from({ length: 100_000 }, () => "red"), axis: "x", distance: 1 },
      { action: "move", piece: "blue", axis: "x", distance: 2 ** 53 + 2 },
    ];
    for (const value of values) {
      const r = env.step(value);
      expect(r.error, describeValue(value)).toBeDefined();
      expect(r.observation.text.length).toBeLessThan(20_000);
    }
    expect(prototypesClean()).toBe(true);
    expect(env.state.parts).toEqual([[0], [1], [2]]);
    while (!env.done) expect(env.step(env.referenceAction()).error).toBeUndefined();
    expect(env.success).toBe(true);
  });
});
