import { describe, expect, it } from "vitest";
import { junkTexts } from "../../../test/support/hostile.ts";
import { sparcRecords, sparcResponses } from "../../../test/support/sparc.ts";
import { isParseFailure } from "../../core/verdict.ts";
import { boardOf } from "./board.ts";
import { extractPath, maxPathPoints, parseAnswer, stripThink } from "./parse.ts";
import { type Puzzle, puzzleFromRecord } from "./puzzle.ts";
import type { Point } from "./record.ts";
import { verifyPath } from "./verify.ts";

/** Only `end` matters to extraction. */
const puzzle: Puzzle = {
  width: 2,
  height: 2,
  cols: 5,
  rows: 5,
  start: { x: 0, y: 4 },
  end: { x: 4, y: 0 },
  gaps: [],
  dots: [],
  symbols: [],
  shapes: new Map(),
};

const pts = (...list: [number, number][]): Point[] => list.map(([x, y]) => ({ x, y }));

describe("extractPath, strict (the official CLI)", () => {
  it("reads (x, y) pairs after the last ####", () => {
    const text = "draft #### (9, 9), (8, 8)\nfinal:\n#### [(0, 4), (0,3),(0, 2)]";
    expect(extractPath(text, puzzle)).toEqual({
      path: pts([0, 4], [0, 3], [0, 2]),
      mode: "strict",
      lenientOnly: false,
    });
  });

  it("stops at the first occurrence of the end, inclusive", () => {
    const text = "#### (0, 4), (4, 0), (3, 0), (4, 0)";
    expect(extractPath(text, puzzle).path).toEqual(pts([0, 4], [4, 0]));
  });

  it("uses the whole text when there is no ####", () => {
    expect(extractPath("I go (0, 4) then (1, 4)", puzzle).path).toEqual(pts([0, 4], [1, 4]));
  });

  it("returns null without coordinates, and says where it looked", () => {
    const after = extractPath("(0, 4) #### no idea", puzzle);
    expect(after.path).toBeNull();
    expect(after.message).toBe("no (x, y) coordinates found after the last ####");
    expect(extractPath("nothing here", puzzle).message).toMatch(/no #### marker/);
  });

  it("keeps the CLI's blind spots: think blocks, brackets, spaces inside parentheses", () => {
    expect(extractPath("<think>(0, 4), (0, 3)</think> no answer", puzzle).path).toEqual(pts([0, 4], [0, 3]));
    expect(extractPath("#### [[0, 4], [0, 3]]", puzzle).path).toBeNull();
    expect(extractPath("#### ( 0 , 4 ), (0 ,3)", puzzle).path).toBeNull();
    expect(extractPath("#### (-1, 4), (0,\n3)", puzzle).path).toEqual(pts([0, 3]));
  });
});

describe("extractPath, lenient", () => {
  it("removes think blocks before reading", () => {
    const text = "<think>maybe (9, 9), (8, 8)</think>\nThe line: (0, 4), (1, 4)";
    expect(extractPath(text, puzzle, "lenient")).toEqual({
      path: pts([0, 4], [1, 4]),
      mode: "lenient",
      lenientOnly: true,
    });
    expect(stripThink("reasoning (1, 1)</think> answer")).toBe(" answer");
    expect(stripThink("answer <think>unfinished (1, 1)")).toBe("answer ");
  });

  it("reads bracket pairs, bare pairs and spaced parentheses", () => {
    const lenient = (text: string) => extractPath(text, puzzle, "lenient").path;
    expect(lenient("#### [[0, 4], [0, 3], [4, 0], [3, 0]]")).toEqual(pts([0, 4], [0, 3], [4, 0]));
    expect(lenient("#### 0,4 0,3 -> 1, 3")).toEqual(pts([0, 4], [0, 3], [1, 3]));
    expect(lenient("#### ( 0 , 4 ), ( 0 , 3 )")).toEqual(pts([0, 4], [0, 3]));
    expect(lenient("I tried 7,7 first.\nSolution path:\n0,4; 1,4; 2,4\nDone.")).toEqual(
      pts([0, 4], [1, 4], [2, 4]),
    );
    expect(lenient("Final solution:\n[0, 4] -> [1, 4]\nThis path works.")).toEqual(pts([0, 4], [1, 4]));
    expect(lenient("no marker [0, 4], [1, 4]")).toEqual(pts([0, 4], [1, 4]));
  });

  it("never reads less than strict", () => {
    const text = "<think>unfinished #### (0, 4), (0, 3)";
    expect(extractPath(text, puzzle, "lenient")).toEqual({
      path: pts([0, 4], [0, 3]),
      mode: "lenient",
      lenientOnly: false,
    });
  });

  it("flags only the paths strict would not have read", () => {
    expect(extractPath("#### (0, 4), (0, 3)", puzzle, "lenient").lenientOnly).toBe(false);
    expect(extractPath("#### [0, 4], [0, 3]", puzzle, "lenient").lenientOnly).toBe(true);
    expect(extractPath("nothing", puzzle, "lenient")).toMatchObject({ path: null, lenientOnly: false });
    expect(extractPath("#### [0, 4]", puzzle, "strict").lenientOnly).toBe(false);
  });
});

describe("extraction of hostile text", () => {
  it("reads at most ten times the grid's positions, which verify judges invalid on every path criterion", () => {
    const limit = maxPathPoints(puzzle);
    expect(limit).toBe(250);
    for (const text of ["#### " + "(0, 4), ".repeat(10_000), "Path: " + "[0, 4] ".repeat(10_000)]) {
      const path = extractPath(text, puzzle, "lenient").path ?? [];
      expect(path).toHaveLength(limit);
      const verdict = verifyPath(boardOf(puzzle), path);
      expect(verdict.failure?.kind).toBe("invalid");
      expect(verdict.failure?.message).toMatch(
        /^path\.length: more points than the 25 positions of the 5×5 grid \(a line visits each position at most once\)/,
      );
      expect(verdict.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
        "path.length",
        "path.start_end",
        "path.connected",
        "path.non_intersecting",
      ]);
    }
    expect(extractPath("(0, 4), ".repeat(10_000), puzzle).path).toHaveLength(limit);
  });

  it("drops think blocks pair by pair, in any case, however many tags are left open", () => {
    expect(stripThink("a<think>x<THINK>y</think>b</Think>c")).toBe("c");
    expect(stripThink("a<think>x</think>b<think>y</think>c")).toBe("abc");
    expect(stripThink(`answer (0, 4)${"<think>".repeat(10_000)}`)).toBe("answer (0, 4)");
    expect(stripThink(`${"</think>".repeat(10_000)}(0, 4)`)).toBe("(0, 4)");
  });

  it("reads from the last line naming a path that some pair follows", () => {
    const lenient = (text: string) => extractPath(text, puzzle, "lenient").path;
    expect(lenient("Solution path:\n0,4; 1,4\nThe path above works.\nSolutions are hard.")).toEqual(
      pts([0, 4], [1, 4]),
    );
    expect(lenient("path: 7,7\nfinal path:\n0,4 1,4\n")).toEqual(pts([0, 4], [1, 4]));
    expect(lenient(`${"the path\n".repeat(20_000)}0,4`)).toEqual(pts([0, 4]));
  });

  it("returns a path or a message for junk in both modes, never more points than the cap", () => {
    const texts = [
      ...junkTexts(200_000).map((h) => h.text),
      "path\n".repeat(40_000),
      "<think>".repeat(30_000),
      "1,2 ".repeat(50_000),
      `(${" ".repeat(200_000)}`,
    ];
    for (const text of texts) {
      for (const mode of ["strict", "lenient"] as const) {
        const r = extractPath(text, puzzle, mode);
        if (r.path === null) expect(r.message).toMatch(/no .*coordinate/);
        else expect(r.path.length).toBeLessThanOrEqual(maxPathPoints(puzzle));
      }
    }
  });
});

