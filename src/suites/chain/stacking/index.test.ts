import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writePicture } from "../../../../test/support/pictures.ts";
import { InputError } from "../../../core/errors.ts";
import { parseOverrides, resolveParams } from "../../../core/instances.ts";
import { svgToPng } from "../../../core/png.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import type { Cell } from "../../../geometry/voxels.ts";
import { formatAction } from "../common/action.ts";
import { planCap } from "../common/budget.ts";
import { handPuzzle, SCREW } from "./fixture.ts";
import { stackingTask } from "./index.ts";
import {
  INSERTION_RULES,
  type InsertionRule,
  MAX_ACTION_CELLS,
  type StackingData,
  type StackingParams,
  type StackingPlan,
} from "./schema.ts";

const task = stackingTask as unknown as AnyTask;
const hand: Instance<StackingData> = {
  id: "hand",
  task: "chain/stacking",
  params: {},
  seed: null,
  data: handPuzzle(),
};
const make = (level: string, seed: string): Instance<StackingData> =>
  stackingTask.generate(resolveParams(task, level) as StackingParams, new Rng(seed));

describe("levels", () => {
  it("has one level per size × mode plus the three tiers, and level() names the tier, else the mode", () => {
    const names = Object.keys(stackingTask.levels);
    expect(names).toHaveLength(24);
    expect(names).toContain("3x3x4-hard");
    const easy = make("easy", "1");
    expect(easy.data.box).toEqual([2, 3, 3]);
    expect(easy.data.mode).toBe("mid");
    expect(stackingTask.level?.(easy)).toBe("easy");
    expect(stackingTask.level?.(make("3x3x4-hard", "1"))).toBe("hard");
  });

  it("the oracle solves every level under either rule in exactly optimalSteps, one-shot too", () => {
    const levels = Object.keys(stackingTask.levels);
    // Every level under each rule once, then random levels, rules and seeds.
    const examples = levels.flatMap((level) =>
      INSERTION_RULES.map((rule): [string, InsertionRule, string] => [level, rule, "a"]),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...levels),
        fc.constantFrom(...INSERTION_RULES),
        fc.string({ maxLength: 6 }),
        (level, insertion, seed) => {
          const inst = stackingTask.generate(
            resolveParams(task, level, { insertion }) as StackingParams,
            new Rng(seed),
          );
          expect(inst.data.insertion).toBe(insertion);
          const env = stackingTask.env?.(inst) ?? (null as never);
          while (!env.done) {
            const action = env.parseAction(formatAction(env.referenceAction?.() as Record<string, unknown>));
            expect(isParseFailure(action)).toBe(false);
            expect(env.step(action).error).toBeUndefined();
          }
          expect(env.success, `${level}/${insertion}/${seed}`).toBe(true);
          expect(env.steps).toBe(inst.data.pieces.length);
          expect(env.optimalSteps).toBe(inst.data.pieces.length);
          expect(
            stackingTask.verify(inst, stackingTask.solve?.(inst).answers[0] as StackingPlan).passed,
          ).toBe(true);
        },
      ),
      { examples, numRuns: examples.length + 12 },
    );
  });

  it("takes the rule from --set, records it in the puzzle, and refuses the removed linearAssembly option", () => {
    const params = resolveParams(task, "hard", parseOverrides(["insertion=axis"])) as StackingParams;
    expect(stackingTask.generate(params, new Rng("1")).data.insertion).toBe("axis");
    expect((resolveParams(task, "hard") as StackingParams).insertion).toBe("down");
    expect(() => resolveParams(task, "hard", parseOverrides(["insertion=sideways"]))).toThrow(InputError);
    expect(() => resolveParams(task, "hard", parseOverrides(["linearAssembly=false"]))).toThrow(InputError);
  });

  it("checks its environment options and ignores other tasks' (a run passes them to every task)", () => {
    expect(() => stackingTask.env?.(hand, { maxSteps: -1 })).toThrow(InputError);
    expect(() => stackingTask.env?.(hand, { traceback: true })).not.toThrow();
    expect(stackingTask.env?.(hand, { maxSteps: 7 })).toMatchObject({ maxSteps: 7 });
  });
});

