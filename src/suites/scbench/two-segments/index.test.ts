import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { twoSegmentsTask as task } from "./index.ts";
import { reachableTargets } from "./solve.ts";
import { targetKey } from "./targets.ts";

const levels = Object.keys(task.levels);

describe("two-segments task", () => {
  it("offers the 17 reachable targets as levels plus three tiers", () => {
    expect(reachableTargets(2)).toHaveLength(17);
    expect(levels).toHaveLength(20);
    // A finer grid reaches nothing new.
    for (const d of [1, 3])
      expect(reachableTargets(d).map(targetKey)).toEqual(reachableTargets(2).map(targetKey));
  });

  it("generate → solve → verify passes and answers round-trip, for every level", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...levels),
        fc.integer({ min: 1, max: 4 }),
        fc.string(),
        (level, d, seed) => {
          const params = task.params.parse({ ...task.levels[level], snapDecimals: d });
          const inst = task.generate(params, new Rng(seed));
          expect(task.data.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
          const solved = task.solve?.(inst);
          expect(solved?.complete).toBe(true);
          const answer = solved?.answers[0];
          if (!answer) throw new Error("no answer");
          expect(task.verify(inst, answer).passed).toBe(true);
          const back = task.parse(task.formatAnswer?.(answer, inst) ?? "", inst);
          expect(back).toEqual(answer);
          const random = task.randomAnswer?.(inst, new Rng(`${seed}/random`));
          expect(task.answer.safeParse(random).success).toBe(true);
          if (random) expect(task.verify(inst, random).checks.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 120 },
    );
  });

  it("is deterministic in (params, seed)", () => {
    const params = task.params.parse(task.levels.medium);
    const a = task.generate(params, new Rng("same"));
    const b = task.generate(params, new Rng("same"));
    expect(b).toEqual(a);
    const tiers = new Set(
      ["s1", "s2", "s3", "s4", "s5"].map((s) => task.generate(params, new Rng(s)).data.tier),
    );
    expect([...tiers]).toEqual(["medium"]);
  });

  it("rejects an unreachable fixed target", () => {
    const params = task.params.parse({ target: { triangle: 1, quadrilateral: 0, pentagon: 1, hexagon: 1 } });
    expect(() => task.generate(params, new Rng(1))).toThrow(InputError);
  });

  it("prompts (--variant explained) with the target, the rounding rule, the schema and the token cap", () => {
    const inst = task.generate(task.params.parse(task.levels["tri2-pent2"]), new Rng(3));
    const p = task.prompt(inst, { variant: "explained", maxOutputTokens: 2048 });
    const user = p.messages[1]?.content ?? "";
    expect(p.messages[0]?.role).toBe("system");
    expect(user).toContain("2 triangles and 2 pentagons");
    expect(user).toContain("rounded to 2 decimal places");
    expect(user).toContain("2048 output tokens");
    expect(p.outputSchema).toMatchObject({ type: "object", required: ["segments"] });
    expect(() => task.prompt(inst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 2 })).toThrow(InputError);
  });

  it("parses a fenced answer among prose", () => {
    const inst = task.generate(task.params.parse({}), new Rng(4));
    const text = 'Reasoning…\n```json\n{"segments": [[[0, 0], [1, 1]], [[1, 0], [0, 1]]]}\n```';
    const a = task.parse(text, inst);
    expect(isParseFailure(a)).toBe(false);
  });

  it("renders with and without an answer", () => {
    const inst = task.generate(task.params.parse(task.levels.hard), new Rng(5));
    const answer = task.solve?.(inst).answers[0];
    expect(task.render?.(inst).svg).toContain("<svg");
    const svg = task.render?.(inst, answer).svg ?? "";
    expect(svg).toContain("Correct");
    expect(svg).toContain("<polygon");
  });
});
