import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseJsonAnswer } from "./json-answer.ts";
import { isParseFailure } from "./verdict.ts";

const schema = z.object({ rects: z.array(z.array(z.number().int()).length(4)) });

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

  it("fails to parse, naming the field, when the shape is wrong or there is no JSON", () => {
    const wrong = parseJsonAnswer('{"rects":[[0,0,1]]}', schema);
    expect(isParseFailure(wrong) && wrong.message).toMatch(/answer\.rects\[0\]/);
    expect(isParseFailure(parseJsonAnswer("no idea", schema))).toBe(true);
    expect(isParseFailure(parseJsonAnswer('{"rects": [[NaN, 0, 1, 1]]}', schema))).toBe(true);
  });
});
