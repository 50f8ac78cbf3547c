import { describe, expect, it } from "vitest";
import { InputError } from "./errors.ts";
import { checkShots, checkVariant, tokenCapLines, tokenCapSentence } from "./prompt-options.ts";

describe("checkVariant", () => {
  it("gives the variant asked for, or default", () => {
    expect(checkVariant({}, ["default", "vision"])).toBe("default");
    expect(checkVariant({ variant: "vision" }, ["default", "vision"])).toBe("vision");
  });

  it("refuses a variant the task lacks, listing the ones it has", () => {
    expect(() => checkVariant({ variant: "x" }, ["default", "vision"])).toThrow(InputError);
    expect(() => checkVariant({ variant: "x" }, ["default", "vision"])).toThrow(
      "(variants: default, vision)",
    );
  });
});

describe("checkShots", () => {
  it("allows only 0 when the task has no worked examples", () => {
    expect(checkShots({})).toBe(0);
    expect(checkShots({ shots: 0 })).toBe(0);
    expect(() => checkShots({ shots: 1 })).toThrow("this task has no worked examples");
  });

  it("takes the fallback when none is asked for, and refuses counts outside 0…max", () => {
    expect(checkShots({}, 2, 1)).toBe(1);
    expect(checkShots({ shots: 2 }, 2, 1)).toBe(2);
    for (const shots of [-1, 3, 1.5]) expect(() => checkShots({ shots }, 2, 1)).toThrow(InputError);
  });
});

describe("the token-cap sentence", () => {
  it("is one sentence, present only when a cap is set", () => {
    expect(tokenCapSentence(900)).toBe(
      "Your whole reply, reasoning and answer together, may use at most 900 output tokens.",
    );
    expect(tokenCapLines({ maxOutputTokens: 900 })).toEqual([tokenCapSentence(900)]);
    expect(tokenCapLines({})).toEqual([]);
  });
});
