import { describe, expect, it } from "vitest";
import { z } from "zod";
import { junkTexts, prototypesClean } from "../../test/support/hostile.ts";
import { isJsonText, MAX_ANSWER_DEPTH, parseJsonAnswer } from "./json-answer.ts";
import { Rng } from "./rng.ts";
import { isParseFailure } from "./verdict.ts";

const schema = z.object({ rects: z.array(z.array(z.number().int()).length(4)) });
const answer = { rects: [[1, 2, 3, 4]] };
const valid = JSON.stringify(answer);
const read = (text: string) => parseJsonAnswer(text, schema);
const message = (r: unknown) => (isParseFailure(r) ? r.message : "no failure");

describe("parseJsonAnswer", () => {
  it("reads structured output, fenced blocks and the last JSON value in prose", () => {
    expect(parseJsonAnswer('{"rects":[[0,0,1,1]]}', schema)).toEqual({ rects: [[0, 0, 1, 1]] });
    expect(parseJsonAnswer('Reasoning...\n```json\n{"rects":[[0,0,0,0]]}\n```\nDone.', schema)).toEqual({
      rects: [[0, 0, 0, 0]],
    });
    expect(parseJsonAnswer('I tried {"rects": []} then {"rects": [[1,2,3,4]]} finally.', schema)).toEqual({
      rects: [[1, 2, 3, 4]],
    });
  });

  it("takes the whole text when it is JSON, scalars included", () => {
    expect(parseJsonAnswer(' \n\u00a0"[1]" \n', z.string())).toBe("[1]");
    expect(parseJsonAnswer("-0.5e3", z.number())).toBe(-500);
    expect(read(`\n  ${valid}\n`)).toEqual(answer);
  });

  it("takes the last fence that is JSON, and prefers fences to prose", () => {
    const fence = (body: string) => `\`\`\`json\n${body}\n\`\`\``;
    const other = '{"rects":[[5,6,7,8]]}';
    expect(read(`${fence(other)}\n${fence(valid)}`)).toEqual(answer);
    expect(read(`${fence(valid)}\n${fence("{not json")}\nand ${other}`)).toEqual(answer);
    expect(read(`\`\`\`\n${valid}\n\`\`\`\nor maybe ${other}?`)).toEqual(answer);
    expect(read(`\`\`\`json   \n \n${valid}\`\`\``)).toEqual(answer);
  });

  it("takes the last balanced JSON in prose, past junk brackets, stray quotes and strings holding brackets", () => {
    expect(read(`${valid}\n]]]}}} [[[{{{ {oops} [1, 2,]`)).toEqual(answer);
    expect(read(`The [5" pipes] and ["abc\n${valid} "`)).toEqual(answer);
    expect(read(`Earlier: {"rects": [[0,0,0,0]]}. Final: {"note": "]}\\"[{", "rects": [[1,2,3,4]]}`)).toEqual(
      {
        rects: [[1, 2, 3, 4]],
      },
    );
    expect(read(`[Answer: ${valid}]`)).toEqual(answer);
    expect(read(`{"rects": [[1,2,3,4]], oops ${valid} }`)).toEqual(answer);
    // The last JSON value is the answer, even when an earlier one would have matched.
    expect(message(read(`${valid} (see [1])`))).toMatch(/^answer: /);
  });

  it("fails to parse, naming the field, when the shape is wrong or there is no JSON", () => {
    const wrong = parseJsonAnswer('{"rects":[[0,0,1]]}', schema);
    expect(message(wrong)).toMatch(/answer\.rects\[0\]/);
    expect(isParseFailure(parseJsonAnswer("no idea", schema))).toBe(true);
    expect(isParseFailure(parseJsonAnswer('{"rects": [[NaN, 0, 1, 1]]}', schema))).toBe(true);
    const longKey = parseJsonAnswer(`{"${"k".repeat(10_000)}": 1}`, z.strictObject({}));
    expect(message(longKey).length).toBeLessThan(400);
  });

  it("refuses values nested deeper than the cap, at the cap's edge too", () => {
    const nest = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
    const deep = z.array(z.unknown());
    expect(isParseFailure(parseJsonAnswer(nest(MAX_ANSWER_DEPTH), deep))).toBe(false);
    expect(message(parseJsonAnswer(nest(MAX_ANSWER_DEPTH + 1), deep))).toBe(
      `answer: nested more than ${MAX_ANSWER_DEPTH} levels deep`,
    );
    const lazy: z.ZodType = z.lazy(() => z.array(lazy));
    expect(message(parseJsonAnswer(nest(100_000), lazy))).toMatch(/nested more than/);
    expect(message(parseJsonAnswer(`${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`, lazy))).toMatch(
      /nested more than/,
    );
  });

  it("drops __proto__ keys, so no schema or later copy can turn them into a prototype", () => {
    const text = '{"__proto__": {"polluted": 1}, "a": {"__proto__": [1]}, "constructor": {"prototype": 1}}';
    for (const s of [z.unknown(), z.looseObject({}), z.record(z.string(), z.unknown())]) {
      const value = parseJsonAnswer(text, s as z.ZodType<Record<string, unknown>>);
      expect(isParseFailure(value)).toBe(false);
      const copy: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) copy[k] = v;
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
      expect(Object.keys(value).sort()).toEqual(["a", "constructor"]);
    }
    expect(prototypesClean()).toBe(true);
  });

  it("turns a schema that throws into a parse failure", () => {
    const throwing = z.unknown().superRefine(() => {
      throw new Error("boom");
    });
    expect(message(parseJsonAnswer("[1]", throwing))).toBe("answer could not be checked: boom");
  });

  it("returns a parse failure, never a throw, for hostile texts", () => {
    const bytes = 200_000;
    const depth = 100_000;
    const texts = [
      ...junkTexts(bytes).map((h) => h.text),
      "[".repeat(depth) + "x" + "]".repeat(depth),
      `["${"a".repeat(bytes)}`,
      `["${'\\"['.repeat(bytes / 3)}`,
      "```json\n[\n```\n".repeat(bytes / 12),
      `\`\`\`json\n[${"1,".repeat(bytes / 2)}x\n\`\`\``,
      `\`\`\`${"\n".repeat(bytes)}`,
      "[}".repeat(bytes / 2),
      `${valid}${"\u0000".repeat(bytes)}`,
    ];
    for (const text of texts) {
      const r = read(text);
      if (text.startsWith(valid)) expect(r).toEqual(answer);
      else expect(isParseFailure(r), text.slice(0, 40)).toBe(true);
    }
  });
});

