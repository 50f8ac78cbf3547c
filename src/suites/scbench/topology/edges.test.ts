import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { CORNERS, SIDES } from "./corners.ts";
import { edgesData, edgesPool, enumerateEdgesTask as task } from "./edges.ts";

const make = (level: string, seed: string) =>
  task.generate(task.params.parse(task.levels[level]), new Rng(seed));
const truthOf = (inst: ReturnType<typeof make>) => task.solve!(inst).answers[0]!;
/** An instance whose first square has a curve, so edits to it are visible. */
function withCurve(level: string) {
  for (let i = 0; ; i++) {
    const inst = make(level, `c${i}`);
    if ((truthOf(inst).squares[0]?.length ?? 0) > 0) return inst;
  }
}

describe("enumerate edges", () => {
  it("has eight levels and draws only non-triple configurations", () => {
    expect(Object.keys(task.levels)).toHaveLength(8);
    expect(edgesPool(4)).toHaveLength(11);
    expect(edgesPool(2)).toHaveLength(8);
  });

  it("generate → solve → verify passes and the answer round-trips, for every level", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(task.levels)), fc.string(), (level, seed) => {
        const inst = make(level, seed);
        expect(edgesData.parse(inst.data)).toEqual(inst.data);
        const answer = truthOf(inst);
        expect(task.verify(inst, answer).passed).toBe(true);
        expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
        expect(task.verify(inst, task.randomAnswer!(inst, new Rng(seed))).checks).toHaveLength(3);
      }),
      { numRuns: 60 },
    );
  });

  it("is deterministic, and level-1 uses canonical corners and edge numbers", () => {
    expect(make("level-8", "s")).toEqual(make("level-8", "s"));
    for (const sq of make("level-1", "s").data.squares) {
      expect(sq.corners).toEqual([...CORNERS]);
      expect(sq.sides).toEqual([...SIDES]);
    }
  });

  it("answers in the prompt's own edge numbering", () => {
    const inst = make("level-5", "x");
    inst.data.squares = [
      {
        corners: ["top-left", "bottom-left", "bottom-right", "top-right"],
        labels: [1, 0, 0, 0],
        sides: ["left", "top", "bottom", "right"],
      },
    ];
    // Top-left cut off: its curve joins top (edge 1) and left (edge 0).
    expect(truthOf(inst)).toEqual({ squares: [[[0, 1]]] });
    expect(task.prompt(inst, { variant: "explained" }).messages[1]!.content).toContain(
      "Square 1: top-left = 1, bottom-left = 0, bottom-right = 0, top-right = 0; edges: 0 = left, 1 = top, 2 = bottom, 3 = right.",
    );
  });

  it("fails only edges.sorted_pairs when a pair is written [j, i]", () => {
    const inst = withCurve("level-6");
    const truth = truthOf(inst);
    const flipped = truth.squares.map((sq, s) => (s === 0 ? sq.map(([i, j]) => [j!, i!]) : sq));
    const v = task.verify(inst, { squares: flipped });
    expect(v.failure?.kind).toBe("wrong");
    expect(v.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["edges.sorted_pairs"]);
    const dup = truth.squares.map((sq, s) => (s === 0 ? [...sq, sq[0]!] : sq));
    expect(task.verify(inst, { squares: dup }).checks.find((c) => !c.ok)?.detail).toMatch(/appears twice/);
  });

  it("fails edges.match naming the square with a missing or extra pair", () => {
    const inst = withCurve("level-7");
    const truth = truthOf(inst);
    const dropped = truth.squares.map((sq, s) => (s === 0 ? sq.slice(1) : sq));
    const v = task.verify(inst, { squares: dropped });
    expect(v.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["edges.match"]);
    expect(v.failure?.message).toMatch(/square 1: missing/);
  });

  it("is invalid for the wrong number of squares, wrong arity or edge numbers out of range", () => {
    const inst = make("level-6", "a");
    const truth = truthOf(inst);
    const cases = [
      { squares: truth.squares.slice(1) },
      { squares: [...truth.squares, []] },
      { squares: truth.squares.map((sq, s) => (s === 0 ? [...sq, [0, 1, 2]] : sq)) },
      { squares: truth.squares.map((sq, s) => (s === 0 ? [...sq, [2, 4]] : sq)) },
    ];
    for (const answer of cases) {
      const v = task.verify(inst, answer);
      expect(v.failure?.kind).toBe("invalid");
      expect(v.checks.find((c) => c.name === "edges.well_formed")?.ok).toBe(false);
    }
  });

  it("parse failures for malformed JSON or the wrong shape", () => {
    const inst = make("level-1", "a");
    for (const text of [
      "nothing",
      '{"squares": [[[0, "1"]]]}',
      '{"squares": [[0, 1]]}',
      '{"edges": [[0, 1]]}',
    ]) {
      expect(isParseFailure(task.parse(text, inst))).toBe(true);
    }
  });

  it("prompt options: cap stated, unknown variant and shots rejected", () => {
    const inst = make("level-2", "a");
    expect(task.prompt(inst, { maxOutputTokens: 900 }).messages[1]!.content).toContain("900 output tokens");
    expect(() => task.prompt(inst, { variant: "alternative" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 2 })).toThrow(InputError);
  });

  it("renders curves for an answer and marks wrong ones", () => {
    const inst = withCurve("level-6");
    const truth = truthOf(inst);
    expect(task.render!(inst).svg).not.toContain("<path");
    expect(task.render!(inst, truth).svg).toContain("<path");
    expect(task.render!(inst, { squares: truth.squares.map(() => [[0, 2]]) }).svg).toContain("#d62728");
  });
});