describe("one-shot mode", () => {
  it("states the puzzle in text, attaches one fixed view only for the vision variant, and states the token cap", () => {
    const p = stackingTask.prompt(hand);
    const text = p.messages.at(-1)?.content ?? "";
    expect(text).toContain("- red (4 cells): [[0,0,0],[1,0,0],[1,1,0],[1,1,1]]");
    expect(text).toContain("JSON array");
    expect(p.images).toBeUndefined();
    const v = stackingTask.prompt(hand, { variant: "vision", maxOutputTokens: 900 });
    expect(v.images).toHaveLength(1);
    expect(v.messages.at(-1)?.content).toContain("900 output tokens");
    writePicture("chain-stacking-oneshot.png", (v.images?.[0]?.data as Uint8Array) ?? new Uint8Array());
  });

  it("throws InputError for an unknown variant or worked examples", () => {
    expect(() => stackingTask.prompt(hand, { variant: "alternative" })).toThrow(InputError);
    expect(() => stackingTask.prompt(hand, { shots: 1 })).toThrow(InputError);
  });

  it("the solved plan round-trips through formatAnswer and parse, and passes", () => {
    const inst = make("hard", "plan");
    const plan = stackingTask.solve?.(inst).answers[0] as StackingPlan;
    expect(plan).toHaveLength(inst.data.pieces.length);
    const parsed = stackingTask.parse(`Reasoning…\n${stackingTask.formatAnswer?.(plan, inst)}`, inst);
    expect(parsed).toEqual(plan);
    const v = stackingTask.verify(inst, parsed as StackingPlan);
    expect(v.passed).toBe(true);
    expect(v.checks.map((c) => c.name)).toEqual(["plan.actions_valid", "plan.solved"]);
  });

  it("names the first refused action (invalid) and an unfinished box (wrong)", () => {
    const refused = stackingTask.verify(hand, [
      { action: "place", piece: "red", cells: SCREW },
      {
        action: "place",
        piece: "yellow",
        cells: [
          [0, 0, 1],
          [1, 0, 1],
          [0, 1, 1],
          [1, 1, 1],
        ],
      },
    ]);
    expect(refused.failure?.kind).toBe("invalid");
    expect(refused.failure?.message).toMatch(/action 2 place\(yellow.*collision.*red/);
    const partial = stackingTask.verify(hand, [{ action: "place", piece: "red", cells: SCREW }]);
    expect(partial.failure?.kind).toBe("wrong");
    expect(partial.checks[1]?.detail).toContain("4/12 cells filled");
  });

  it("states the allowed paths, and refuses a plan that breaks them as the environment does", () => {
    const asInstance = (data: StackingData): Instance<StackingData> => ({ ...hand, data });
    const down = asInstance(handPuzzle("down"));
    const axis = asInstance(handPuzzle("axis"));
    const text = (inst: Instance<StackingData>) => stackingTask.prompt(inst).messages.at(-1)?.content ?? "";
    expect(text(down)).toContain(
      "PATHS\nThe box is open at the top. A piece is placed by lowering it straight down",
    );
    expect(text(down)).toContain("- blocked: a placed piece lies above one of the cells");
    expect(text(axis)).toContain(
      "along a straight line parallel to one axis (travelling +x, -x, +y, -y, +z or -z)",
    );
    const greenFirst: StackingPlan = [
      { action: "place", piece: "green", cells: handPuzzle().solution[1] as Cell[] },
      { action: "place", piece: "red", cells: SCREW },
      { action: "place", piece: "yellow", cells: handPuzzle().solution[2] as Cell[] },
    ];
    const refused = stackingTask.verify(down, greenFirst);
    expect(refused.failure?.kind).toBe("invalid");
    expect(refused.failure?.message).toMatch(/action 2 place\(red.*blocked: red cannot be lowered.*green/);
    expect(stackingTask.verify(axis, greenFirst).passed).toBe(true);
  });

  it("fails to parse a reply without a plan, or with a malformed action", () => {
    expect(isParseFailure(stackingTask.parse("I cannot solve this.", hand))).toBe(true);
    expect(isParseFailure(stackingTask.parse('[{"action": "place", "piece": "red"}]', hand))).toBe(true);
  });

  it("caps a plan at four times the step budget and an action's cells at the largest box", () => {
    const cap = planCap(hand.data.pieces.length);
    const states = (n: number) => JSON.stringify(Array.from({ length: n }, () => ({ action: "state" })));
    expect(stackingTask.parse(states(cap), hand)).toHaveLength(cap);
    const long = stackingTask.parse(states(cap + 1), hand);
    expect(isParseFailure(long) && long.message).toMatch(new RegExp(`at most ${cap} actions`));
    const cells = (n: number) => Array.from({ length: n }, (_, i) => [i, 0, 0]);
    const place = (n: number) => JSON.stringify([{ action: "place", piece: "red", cells: cells(n) }]);
    expect(isParseFailure(stackingTask.parse(place(MAX_ACTION_CELLS), hand))).toBe(false);
    expect(isParseFailure(stackingTask.parse(place(MAX_ACTION_CELLS + 1), hand))).toBe(true);
    const unsafe = '[{"action": "place", "piece": "red", "cells": [[0, 0, 9007199254740993]]}]';
    expect(isParseFailure(stackingTask.parse(unsafe, hand))).toBe(true);
  });

  it("draws random answers made of legal actions", () => {
    const inst = make("3x3x3-mid", "r");
    const plan = stackingTask.randomAnswer?.(inst, new Rng(5)) ?? [];
    expect(plan.length).toBeGreaterThan(0);
    expect(stackingTask.verify(inst, plan).checks[0]?.ok).toBe(true);
  });
});

describe("rendering", () => {
  it("renders the stored packing and the state after a plan", () => {
    const inst = make("3x3x4-hard", "render");
    const solved = stackingTask.render?.(inst);
    expect(solved?.svg).toContain("<svg");
    writePicture("chain-stacking-render-solution.png", svgToPng(solved?.svg ?? ""));
    const partial = stackingTask.render?.(inst, (stackingTask.solve?.(inst).answers[0] ?? []).slice(0, 3));
    expect(partial?.svg).toContain("Pieces to place");
    writePicture("chain-stacking-render-partial.png", svgToPng(partial?.svg ?? ""));
  });
});
