import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lastFencedBlock } from "./parse.ts";

/** The regular expression the linear scan replaced (quadratic on many unclosed fences). */
const byRegex = (text: string) => [...text.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].at(-1)?.[1];

describe("maze fenced block", () => {
  it("finds the same last block as the regular expression it replaced", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("`", "```", "\n", "a"), { maxLength: 20 }), (parts) => {
        const text = parts.join("");
        expect(lastFencedBlock(text)).toBe(byRegex(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads the block after an info string, and none from an unclosed fence", () => {
    expect(lastFencedBlock("```text\nA1\n1B\n```")).toBe("A1\n1B\n");
    expect(lastFencedBlock("```\n11\n```\nlater ```\n22\n```")).toBe("22\n");
    expect(lastFencedBlock("```\nA1\n1B")).toBeUndefined();
    expect(lastFencedBlock("`".repeat(30_000))).toBeUndefined();
  });
});
