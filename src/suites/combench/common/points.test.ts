import { describe, expect, it } from "vitest";
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
