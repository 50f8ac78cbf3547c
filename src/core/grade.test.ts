import { describe, expect, it } from "vitest";
import { z } from "zod";
import { gradeResponse, oversized, readAction, stepSafely } from "./grade.ts";
import type { AnyTask, Environment, Instance } from "./task.ts";
import { ParseFailure } from "./verdict.ts";

const inst: Instance = { id: "i", task: "t", params: {}, seed: null, data: null };

/** A task whose parser reads "n" as a number, strictly as digits and leniently with a leading "#". */
function task(over: Partial<AnyTask> = {}): AnyTask {
  return {
    id: "t",
    suite: "s",
    version: 1,
    description: "",
    tags: [],
    params: z.unknown(),
    levels: {},
    answer: z.number(),
    data: z.unknown(),
    generate: () => inst,
    prompt: () => ({ messages: [] }),
    parse: (text, _inst, opts) => {
      const m = (opts?.lenient ? /#?(\d+)/ : /^(\d+)$/).exec(text.trim());
      return m ? Number(m[1]) : new ParseFailure("no number");
    },
    verify: (_inst, answer) =>
      answer === 7
        ? { score: 1, passed: true, checks: [] }
        : { score: 0, passed: false, checks: [], failure: { kind: "wrong", message: "not 7" } },
    ...over,
  };
}

describe("gradeResponse", () => {
  it("parses and verifies, leniently only when asked", async () => {
    expect((await gradeResponse(task(), inst, "7")).verdict.passed).toBe(true);
    const strict = await gradeResponse(task(), inst, "#7");
    expect([strict.answer, strict.verdict.failure?.kind]).toEqual([null, "parse"]);
    const lenient = await gradeResponse(task(), inst, "#7", { lenient: true });
    expect([lenient.answer, lenient.lenient, lenient.verdict.passed]).toEqual([7, true, true]);
  });

  it("does not read a response over the cap, counting UTF-8 bytes", async () => {
    const graded = await gradeResponse(task(), inst, `7${" ".repeat(1024 * 1024)}`);
    expect(graded.verdict.failure).toEqual({
      kind: "parse",
      message: "the response is 1,048,577 bytes, over the 1,048,576-byte cap (--max-response-bytes)",
    });
    expect(oversized("é".repeat(600), 1000)?.message).toMatch(/1,200 bytes, over the 1,000-byte cap/);
    expect(oversized("é".repeat(500), 1000)).toBeUndefined();
    expect((await gradeResponse(task(), inst, "7", { maxResponseBytes: 1 })).verdict.passed).toBe(true);
  });

  it("turns a task's own throw into an error verdict on that answer, never a crash", async () => {
    const parseBug = task({
      parse: () => {
        throw new TypeError("x is undefined");
      },
    });
    const verifyBug = task({
      verify: async () => {
        throw new RangeError("index out of range");
      },
    });
    const p = await gradeResponse(parseBug, inst, "7");
    expect(p.verdict.failure).toEqual({
      kind: "error",
      message: "reading the answer failed inside Plumb: x is undefined",
    });
    const v = await gradeResponse(verifyBug, inst, "7");
    expect([v.answer, v.verdict.failure?.kind, v.verdict.score]).toEqual([7, "error", 0]);
  });
});

describe("environment steps", () => {
  const env = (over: Partial<Environment>): Environment =>
    ({
      parseAction: () => "go",
      step: () => ({ observation: { text: "" } }),
      ...over,
    }) as unknown as Environment;

  it("cap the reply, and turn a throwing reader into a parse failure", () => {
    expect(readAction(env({}), "go")).toBe("go");
    expect(readAction(env({}), "x".repeat(20), 10)).toBeInstanceOf(ParseFailure);
    const throwing = env({
      parseAction: () => {
        throw new Error("boom");
      },
    });
    expect((readAction(throwing, "go") as ParseFailure).message).toContain("boom");
  });

  it("turn a throwing step into an error verdict that ends the episode", () => {
    const result = stepSafely(
      env({
        step: () => {
          throw new Error("state corrupted");
        },
      }),
      "go",
    );
    expect("crashed" in result && result.crashed.failure).toEqual({
      kind: "error",
      message: "the environment's step failed inside Plumb: state corrupted",
    });
  });
});