describe("isJsonText", () => {
  it("agrees with JSON.parse on random JSON and its one-character near misses", () => {
    const rng = new Rng("json-answer");
    const space = () => rng.pick(["", "", " ", "\n", "\t", "\r"]);
    const scalars = [
      "0",
      "-0",
      "12",
      "-3.25",
      "1e5",
      "2E-3",
      "1.5e+7",
      "true",
      "false",
      "null",
      '""',
      '"a b"',
    ];
    const strings = ['"\\\\"', '"\\u00e9\\n"', '"[{]}"', '"\\"\\\\"', '"\ud800"', '"\u007f"', '"\\"'];
    const value = (depth: number): string => {
      const kind = depth > 2 ? 0 : rng.int(0, 2);
      if (kind === 0) return rng.pick(rng.bool() ? scalars : strings);
      const items = Array.from({ length: rng.int(0, 3) }, () =>
        kind === 1 ? value(depth + 1) : `${rng.pick(strings)}${space()}:${space()}${value(depth + 1)}`,
      );
      const [open, close] = kind === 1 ? ["[", "]"] : ["{", "}"];
      return `${open}${space()}${items.join(`${space()},${space()}`)}${space()}${close}`;
    };
    const noise = ["[", "]", "{", "}", ",", ":", '"', "\\", "0", "-", ".", "e", " ", "\n", "\u0001", "x"];
    const parses = (s: string) => {
      try {
        JSON.parse(s);
        return true;
      } catch {
        return false;
      }
    };
    const counts = { valid: 0, invalid: 0 };
    for (let n = 0; n < 4000; n++) {
      let s = `${space()}${value(0)}${space()}`;
      if (rng.bool(0.6)) {
        const at = rng.int(0, s.length);
        const cut = rng.int(0, 1);
        s = s.slice(0, at) + (rng.bool(0.7) ? rng.pick(noise) : "") + s.slice(at + cut);
      }
      const want = parses(s);
      expect(isJsonText(s), JSON.stringify(s)).toBe(want);
      counts[want ? "valid" : "invalid"]++;
    }
    expect(Math.min(counts.valid, counts.invalid)).toBeGreaterThan(1000);
  });
});
