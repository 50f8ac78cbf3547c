import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InputError } from "./errors.ts";
import { DUPLICATE_REDRAWS, generateInstances, presetInstances } from "./instances.ts";
import type { Task } from "./task.ts";
import { verdictFromChecks } from "./verdict.ts";

/** A task whose instances are a number 0 … n−1, so that sets run out of distinct puzzles. */
function smallTask(n: number): Task<{ n: number }, { value: number }, number> {
  return {
    id: "test/small",
    suite: "test",
    version: 1,
    description: "draws a number below n",
    tags: [],
    params: z.object({ n: z.number() }),
    levels: {},
    answer: z.number(),
    data: z.object({ value: z.number() }),
    generate: (_params, rng) => ({
      id: "",
      task: "test/small",
      params: { n },
      seed: rng.seed,
      data: { value: rng.int(0, n - 1) },
    }),
    signature: (inst) => String(inst.data.value),
    prompt: () => ({ messages: [] }),
    parse: (text) => Number(text),
    verify: () => verdictFromChecks([], new Set()),
  };
}

describe("generateInstances with signatures", () => {
  it("never repeats a puzzle, and stays prefix-stable", () => {
    const task = smallTask(20) as never;
    const set = generateInstances(task, { n: 20 }, 20, 1);
    expect(new Set(set.map((i) => (i.data as { value: number }).value)).size).toBe(20);
    expect(generateInstances(task, { n: 20 }, 8, 1)).toEqual(set.slice(0, 8));
  });

  it("says how many distinct puzzles it found when the parameters admit no more", () => {
    const task = smallTask(3) as never;
    expect(() => generateInstances(task, { n: 3 }, 4, 1)).toThrow(InputError);
    expect(() => generateInstances(task, { n: 3 }, 4, 1)).toThrow(
      `only 3 distinct instances found for these parameters (instance 4 repeated an earlier one ${DUPLICATE_REDRAWS + 1} times)`,
    );
  });
});

describe("presetInstances", () => {
  const task = smallTask(3);
  const withPreset = {
    ...task,
    presets: {
      original: {
        description: "the three numbers in order",
        instances: () =>
          [0, 1, 2].map((value, i) => ({
            id: `test/small/original/${i + 1}`,
            task: task.id,
            params: { n: 3 },
            seed: null,
            data: { value },
          })),
      },
    },
  };

  it("gives the named set, in order", () => {
    const set = presetInstances(withPreset as never, "original");
    expect(set.map((i) => i.id)).toEqual([
      "test/small/original/1",
      "test/small/original/2",
      "test/small/original/3",
    ]);
  });

  it("refuses an unknown name, or one found only on the prototype, listing the known ones", () => {
    expect(() => presetInstances(withPreset as never, "paper")).toThrow(
      /unknown preset "paper" .*presets: original/,
    );
    expect(() => presetInstances(withPreset as never, "toString")).toThrow(InputError);
    expect(() => presetInstances(task as never, "original")).toThrow(/presets: none/);
  });
});
