import { describe, expect, it } from "vitest";
import { junkTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure, type ParseFailure } from "../../../core/verdict.ts";
import {
  type AnalysisAnswer,
  type ConstructionAnswer,
  formatAnalysis,
  formatConstruction,
  parseAnalysis,
  parseConstruction,
} from "./answers.ts";

const Q1 = "## Solution to Question 1";
const Q2 = "## Solution to Question 2";
const response = (first: string, second: string) => `${Q1}\n${first}\n\n${Q2}\n${second}\n`;

function construction(text: string): ConstructionAnswer {
  const parsed = parseConstruction(text);
  if (isParseFailure(parsed)) throw new Error(`unexpected parse failure: ${parsed.message}`);
  return parsed;
}

const problemOf = (text: string) => {
  const c = construction(text).construction;
  return "problem" in c ? c.problem : undefined;
};

const failure = (parsed: ConstructionAnswer | AnalysisAnswer | ParseFailure) =>
  isParseFailure(parsed) ? parsed.message : undefined;

describe("parseConstruction: headings", () => {
  it("reads the proof and the block's interior as written", () => {
    const a = construction(response("By induction.", "Here:\n<construct>\n[1, 2, 3]\n</construct>\nDone."));
    expect(a).toEqual({ proof: "By induction.", construction: { payload: "\n[1, 2, 3]\n" } });
  });

  it("ignores text before the first heading and tolerates heading level, case and a colon", () => {
    const a = construction(
      `Thinking...\n### solution to question 1:\nProof.\n# Solution To Question 2\n<construct>[1]</construct>`,
    );
    expect(a).toEqual({ proof: "Proof.", construction: { payload: "[1]" } });
  });

  it("is a parse failure when a heading is missing, repeated or out of order", () => {
    expect(failure(parseConstruction("<construct>[1]</construct>"))).toMatch(/missing .*Question 1/);
    expect(failure(parseConstruction(`${Q1}\nProof.\n<construct>[1]</construct>`))).toMatch(
      /missing .*Question 2/,
    );
    expect(
      failure(parseConstruction(`**Solution to Question 1**\nP\n${Q2}\n<construct>1</construct>`)),
    ).toMatch(/missing/);
    expect(failure(parseConstruction(response("P", `<construct>1</construct>\n${Q2}\nagain`)))).toMatch(
      /appears 2 times/,
    );
    expect(failure(parseConstruction(`${Q2}\n<construct>1</construct>\n${Q1}\nP`))).toMatch(/comes before/);
  });

  it("keeps an empty proof section (the judge grades it)", () => {
    expect(construction(response("", "<construct>[1]</construct>")).proof).toBe("");
  });
});

describe("parseConstruction: the construct block (not a parse failure; the construction is not run)", () => {
  it("flags a missing block", () => {
    expect(problemOf(response("P", "I could not find one."))).toMatch(/no <construct>/);
  });

  it("flags duplicated blocks", () => {
    expect(problemOf(response("P", "<construct>[1]</construct>\n<construct>[2]</construct>"))).toMatch(
      /2 <construct> blocks/,
    );
  });

  it("flags unbalanced and odd tags", () => {
    expect(problemOf(response("P", "<construct>[1]"))).toMatch(/unbalanced/);
    expect(problemOf(response("P", "[1]</construct>"))).toMatch(/unbalanced/);
    expect(problemOf(response("P", "</construct>[1]<construct>"))).toMatch(/unbalanced/);
    expect(problemOf(response("P", "<construct>[1]</construct></construct>"))).toMatch(/unbalanced/);
    expect(problemOf(response("P", '<construct lang="py">[1]</construct>'))).toMatch(
      /malformed construct tag/,
    );
    expect(problemOf(response("P", "<CONSTRUCT>[1]</CONSTRUCT>"))).toMatch(/malformed construct tag/);
  });

  it("flags an empty block and a code fence inside the block", () => {
    expect(problemOf(response("P", "<construct>\n  \n</construct>"))).toMatch(/empty/);
    expect(problemOf(response("P", "<construct>\n```python\n[1]\n```\n</construct>"))).toMatch(/code fence/);
  });

  it("accepts a fence around the block: only the interior is the payload", () => {
    expect(construction(response("P", "```\n<construct>[1]</construct>\n```")).construction).toEqual({
      payload: "[1]",
    });
  });

  it("flags a block in Question 1, even when Question 2 has one too", () => {
    const a = construction(response("<construct>[0]</construct>", "<construct>[1]</construct>"));
    expect(a.proof).toBe("<construct>[0]</construct>");
    expect(a.construction).toEqual({ problem: expect.stringMatching(/Question 1 contains/) });
  });
});

