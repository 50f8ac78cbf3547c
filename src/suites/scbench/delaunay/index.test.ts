import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writePicture } from "../../../../test/support/pictures.ts";
import { InputError } from "../../../core/errors.ts";
import { svgToPng } from "../../../core/png.ts";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { isGeneralPosition } from "./generate.ts";
import { inCircle, orient, type Pt } from "./geometry.ts";
import { delaunayTask as task } from "./index.ts";
import { flip, flippable, interiorEdges } from "./test-helpers.ts";

const gen = (level: string, seed: string) =>
  task.generate(task.params.parse(task.levels[level] ?? {}), new Rng(seed));

describe("scbench/delaunay task", () => {
  it("has the 25 subpass levels", () => {
    expect(Object.keys(task.levels)).toHaveLength(25);
    expect(task.id).toBe("scbench/delaunay");
    expect(task.tags[0]).toBe("constructive");
  });

  it("generate → solve → verify passes for every level, and answers round-trip", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(task.levels)),
        fc.string({ maxLength: 8 }),
        (level, seed) => {
          const inst = gen(level, seed);
          expect(task.data.parse(inst.data)).toEqual(inst.data);
          const size = task.params.parse(task.levels[level]).points;
          expect(inst.data.points).toHaveLength(size);
          const solved = task.solve?.(inst);
          expect(solved?.complete).toBe(true);
          const answer = solved?.answers[0];
          if (!answer) throw new Error("no answer");
          expect(task.verify(inst, answer).passed).toBe(true);
          const text = task.formatAnswer?.(answer, inst) ?? "";
          expect(task.parse(text, inst)).toEqual(answer);
          const random = task.randomAnswer?.(inst, new Rng(`r${seed}`));
          expect(task.answer.safeParse(random).success).toBe(true);
          if (random) expect(() => task.verify(inst, random)).not.toThrow();
        },
      ),
      { numRuns: 60 },
    );
  });

  it("keeps general-position layouts free of collinear triples and co-circular quadruples", () => {
    for (const [level, p] of Object.entries(task.levels)) {
      if (!p.layout || !isGeneralPosition(p.layout)) continue;
      const pts: Pt[] = gen(level, "gp").data.points;
      const n = pts.length;
      let ties = 0;
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++)
          for (let k = j + 1; k < n; k++) {
            if (orient(pts[i]!, pts[j]!, pts[k]!) === 0n) ties++;
            for (let l = k + 1; l < n; l++) if (inCircle(pts[i]!, pts[j]!, pts[k]!, pts[l]!) === 0n) ties++;
          }
      expect(ties, level).toBe(0);
    }
  });

  it("is deterministic in (params, seed)", () => {
    for (const level of [
      "uniform-30",
      "clustered-20",
      "near-collinear-16",
      "lattice-20",
      "circle-square-14",
    ]) {
      const a = gen(level, "same");
      expect(gen(level, "same")).toEqual(a);
      expect(gen(level, "other").data).not.toEqual(a.data);
    }
  });

  it("rejects layouts that cannot hold the points", () => {
    expect(() =>
      task.generate(task.params.parse({ layout: "circle-square", points: 5 }), new Rng(1)),
    ).toThrow(InputError);
    expect(task.params.safeParse({ points: 2 }).success).toBe(false);
  });

  it("reads JSON answers and rejects malformed ones as parse failures", () => {
    const inst = gen("uniform-05", "parse");
    expect(task.parse('Here: ```json\n{"triangles": [[0, 1, 2]]}\n```', inst)).toEqual({
      triangles: [[0, 1, 2]],
    });
    for (const bad of [
      "no json here",
      '{"triangles": "0,1,2"}',
      '{"tris": []}',
      '{"triangles": [[0, "1", 2]]}',
      "[1, 2]",
    ]) {
      expect(isParseFailure(task.parse(bad, inst)), bad).toBe(true);
    }
  });

  it("states the points with 3 decimals, the rules and the answer format under --variant explained", () => {
    const inst = gen("uniform-06", "prompt");
    const p = task.prompt(inst, { variant: "explained" });
    const user = p.messages[1]?.content ?? "";
    const [x, y] = inst.data.points[0] ?? [0, 0];
    expect(user).toContain(`0: (${(x / 1000).toFixed(3)}, ${(y / 1000).toFixed(3)})`);
    expect(user).toMatch(/strictly inside/);
    expect(user).toMatch(/"triangles"/);
    expect(p.outputSchema).toMatchObject({ type: "object", required: ["triangles"] });
    expect(task.prompt(inst, { maxOutputTokens: 4000 }).messages[1]?.content).toMatch(
      /at most 4000 output tokens/,
    );
    expect(() => task.prompt(inst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 1 })).toThrow(InputError);
  });

  it("renders the instance, a correct answer and a wrong one", () => {
    const inst = gen("uniform-16", "render");
    const answer = task.solve?.(inst).answers[0];
    if (!answer) throw new Error("no answer");
    const pts = inst.data.points;
    const edge = interiorEdges(answer.triangles as [number, number, number][]).find((e) => flippable(pts, e));
    if (!edge) throw new Error("no flippable edge");
    const wrong = { triangles: flip(answer.triangles as [number, number, number][], edge) };
    const bare = task.render?.(inst);
    const good = task.render?.(inst, answer);
    const bad = task.render?.(inst, wrong);
    expect(bare?.svg).not.toContain('polygon points="" ');
    expect(good?.svg).toContain("answer passes");
    expect(bad?.svg).toContain("fails: triangles.delaunay");
    expect(bad?.svg).toContain('stroke="#e02020"');
    expect(task.render?.(inst, answer)).toEqual(good);
    const out: [string, string | undefined][] = [
      ["instance", bare?.svg],
      ["correct", good?.svg],
      ["wrong", bad?.svg],
      [
        "lattice",
        task.render?.(gen("lattice-20", "render"), task.solve?.(gen("lattice-20", "render")).answers[0])?.svg,
      ],
    ];
    for (const [name, svg] of out) if (svg) writePicture(`scbench-delaunay-${name}.png`, svgToPng(svg));
  });
});
