import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SCBENCH_LABELS, SPARC_LABELS } from "../core/failure-modes.ts";
import { ParseFailure } from "../core/verdict.ts";
import { sample } from "../store/testing.ts";
import { failurePrompt, middleCut, readFailureLabel } from "./failure-judge.ts";
import { readChoice } from "./selection-judge.ts";

const read = (text: string) => readFailureLabel(text, SCBENCH_LABELS);
const failure = (text: string) => {
  const r = read(text);
  return r instanceof ParseFailure ? r.message : `read ${JSON.stringify(r)}`;
};

describe("reading a failure label", () => {
  it("reads one JSON object, or one fenced, with a label by id or by name", () => {
    expect(read('{"label": "near-miss", "confidence": 0.9, "reason": "one cell"}')).toEqual({
      label: "near-miss",
      confidence: 0.9,
      reason: "one cell",
    });
    expect(
      read('```json\n{"label": "Evasion / Forfeit", "confidence": 0, "reason": "gave up"}\n```'),
    ).toEqual({
      label: "evasion",
      confidence: 0,
      reason: "gave up",
    });
    expect(read('  {"label":"LOCAL-ONLY","confidence":1,"reason":" ok "}  ')).toMatchObject({
      label: "local-only",
      reason: "ok",
    });
  });

  it("refuses anything else: prose, a second object, extra or missing keys, bad values", () => {
    expect(failure("The label is local-only.")).toMatch(/not one JSON object/);
    expect(failure('Sure: {"label": "near-miss", "confidence": 0.9, "reason": "x"}')).toMatch(/not one JSON/);
    expect(failure('{"label": "near-miss", "confidence": 0.9, "reason": "x"} {"label": "evasion"}')).toMatch(
      /JSON/,
    );
    expect(failure('{"label": "near-miss", "confidence": 0.9}')).toMatch(/reason/);
    expect(failure('{"label": "near-miss", "confidence": 0.9, "reason": "x", "tags": []}')).toMatch(/tags/);
    expect(failure('{"label": "near-miss", "confidence": 1.5, "reason": "x"}')).toMatch(/confidence/);
    expect(failure('{"label": "near-miss", "confidence": "high", "reason": "x"}')).toMatch(/confidence/);
    expect(failure('{"label": "near-miss", "confidence": 0.5, "reason": "a\\nb"}')).toMatch(/one line/);
    expect(failure('{"label": "path-error", "confidence": 0.5, "reason": "x"}')).toMatch(
      /not a label of scbench/,
    );
    expect(failure('{"label": "toString", "confidence": 0.5, "reason": "x"}')).toMatch(/not a label/);
    expect(failure('{"__proto__": {"label": "near-miss"}, "confidence": 0.5, "reason": "x"}')).toMatch(
      /label/,
    );
    expect(
      readFailureLabel('{"label": "path-error", "confidence": 0.5, "reason": "x"}', SPARC_LABELS),
    ).toMatchObject({
      label: "path-error",
    });
  });

  it("never throws, and reads huge or deeply nested replies in bounded time", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const r = read(text);
        expect(r instanceof ParseFailure || SCBENCH_LABELS.labels.some((l) => l.id === r.label)).toBe(true);
      }),
    );
    const started = performance.now();
    expect(failure(`{"label": "${"x".repeat(5_000_000)}", "confidence": 0.5, "reason": "x"}`)).toMatch(
      /label/,
    );
    expect(failure(`${"[".repeat(200_000)}`)).toMatch(/JSON/);
    expect(failure(`{"a": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`)).toMatch(/nested|JSON/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("reads a choice among k the same way", () => {
    expect(readChoice('{"choice": 3, "reason": "longest"}', 4)).toEqual({ choice: 3, reason: "longest" });
    expect(readChoice('{"choice": 5, "reason": "x"}', 4)).toBeInstanceOf(ParseFailure);
    expect(readChoice('{"choice": 1.5, "reason": "x"}', 4)).toBeInstanceOf(ParseFailure);
    expect(readChoice("2", 4)).toBeInstanceOf(ParseFailure);
  });
});

describe("the failure judge's prompt", () => {
  it("holds the labels, the card, the verifier's checks and the attempt, cut to bounded lengths", () => {
    const s = sample({ text: `${"a".repeat(100_000)}THE END`, reasoning: "r".repeat(50) });
    const prompt = failurePrompt(
      SCBENCH_LABELS,
      {
        intent: "Find a path.",
        output: ["#### [(x, y), …]"],
        constraints: ["stay on the grid"],
        checks: [{ name: "reaches-goal", meaning: "stops short", likely: ["near-miss", "path-error"] }],
        tieBreaks: { "near-miss": "one step short", "path-error": "not shown for scbench" },
      },
      s,
      [],
    );
    const user = prompt.messages[1]?.content ?? "";
    for (const part of [
      "evasion: Evasion/Forfeit:",
      "Runaway Overthinking needs both",
      "Task card (maze)",
      "- reaches-goal: stops short (usually: Near-Miss)",
      "- Near-Miss: one step short",
      "- reaches-goal: FAILED: stops at (1,0)",
      "characters left out",
      "THE END",
      "r".repeat(50),
    ])
      expect(user).toContain(part);
    expect(user).not.toContain("not shown for scbench");
    expect(user.length).toBeLessThan(80_000);
    expect(prompt.outputSchema).toMatchObject({
      properties: { label: { enum: SCBENCH_LABELS.labels.map((l) => l.id) } },
    });
  });

  it("keeps the head and the tail of a long text", () => {
    expect(middleCut("abcdefghij", 20)).toBe("abcdefghij");
    expect(middleCut("abcdefghij", 4)).toBe("ab\n[… 6 characters left out …]\nij");
  });
});
