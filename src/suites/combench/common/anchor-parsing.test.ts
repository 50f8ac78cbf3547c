import { afterEach, describe, expect, it, vi } from "vitest";
import type { Instance } from "../../../core/task.ts";
import { isParseFailure, type ParseFailure } from "../../../core/verdict.ts";
import { comBenchAnalysisTask as analysis } from "../analysis/index.ts";
import { comBenchConstructionTask as construction } from "../construction/index.ts";
import { loadStarterRecords } from "../records/load.ts";
import { parseAnalysisAsAnchor, parseConstructionAsAnchor } from "./anchor-parsing.ts";
import { parseAnalysis, parseConstruction } from "./answers.ts";
import { JUDGE_TEMPLATE_VARIABLE } from "./judge-template.ts";
import { PARSING_MODE_VARIABLE, parsingMode } from "./parsing-mode.ts";
import type { TaskRecord } from "./record.ts";
import { combineVerdict } from "./verdicts.ts";

const failure = (x: unknown) => (isParseFailure(x) ? (x as ParseFailure).message : undefined);

const Q1 = "## Solution to Question 1";
const Q2 = "## Solution to Question 2";
const answer = (first: string, second: string, before = "") =>
  `${before}${Q1}\n${first}\n\n${Q2}\n${second}\n`;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("anchor parsing, analysis answers", () => {
  it("judges the whole reply, with or without the heading; Plumb's parsing needs the heading", () => {
    expect(parseAnalysisAsAnchor("  The answer is 5.\n")).toEqual({ proof: "The answer is 5." });
    expect(failure(parseAnalysis("The answer is 5."))).toMatch(/missing the `## Solution` heading/);
    expect(parseAnalysisAsAnchor("Intro.\n## Solution\nProof.")).toEqual({
      proof: "Intro.\n## Solution\nProof.",
    });
    expect(parseAnalysis("Intro.\n## Solution\nProof.")).toEqual({ proof: "Proof." });
  });

  it("refuses an empty reply and one holding a construct tag, in any case", () => {
    expect(failure(parseAnalysisAsAnchor(" \n\t"))).toBe("empty solution");
    for (const tag of ["<construct>", "</construct>", "<CONSTRUCT>"]) {
      expect(failure(parseAnalysisAsAnchor(`## Solution\nx ${tag} y`))).toMatch(/<construct> tag/);
    }
    expect(parseAnalysisAsAnchor("<construction> is a word")).toEqual({ proof: "<construction> is a word" });
  });
});

