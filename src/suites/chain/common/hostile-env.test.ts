/**
 * Both CHAIN environments under hostile replies and hostile action values: parseAction and step
 * never throw, nothing reaches a prototype, the state stays whole and observe() still works.
 */
import { describe, expect, it } from "vitest";
import { hostileTexts, prototypesClean } from "../../../../test/support/hostile.ts";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Environment } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { BurrEnv } from "../burr/env.ts";
import { type BurrParams, burrTask } from "../burr/index.ts";
import { StackingEnv } from "../stacking/env.ts";
import { stackingTask } from "../stacking/index.ts";
import { formatAction } from "./action.ts";
import { describeValue } from "./describe.ts";

const burr = burrTask.generate(
  resolveParams(burrTask as AnyTask, "mid") as BurrParams,
  new Rng("hostile/burr"),
);
const stacking = stackingTask.generate(
  resolveParams(stackingTask as AnyTask, "easy") as never,
  new Rng("hostile/stacking"),
);

/** Pieces in play (burr) or in the box (stacking) that share a cell, and cells outside the box. */
function broken(env: BurrEnv | StackingEnv): string | null {
  const owner = new Map<string, number>();
  const pieces =
    env instanceof BurrEnv
      ? env.state.assemblies.flat().map((i) => ({ i, cells: env.state.cells(i) }))
      : env.board.placedPieces().map(({ index, cells }) => ({ i: index, cells }));
  for (const { i, cells } of pieces) {
    for (const c of cells) {
      if (!c.every((v) => Number.isSafeInteger(v))) return `inexact cell ${c}`;
      if (env instanceof StackingEnv && !c.every((v, a) => v >= 0 && v < (env.board.box[a] as number)))
        return `cell ${c} outside the box`;
      const other = owner.get(c.join());
      if (other !== undefined && other !== i) return `pieces ${i} and ${other} share ${c}`;
      owner.set(c.join(), i);
    }
  }
  return null;
}

const cyclic: Record<string, unknown> = { action: "move" };
cyclic.self = cyclic;

/** Action values no reader produces but a careless caller might pass to step. */
function hostileValues(names: readonly string[]): unknown[] {
  const many = Array.from({ length: 100_000 }, (_, i) => names[i % names.length]);
  const cells = Array.from({ length: 100_000 }, () => [0, 0, 0]);
  return [
    null,
    undefined,
    42,
    "place(red, [[0,0,0]])",
    [],
    Object.create(null),
    cyclic,
    { action: "constructor" },
    { action: "__proto__" },
    { action: "toString" },
    JSON.parse('{"__proto__": {"polluted": 1}, "action": "pickup"}'),
    { action: "move", piece: many, axis: "x", distance: 1 },
    { action: "move", piece: names[0], axis: "x", distance: Number.NaN },
    { action: "move", piece: names[0], axis: "x", distance: 2 ** 53 + 2 },
    { action: "move", piece: names, axis: "y", distance: -1e300 },
    { action: "move", piece: "constructor", axis: "x", distance: 1 },
    { action: "move", piece: names[0], axis: "__proto__", distance: 1 },
    { action: "place", piece: names[0], cells },
    { action: "place", piece: "constructor", cells: [[0, 0, 0]] },
    { action: "place", piece: names[0], cells: [[0, 0, 2 ** 53]] },
    { action: "place", piece: names[0], cells: [[Number.NaN, 0, 0]] },
    { action: "pickup", piece: "__proto__" },
    { action: "pickup", piece: "x".repeat(1_000_000) },
  ];
}

const ENVS: [string, () => BurrEnv | StackingEnv, string[]][] = [
  ["chain/burr", () => new BurrEnv(burr.data, { maxSteps: 10_000 }), burr.data.pieces.map((p) => p.name)],
  [
    "chain/stacking",
    () => new StackingEnv(stacking.data, { maxSteps: 10_000 }),
    stacking.data.pieces.map((p) => p.name),
  ],
];

describe("CHAIN environments under hostile input", () => {
  for (const [id, make, names] of ENVS) {
    it(`${id}: hostile replies read without a throw, and the state stays whole`, () => {
      const env = make();
      const valid = formatAction((env as Environment).referenceAction?.() as Record<string, unknown>);
      const texts = [
        ...hostileTexts(valid, 100_000).map((h) => h.text),
        ...["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"].flatMap((w) => [
          `Final: ${w}(1)`,
          `Final: move(${w}, x, 1)`,
          `Final: place(${w}, [[0,0,0]])`,
          `Final: pickup(${w})`,
          `Final: {"action": "${w}"}`,
        ]),
        `Final: move(${names[0]}, x, 9007199254740993)`,
        `Final: move(${names[0]}, x, NaN)`,
        `Final: move(${names[0]}, x, 1e999)`,
        `Final: move([${names.join(",")}], z, -9007199254740994)`,
      ];
      for (const text of texts) {
        const action = env.parseAction(text);
        if (isParseFailure(action)) expect(action.message.length).toBeLessThan(2000);
        else env.step(action);
        expect(broken(env)).toBeNull();
        expect(prototypesClean()).toBe(true);
      }
      expect(env.observe().text.length).toBeGreaterThan(0);
    });

    it(`${id}: hostile action values are refused with a short error, and the oracle still finishes`, () => {
      const env = make();
      for (const value of hostileValues(names)) {
        const r = env.step(value);
        expect(r.error, describeValue(value)).toBeDefined();
        expect(r.observation.text.length).toBeLessThan(20_000);
        expect(broken(env)).toBeNull();
      }
      expect(prototypesClean()).toBe(true);
      expect(env.observe().text).toMatch(/\S/);
      while (!env.done) expect(env.step(env.referenceAction()).error).toBeUndefined();
      expect(env.success).toBe(true);
    });
  }
});
