import { describe, expect, it } from "vitest";
import { isParseFailure } from "../../../core/verdict.ts";
import { questionSections, solutionSection } from "./sections.ts";

/** The solution section, or the parse failure's message in brackets. */
const solution = (text: string) => {
  const s = solutionSection(text);
  return isParseFailure(s) ? `[${s.message}]` : s;
};

describe("headings", () => {
  it("reads any level from 1 to 6, up to three leading spaces, a space or tab after the #s", () => {
    for (const heading of [
      "# Solution",
      "###### Solution",
      "   ## Solution",
      "##\tSolution",
      "## \t Solution",
    ]) {
      expect(solution(`${heading}\nX`), heading).toBe("X");
    }
  });

  it("does not read seven #s, four leading spaces, no space after the #s or a tab before them", () => {
    for (const line of [
      "####### Solution",
      "    ## Solution",
      "##Solution",
      "\t## Solution",
      "x ## Solution",
    ]) {
      expect(solution(`${line}\nX`), line).toMatch(/^\[missing/);
    }
  });

  it("drops closing #s, trailing blanks, colons and periods, case and repeated spaces from the title", () => {
    for (const heading of ["## Solution ##", "## Solution:", "## SOLUTION.  # ", "## Solution #\t#"]) {
      expect(solution(`${heading}\nX`), heading).toBe("X");
    }
    expect(solution("## Solution #2\nX")).toMatch(/^\[missing/);
    expect(solution("## Solution to\t  question 1:\nX")).toMatch(/^\[missing/);
    expect(questionSections("## Solution to\t  question 1:\nA\n## solution TO question 2\nB")).toEqual({
      first: "A",
      second: "B",
    });
  });

  it("ends lines at \\r\\n, \\r and the Unicode line separators", () => {
    expect(solution("Notes\r\n## Solution\r\nX\r\n")).toBe("X");
    expect(solution("## Solution\rX")).toBe("X");
    expect(solution("a\u2028## Solution\u2029X")).toBe("X");
  });

  it("counts every heading line, in order", () => {
    expect(solution("## Solution\n".repeat(3))).toBe("[the `## Solution` heading appears 3 times]");
    expect(questionSections("## Solution to Question 2\nB\n## Solution to Question 1\nA")).toMatchObject({
      message: expect.stringMatching(/comes before/),
    });
  });
});