describe("anchor parsing, construction answers", () => {
  it("reads the two sections and the trimmed block", () => {
    expect(parseConstructionAsAnchor(answer("Proof.", "Here:\n<construct>\n [1, 2] \n</construct>"))).toEqual(
      {
        proof: "Proof.",
        construction: { payload: "[1, 2]" },
      },
    );
    // Headings may end in spaces or tabs; whitespace may precede the first.
    expect(parseConstructionAsAnchor(`\n \n${Q1} \t\nP\n${Q2}\t\n<construct>1</construct>`)).toMatchObject({
      proof: "P",
      construction: { payload: "1" },
    });
  });

  it("refuses text before the first heading, which Plumb's parsing ignores", () => {
    const text = answer("Proof.", "<construct>1</construct>", "Sure, here it is.\n");
    expect(failure(parseConstructionAsAnchor(text))).toMatch(/text before the `## Solution to Question 1`/);
    expect(parseConstruction(text)).toMatchObject({ proof: "Proof.", construction: { payload: "1" } });
  });

  it("takes only the exact heading lines", () => {
    const near = [
      "## Solution to question 1",
      "##  Solution to Question 1",
      "## Solution to Question 1:",
      " ## Solution to Question 1",
      "### Solution to Question 1",
      "## Solution to Question 1 (proof)",
    ];
    for (const heading of near) {
      const text = answer("Proof.", "<construct>1</construct>").replace(Q1, heading);
      expect(failure(parseConstructionAsAnchor(text)), heading).toBe(
        "missing the `## Solution to Question 1` heading",
      );
    }
    const crlf = answer("Proof.", "<construct>1</construct>").replaceAll("\n", "\r\n");
    expect(failure(parseConstructionAsAnchor(crlf))).toMatch(/missing the `## Solution to Question 1`/);
  });

  it("refuses repeated, misordered and empty sections", () => {
    const block = "<construct>1</construct>";
    const cases: [string, RegExp][] = [
      [`${Q1}\nP\n${Q1}\nQ\n${Q2}\n${block}`, /Question 1` heading appears 2 times/],
      [`${Q1}\nP\n${Q2}\n${block}\n${Q2}\n${block}`, /Question 2` heading appears 2 times/],
      [`${Q1}\nP\n`, /missing the `## Solution to Question 2`/],
      [`${Q2}\n${block}\n${Q1}\nP`, /text before the `## Solution to Question 1`/],
      [`${Q1}\n \n${Q2}\n${block}`, /Question 1 is empty/],
      [`${Q1}\nP\n${Q2}\n\n`, /Question 2 is empty/],
    ];
    for (const [text, message] of cases)
      expect(failure(parseConstructionAsAnchor(text)), text).toMatch(message);
  });

  it("reads blocks as the anchor does where Plumb's parsing differs", () => {
    const block = (second: string) => parseConstructionAsAnchor(answer("Proof.", second));
    expect(block("<CONSTRUCT>1</Construct>")).toMatchObject({ construction: { payload: "1" } });
    expect(block("<construct>```\n1\n```</construct>")).toMatchObject({
      construction: { payload: "```\n1\n```" },
    });
    expect(block("<construct> </construct>")).toMatchObject({ construction: { payload: "" } });
    for (const bad of [
      "no block",
      "<construct>1</construct> <construct>2</construct>",
      "</construct>1<construct>",
      '<construct lang="py">1</construct>',
      "<construct>1",
    ]) {
      expect(block(bad), bad).toMatchObject({ construction: { problem: expect.any(String) } });
    }
  });

  it("leaves the proof unjudged but runs the block when Question 1 holds a construct tag", async () => {
    vi.stubEnv("PLUMB_COMBENCH_VERIFIER", "native");
    const inst = construction.load?.(loadStarterRecords()[0]) as Instance<TaskRecord>;
    const text = answer(
      "See <construct>x</construct>.",
      `<construct>${inst.data.ref_construction}</construct>`,
    );
    const parsed = construction.parse(text, inst);
    if (isParseFailure(parsed)) throw new Error(parsed.message);
    expect(parsed.proofProblem).toMatch(/Question 1 contains a <construct> tag/);
    const verdict = await construction.verify(inst, parsed);
    expect(verdict.checks.find((c) => c.name === "construction.verified")?.ok).toBe(true);
    expect(verdict).toMatchObject({ score: 0, failure: { kind: "parse" } });
    expect(combineVerdict(verdict, 7, "graded 7")).toMatchObject({
      score: 0,
      passed: false,
      failure: { kind: "parse" },
    });
    // Plumb's parsing judges that proof and fails the construction instead.
    expect(parseConstruction(text)).toMatchObject({
      construction: { problem: expect.stringMatching(/Question 1/) },
    });
  });

  it.each(["native", "python"])("runs an empty block's verifier, which fails it (%s)", async (mode) => {
    vi.stubEnv("PLUMB_COMBENCH_VERIFIER", mode);
    const inst = construction.load?.(loadStarterRecords()[0]) as Instance<TaskRecord>;
    const parsed = construction.parse(answer("Proof.", "<construct>\n</construct>"), inst);
    if (isParseFailure(parsed)) throw new Error(parsed.message);
    const verdict = await construction.verify(inst, parsed);
    expect(verdict.checks.find((c) => c.name === "construction.verified")?.ok).toBe(false);
    expect(verdict.failure?.kind).toBe("unscored");
  });

  it("stays linear on a long line that starts like a heading", () => {
    const long = `${Q1}${" ".repeat(2_000_000)}x\n`.repeat(2);
    const started = performance.now();
    expect(failure(parseConstructionAsAnchor(long))).toMatch(/missing/);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("the parsing mode", () => {
  it("defaults to the anchor's, takes plumb, refuses anything else", () => {
    expect(parsingMode({})).toBe("anchor");
    expect(parsingMode({ [PARSING_MODE_VARIABLE]: " Plumb " })).toBe("plumb");
    expect(() => parsingMode({ [PARSING_MODE_VARIABLE]: "strict" })).toThrow(
      /field PLUMB_COMBENCH_PARSING: "strict" is not a parsing mode \(anchor, plumb\)/,
    );
  });

  it("is checked with the judge template, and described, as the tasks' settings a run stores", () => {
    vi.stubEnv(PARSING_MODE_VARIABLE, "strict");
    for (const task of [analysis, construction])
      expect(() => task.settings?.()).toThrow(/not a parsing mode/);
    vi.stubEnv(PARSING_MODE_VARIABLE, "plumb");
    vi.stubEnv(JUDGE_TEMPLATE_VARIABLE, "/nonexistent/judge.txt");
    expect(() => construction.settings?.()).toThrow(/\/nonexistent\/judge\.txt: file not found/);
    vi.stubEnv(JUDGE_TEMPLATE_VARIABLE, "");
    expect(construction.settings?.()).toEqual({ parsing: "plumb", verifier: "auto", judgeTemplate: null });
    vi.stubEnv(PARSING_MODE_VARIABLE, "");
    expect(analysis.settings?.()).toEqual({ parsing: "anchor", verifier: "auto", judgeTemplate: null });
  });

  it("switches the tasks' parsers", () => {
    const inst = analysis.load?.({ id: "a", query: "q", grading_guidelines: "g" }) as Instance<TaskRecord>;
    expect(analysis.parse("No heading.", inst)).toEqual({ proof: "No heading." });
    vi.stubEnv(PARSING_MODE_VARIABLE, "plumb");
    expect(failure(analysis.parse("No heading.", inst))).toMatch(/missing/);
  });
});
