import { describe, expect, it } from "vitest";
import { z } from "zod";
import { levelOfParams } from "./levels.ts";

const schema = z
  .object({
    size: z.number().int().default(4),
    hard: z.boolean().default(false),
    seedNote: z.string().optional(),
  })
  .strict();

describe("levelOfParams", () => {
  it("names the level that agrees on every parameter some level sets, defaults completed", () => {
    const levels = { default: {}, big: { size: 8 }, "big-hard": { size: 8, hard: true } };
    expect(levelOfParams(schema, levels, {})).toBe("default");
    expect(levelOfParams(schema, levels, { size: 4, hard: false })).toBe("default");
    expect(levelOfParams(schema, levels, { size: 8 })).toBe("big");
    expect(levelOfParams(schema, levels, { hard: true, size: 8 })).toBe("big-hard");
    // A parameter no level sets does not change the level.
    expect(levelOfParams(schema, levels, { size: 8, seedNote: "x" })).toBe("big");
  });

  it("is null for params no level names, or that the schema refuses", () => {
    const levels = { default: {}, big: { size: 8 } };
    expect(levelOfParams(schema, levels, { size: 6 })).toBeNull();
    expect(levelOfParams(schema, { big: { size: 8 } }, { hard: true })).toBeNull();
    expect(levelOfParams(schema, levels, { hard: true })).toBe("default");
    expect(levelOfParams(schema, levels, null)).toBeNull();
    expect(levelOfParams(schema, levels, { size: "8" })).toBeNull();
    expect(levelOfParams(schema, levels, { size: 8, extra: 1 })).toBeNull();
  });
});