describe("parseAnalysis", () => {
  it("reads what follows the one ## Solution heading", () => {
    expect(parseAnalysis("Scratch.\n## Solution\nThe answer is 3.\n")).toEqual({ proof: "The answer is 3." });
  });

  it("is a parse failure without the heading, with it twice, or with the construction headings", () => {
    expect(failure(parseAnalysis("The answer is 3."))).toMatch(/missing .*## Solution/);
    expect(failure(parseAnalysis("## Solution\na\n## Solution\nb"))).toMatch(/appears 2 times/);
    expect(failure(parseAnalysis(`${Q1}\nProof.`))).toMatch(/missing/);
  });
});

describe("formatting writes what parsing reads back", () => {
  it("for both answer shapes", () => {
    const a: ConstructionAnswer = { proof: "Proof.", construction: { payload: "[[1, 2], [3, 4]]" } };
    expect(construction(formatConstruction(a))).toEqual({
      proof: "Proof.",
      construction: { payload: "\n[[1, 2], [3, 4]]\n" },
    });
    const none = construction(formatConstruction({ proof: "P", construction: { problem: "x" } }));
    expect(none.construction).toEqual({ problem: expect.stringMatching(/no <construct>/) });
    expect(parseAnalysis(formatAnalysis({ proof: "Done." }))).toEqual({ proof: "Done." });
  });
});

describe("hostile responses", () => {
  const MB = 1_000_000;
  const hostile = [
    ...junkTexts(MB).map(({ name, text }) => ({ name, text })),
    { name: "one heading line of # # # …", text: `${"# ".repeat(MB / 2)}x` },
    { name: "one heading line of blanks", text: `# x${" \t".repeat(MB / 2)}y` },
    { name: "unclosed construct tags", text: response("P", "<construct".repeat(MB / 10)) },
    { name: "unclosed construct tags in Question 1", text: response("<construct".repeat(MB / 10), "x") },
    { name: "construct tag heads before spaces", text: response("P", `<${" ".repeat(MB)}`) },
    { name: "many blocks", text: response("P", "<construct>1</construct>".repeat(MB / 24)) },
    { name: "NUL bytes in headings", text: response("\0".repeat(MB), "<construct>\0</construct>") },
  ];

  it("never throw, and fail with short messages", () => {
    for (const { name, text } of hostile) {
      expect(failure(parseAnalysis(text))?.length ?? 0, name).toBeLessThan(200);
      const parsed = parseConstruction(text);
      const message = isParseFailure(parsed) ? parsed.message : problemOf(text);
      expect(message?.length ?? 0, name).toBeLessThan(200);
    }
  });

  it("keep the construct block's rules: stray unclosed tags are not tags", () => {
    const junk = "<construct".repeat(100_000);
    expect(construction(response(junk, "<construct>[1]</construct>")).construction).toEqual({
      payload: "[1]",
    });
    expect(problemOf(response("P", `<construct>[1]</construct>${junk}`))).toBeUndefined();
    expect(problemOf(response("P", `${junk}>[1]</construct>`))).toMatch(
      /^malformed construct tag "<construct<construct/,
    );
    expect(problemOf(response("P", `${junk}>[1]</construct>`))?.length).toBeLessThan(150);
    expect(problemOf(response("P", "<construct\n[1]</construct>"))).toMatch(/malformed construct tag/);
    expect(problemOf(response("P", "< / construct >[1]"))).toMatch(/malformed construct tag/);
  });
});
