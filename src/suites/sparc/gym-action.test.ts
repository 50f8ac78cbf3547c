import { describe, expect, it } from "vitest";
import { isParseFailure } from "../../core/verdict.ts";
import { MAX_ACTION_REPLY, readGymAction } from "./gym-action.ts";

const read = (text: string): string | null => {
  const out = readGymAction(text);
  return isParseFailure(out) ? null : out;
};

// Expected values are what lkaesberg/SPaRC's `_parse_action` (HEAD 5778bb4) returns after the
// CLI's `split("</think>")[-1].strip()`, checked against Python 3.11.
describe("readGymAction: the SPaRC CLI's gym action reader", () => {
  it("accepts what the issue lists", () => {
    expect(read("Final: up\n\nI moved up because the dot is there.")).toBe("up");
    expect(read("The dot is to the left, so I go left. Final: left")).toBe("left");
    expect(read("Final: move right")).toBe("right");
    expect(read("Final answer: right")).toBe("right");
    expect(read("Move: up")).toBe("up");
    expect(read("The answer is right")).toBe("right");
  });

  it("takes the first Final digit, before any Final word", () => {
    expect(read("Final: 1\nFinal: 3")).toBe("up");
    expect(read("Final: left\nFinal: 3")).toBe("down");
    expect(read("Final: down then Final: up")).toBe("down");
    expect(read("FINAL:2")).toBe("left");
    expect(read("final:\t\n 0.")).toBe("right");
    expect(read("xFinal: 3x")).toBe(null);
    expect(read("**Final: 3**")).toBe("down");
    // The label's i matches Python's dotted and dotless i under IGNORECASE.
    expect(read("FİNAL: 1 ok")).toBe("up");
  });

  it("falls back to a digit, then a direction word, ending the reply", () => {
    expect(read("I pick 2")).toBe("left");
    expect(read("2")).toBe("left");
    expect(read("so: DOWN \n\n")).toBe("down");
    expect(read("Answer: (up)")).toBe(null);
    expect(read("go up.")).toBe(null);
    expect(read("step 2, then left")).toBe("left");
    expect(read("action=1")).toBe("up");
  });

  it("reads only after the last </think>", () => {
    expect(read("<think>Final: 1</think>\nFinal: left")).toBe("left");
    expect(read("<think>a</think>b</think>  3  ")).toBe("down");
    expect(read("<think>Final: 1</think>")).toBe(null);
    expect(read("<THINK>x</THINK> Final: 0")).toBe("right");
    expect(read("</think>Final: 1</Think> no")).toBe("up");
  });

  it("refuses near misses", () => {
    for (const bad of [
      "Final: 4",
      "Final: 12",
      "Final: 1_",
      "Final: 1é",
      "Final: rightward",
      "rightward",
      "upright",
      "é1",
      "x1",
      "Final: north",
      "Final - up now",
      "Final:: up?",
      "Final: ri ght",
      "",
      " \n\t",
      "4",
      "Final: ١",
      // The CLI crashes on this one (its word table has no "rİght"), so no action either.
      "Final: rİght",
    ]) {
      expect(read(bad), JSON.stringify(bad)).toBe(null);
    }
    const out = readGymAction("Final: 4");
    expect(isParseFailure(out) && out.message).toMatch(/no "Final: <action>".*ends "Final: 4"/);
  });

  it("takes Python's word boundaries and whitespace", () => {
    expect(read("Final:\u00851")).toBe("up");
    expect(read("Final:\u30001")).toBe("up");
    expect(read("Final:\uFEFF1")).toBe("up"); // not whitespace: the digit falls back as the last character
    expect(read("Final:\uFEFF1 x")).toBe(null);
    expect(read("\u{1D400}1")).toBe(null); // an astral letter before the digit
    expect(read("\u{1F600}1")).toBe("up"); // an emoji is no word character
    expect(read("Final: up\u{1D400}")).toBe(null);
  });

  it("reads no prototype names", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      expect(read(`Final: ${name}`)).toBe(null);
      expect(read(name)).toBe(null);
    }
  });

  it("stays linear on huge and adversarial replies", () => {
    const cases = [
      `${"Final: ".repeat(500_000)}`,
      `${"Final:".repeat(500_000)} 2`,
      `Final:${" ".repeat(2_000_000)}x`,
      `${"1 ".repeat(1_000_000)}x`,
      `${"</think>".repeat(200_000)}up`,
      `${"a".repeat(3_000_000)}Final: 3`,
    ];
    const expected = [null, "left", null, null, "up", "down"];
    const t0 = performance.now();
    expect(cases.map(read)).toEqual(expected);
    expect(performance.now() - t0).toBeLessThan(2000);
    const huge = readGymAction("x".repeat(MAX_ACTION_REPLY + 1));
    expect(isParseFailure(huge) && huge.message).toMatch(/characters long/);
  });
});
