import { describe, expect, it } from "vitest";
import { junkTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { gatePoints, POINTS, readPoints } from "./points.ts";

const rejected = (text: string) => {
  const r = readPoints(text);
  return isParseFailure(r) ? r.message : `read as ${r}`;
};

describe("readPoints", () => {
  it("reads each rubric grade", () => {
    for (const n of POINTS) expect(readPoints(`Reasoning...\n<points>${n} out of 7</points>`)).toBe(n);
  });

  it("tolerates spacing and case inside the tag", () => {
    expect(readPoints("<points> 6  OUT of 7 </points>")).toBe(6);
  });

  it("rejects grades off the rubric", () => {
    for (const n of [2, 3, 4, 5, 8])
      expect(rejected(`<points>${n} out of 7</points>`)).toMatch(/not a rubric grade/);
  });

  it("rejects other forms and replies without a tag", () => {
    expect(rejected("<points>7/7</points>")).toMatch(/unreadable grade/);
    expect(rejected("<points>7 out of 10</points>")).toMatch(/unreadable grade/);
    expect(rejected("<points>-1 out of 7</points>")).toMatch(/unreadable grade/);
    expect(rejected("7 out of 7")).toMatch(/no <points>/);
    expect(rejected("Score: 7/7")).toMatch(/no <points>/);
    expect(rejected("")).toMatch(/no <points>/);
  });

  it("accepts several tags only when they all agree", () => {
    expect(readPoints("<points>1 out of 7</points> so: <points>1 out of 7</points>")).toBe(1);
    expect(rejected("<points>7 out of 7</points>\n<points>6 out of 7</points>")).toMatch(/disagree/);
    expect(rejected("<points>7 out of 7</points> <points>7/7</points>")).toMatch(/unreadable/);
  });
});

describe("readPoints on hostile replies", () => {
  it("ignores opening tags that are never closed, and reads case-insensitively", () => {
    expect(readPoints(`<POINTS>6 out of 7</Points>${"<points>".repeat(100_000)}`)).toBe(6);
    expect(readPoints(`<points>7 out of 7</points>${"<points>1 out of 7".repeat(50_000)}`)).toBe(7);
  });

  it("reads a tag from its opening to the first closing tag, and quotes at most a clip of it", () => {
    const message = rejected(`${"<points>".repeat(100_000)}7 out of 7</points>`);
    expect(message).toMatch(/^unreadable grade <points><points>/);
    expect(message.length).toBeLessThan(100);
  });

  it("names at most four of many disagreeing grades", () => {
    const tags = Array.from({ length: 1000 }, (_, i) => `<points>${i} out of 7</points>`).join("");
    expect(rejected(tags)).toBe("1000 <points> tags disagree (0, 1, 2, 3, … out of 7)");
  });

  it("answers every hostile junk text with a grade or a short failure", () => {
    for (const { name, text } of junkTexts(1_000_000)) {
      expect(rejected(text).length, name).toBeLessThan(200);
    }
    expect(rejected(`<points>${"9".repeat(1_000_000)} out of 7</points>`)).toMatch(/Infinity out of 7/);
  });
});

describe("gatePoints (section 3.5)", () => {
  it.each([
    [7, true, 7],
    [6, true, 6],
    [1, true, 1],
    [0, true, 0],
    [7, false, 6],
    [6, false, 1],
    [1, false, 1],
    [0, false, 0],
  ] as const)("proof %i, construction passed %s → %i", (proof, passed, gated) => {
    expect(gatePoints(proof, passed)).toBe(gated);
  });
});