describe("parseAnswer", () => {
  it("returns the path or a ParseFailure", () => {
    expect(parseAnswer("#### (0, 4), (1, 4)", puzzle)).toEqual(pts([0, 4], [1, 4]));
    const failure = parseAnswer("#### I could not solve it", puzzle);
    expect(isParseFailure(failure) && failure.message).toBe(
      "no (x, y) coordinates found after the last ####",
    );
    expect(parseAnswer("#### [0, 4]", puzzle, "lenient")).toEqual(pts([0, 4]));
  });
});

describe("real responses (Qwen3-14B SFT, read by the official CLI)", () => {
  const puzzles = new Map(sparcRecords().map((record) => [record.id, puzzleFromRecord(record)] as const));
  const responses = sparcResponses();

  it("has 100 responses with puzzles", () => {
    expect(responses).toHaveLength(100);
    for (const r of responses) expect(puzzles.has(r.puzzle_id)).toBe(true);
  });

  it("strict extraction equals the CLI's extracted_path for every response", () => {
    for (const r of responses) {
      const got = extractPath(r.message, puzzles.get(r.puzzle_id) as Puzzle).path;
      const want = r.extracted_path === null || r.extracted_path.length === 0 ? null : r.extracted_path;
      expect(got, r.puzzle_id).toEqual(want);
    }
  });

  it("lenient mode agrees on these well-formed answers", () => {
    for (const r of responses) {
      expect(
        extractPath(r.message, puzzles.get(r.puzzle_id) as Puzzle, "lenient").lenientOnly,
        r.puzzle_id,
      ).toBe(false);
    }
  });
});
