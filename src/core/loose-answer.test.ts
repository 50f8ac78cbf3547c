import { describe, expect, it } from "vitest";
import { z } from "zod";
import { hostileTexts, prototypesClean } from "../../test/support/hostile.ts";
import { parseLooseAnswer } from "./loose-answer.ts";
import { ParseFailure } from "./verdict.ts";

const point = z.tuple([z.number(), z.number()]);
const segments = z.object({ segments: z.array(z.tuple([point, point])) });
const pairs = z.array(z.tuple([z.number().int(), z.number().int()]));

const message = (r: unknown) => (r instanceof ParseFailure ? r.message : "read");

describe("parseLooseAnswer", () => {
  it("reads the original's Python-style dicts and lists of tuples as their JSON forms", () => {
    const asJson = {
      segments: [
        [
          [0, 0],
          [1, 0.6],
        ],
      ],
    };
    expect(parseLooseAnswer("{'segments': [[[0, 0], [1, 0.6]]]}", segments)).toEqual(asJson);
    expect(parseLooseAnswer('{"segments": [[[0, 0], [1, 0.6]]]}', segments)).toEqual(asJson);
    expect(parseLooseAnswer("Here's my answer: [(0, 1), (2, 3)]. That's all.", pairs)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(parseLooseAnswer("```python\nanswer = 1\n```\n```python\n[(1, 2)]\n```", pairs)).toEqual([[1, 2]]);
    const flags = z.object({ ok: z.boolean(), note: z.null() });
    expect(parseLooseAnswer("{'ok': True, 'note': None}", flags)).toEqual({ ok: true, note: null });
  });

  it("names a wrong shape by field in the literal, not by a JSON fragment inside it", () => {
    const r = parseLooseAnswer("{'segments': [[0, 0], [1, 0.6]]}", segments);
    expect(message(r)).toMatch(/^answer\.segments\[0\]\[0\]: /);
    expect(message(r)).not.toMatch(/expected object, received array/);
  });

  it("reads a literal whole rather than a JSON fragment inside it", () => {
    const squares = z.array(pairs);
    expect(parseLooseAnswer("Answer: [[], [(2, 3)]]", squares)).toEqual([[], [[2, 3]]]);
    // A JSON answer before a separate literal is still read first.
    expect(parseLooseAnswer("[[true, 1]] then [(1,)]", z.array(z.array(z.unknown())))).toEqual([[true, 1]]);
  });

  it("keeps JSON first, and says when there is neither JSON nor a literal", () => {
    expect(parseLooseAnswer("[[1, 2]] and later (3, 4)", pairs)).toEqual([[1, 2]]);
    expect(message(parseLooseAnswer("I cannot answer this.", pairs))).toBe(
      "no JSON or Python literal answer found in the reply",
    );
    expect(message(parseLooseAnswer("[(1, 2.5)]", pairs))).toMatch(/^answer\[0\]\[1\]: /);
  });

  it("never sets a prototype, never evaluates, and refuses non-JSON keys by path", () => {
    const open = z.looseObject({});
    const r = parseLooseAnswer("{'__proto__': {'polluted': 1}, 'a': 1}", open) as Record<string, unknown>;
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
    expect(r).toEqual({ a: 1 });
    // Only the quoted string is a literal; nothing is called.
    expect(message(parseLooseAnswer("__import__('os').system('true')", open))).toMatch(/received string/);
    expect(message(parseLooseAnswer("{'a': {(1, 2): 3}}", open))).toBe(
      "answer.a: a dict key is a tuple; only str and int keys are read",
    );
    expect(parseLooseAnswer("{1: 'a'}", z.record(z.string(), z.string()))).toEqual({ "1": "a" });
    expect(prototypesClean()).toBe(true);
  });

  it("reads hostile texts of 1 MB without throwing or passing a wrong answer", () => {
    const texts = [
      ...hostileTexts("[(0, 1), (2, 3)]", 1_000_000),
      { name: "unclosed quotes after brackets", text: "[' ".repeat(300_000) },
      { name: "deep tuples", text: `${"(".repeat(100_000)}1${")".repeat(100_000)}` },
    ];
    for (const { text } of texts) {
      const r = parseLooseAnswer(text, pairs);
      if (!(r instanceof ParseFailure)) expect(pairs.safeParse(r).success).toBe(true);
    }
    expect(prototypesClean()).toBe(true);
  });
});
