import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { svgToPng } from "../../../core/png.ts";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { withKernel } from "../../../geometry/manifold.ts";
import { toManifold, triangulate } from "../../../geometry/mesh.ts";
import { ngonArea, referenceSolid, sphereMesh, sphereVolume } from "./csg.ts";
import { benchCsgUnion, meshStl, csgUnionTask as task } from "./index.ts";
import type { CsgAnswer } from "./schema.ts";

const make = (level: string, seed: string) =>
  task.generate(task.params.parse(task.levels[level]), new Rng(seed));
const names = Object.keys(task.levels);
const failing = (inst: ReturnType<typeof make>, a: CsgAnswer) =>
  task
    .verify(inst, a)
    .checks.filter((c) => !c.ok)
    .map((c) => c.name);

describe("csg-union task", () => {
  it("has 21 levels; reference answers pass every check with score 1 on every level and many seeds", () => {
    expect(names).toEqual(Array.from({ length: 21 }, (_, i) => `case-${i + 1}`));
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.string({ maxLength: 6 }), (level, seed) => {
        const inst = make(level, seed);
        expect(task.data.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
        expect(task.level!(inst)).toBe(level);
        const answer = task.solve!(inst).answers[0]!;
        const verdict = task.verify(inst, answer);
        expect(verdict.checks.filter((c) => !c.ok)).toEqual([]);
        expect(verdict.score).toBe(1);
        expect(verdict.passed).toBe(true);
        expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
      }),
      { numRuns: 84 },
    );
  });

  it("reference volumes match the closed forms to 1e-6 relative", () => {
    for (const level of names)
      for (const seed of ["a", "b", "c"]) {
        const inst = make(level, seed);
        const exact = inst.data.closedFormVolume;
        if (exact === null) continue;
        expect(Math.abs(referenceSolid(inst.data.tree).volume - exact) / exact).toBeLessThan(1e-6);
      }
    expect(names.filter((l) => make(l, "a").data.closedFormVolume !== null)).toHaveLength(15);
  });

  it("the seed's crossed cylinders (r 5, h 20, 24 facets) and OpenSCAD's sphere have the expected volumes", () => {
    const c = { op: "cylinder", h: 20, r1: 5, r2: 5, fn: 24, center: true } as const;
    const tree = { op: "union", children: [c, { op: "rotate", a: [0, 90, 0], child: c }] } as const;
    const v = referenceSolid(structuredClone(tree) as never).volume;
    const one = ngonArea(24, 5) * 20;
    expect(v).toBeGreaterThan(one);
    expect(v).toBeLessThan(2 * one - 500); // the overlap is close to the Steinmetz solid's 16r³/3 ≈ 667
    for (const fn of [8, 10, 16, 30]) {
      const mesh = triangulate(sphereMesh(3, fn));
      const kernelV = withKernel((keep) => keep(toManifold(mesh)).volume());
      expect(Math.abs(kernelV - sphereVolume(3, fn)) / sphereVolume(3, fn)).toBeLessThan(1e-6);
    }
    expect(sphereVolume(3, 400) / ((4 / 3) * Math.PI * 27)).toBeCloseTo(1, 3);
  });

  it("is deterministic and draws different dimensions from different seeds", () => {
    expect(make("case-8", "s")).toEqual(make("case-8", "s"));
    const trees = new Set(["a", "b", "c", "d", "e"].map((s) => JSON.stringify(make("case-8", s).data.tree)));
    expect(trees.size).toBeGreaterThan(1);
    const inst = make("case-12", "s");
    const a = task.solve!(inst).answers[0]!;
    expect(task.verify(inst, a)).toEqual(task.verify(inst, a));
  });

  it("near-misses on a real answer fail the right check", () => {
    const inst = make("case-8", "n");
    const good = task.solve!(inst).answers[0]!;
    const flipped = { ...good, faces: good.faces.map((f, i) => (i === 5 ? [...f].reverse() : f)) };
    expect(failing(inst, flipped)).toEqual(["mesh.winding", "volume.accuracy"]);
    expect(task.verify(inst, flipped).failure?.kind).toBe("wrong");
    expect(failing(inst, { ...good, faces: good.faces.slice(1) })).toEqual([
      "mesh.watertight",
      "volume.accuracy",
    ]);
    const nan = {
      ...good,
      vertices: good.vertices.map((v, i) => (i === 0 ? [Number.NaN, v[1]!, v[2]!] : v)),
    };
    expect(failing(inst, nan)).toEqual(["mesh.finite", "volume.accuracy"]);
    expect(task.verify(inst, nan).failure?.kind).toBe("invalid");
    const offByOne = { ...good, faces: good.faces.map((f) => f.map((i) => i + 1)) };
    expect(failing(inst, offByOne)).toEqual(["mesh.indices", "volume.accuracy"]);
  });

  it("scores by volume accuracy: a slightly moved solid passes, a shrunken one earns partial credit", () => {
    const inst = make("case-1", "v");
    const good = task.solve!(inst).answers[0]!;
    const move = (d: number) => ({ ...good, vertices: good.vertices.map(([x, y, z]) => [x! + d, y!, z!]) });
    const near = task.verify(inst, move(0.05));
    expect(near.passed).toBe(true);
    expect(near.checks.at(-1)?.detail).toContain("symmetric difference");
    const far = task.verify(inst, move(1));
    expect(far.passed).toBe(false);
    expect(far.score).toBeGreaterThan(0);
    expect(far.score).toBeLessThan(1);
    expect(failing(inst, move(1))).toEqual(["volume.accuracy"]);
  });

  it("accepts the prompt's example cube as a valid polyhedron", () => {
    const inst = make("case-1", "e");
    const text = task.prompt(inst, { variant: "explained" }).messages[1]!.content;
    const example = task.parse(text.slice(text.lastIndexOf("for example a unit cube: ") + 25), inst);
    expect(isParseFailure(example)).toBe(false);
    expect(failing(inst, example as CsgAnswer)).toEqual(["volume.accuracy"]);
  });

  it("prompts describe shapes with numbers and state the rules", () => {
    const inst = make("case-8", "p");
    const text = task.prompt(inst, { variant: "explained", maxOutputTokens: 5000 }).messages[1]!.content;
    expect(text).toContain("rotated 90° about the y axis");
    expect(text).toContain("COUNTER-CLOCKWISE");
    expect(text).toContain("OpenSCAD's polyhedron()");
    expect(text).toContain("0.00001");
    expect(text).toContain("0.001");
    expect(text).toContain("5000 output tokens");
    expect(task.prompt(inst).outputSchema).toBeDefined();
    expect(() => task.prompt(inst, { shots: 2 })).toThrow();
    for (const bad of ["not json at all", '{"vertices": 3, "faces": []}'])
      expect(isParseFailure(task.parse(bad, inst))).toBe(true);
  });

  it("answers past the size caps are unreadable, naming the field; the caps are in the prompt", () => {
    const inst = make("case-1", "caps");
    const text = task.prompt(inst, { variant: "explained" }).messages[1]!.content;
    expect(text).toContain(
      "at most 20000 vertices, at most 256 vertices per face, and at most 60000 vertex indices",
    );
    const failure = (a: unknown) => {
      const r = task.parse(JSON.stringify(a), inst);
      return isParseFailure(r) ? r.message : "read";
    };
    const cube = task.solve!(inst).answers[0]!;
    expect(failure(cube)).toBe("read");
    expect(failure({ ...cube, vertices: [[0, 0, 0, 1], ...cube.vertices] })).toMatch(
      /^answer\.vertices\[0\]: Too big/,
    );
    expect(
      failure({ ...cube, faces: [Array.from({ length: 257 }, (_, i) => i % 3), ...cube.faces] }),
    ).toMatch(/^answer\.faces\[0\]: Too big/);
    const many = Array.from({ length: 15_001 }, () => [0, 1, 2, 3]);
    expect(failure({ ...cube, faces: many })).toMatch(/^answer\.faces: the faces may hold at most 60000/);
    const infinite = task.parse('{"vertices": [[1e999, 0, 0]], "faces": [[0, 0, 0]]}', inst);
    expect(isParseFailure(infinite) && infinite.message).toMatch(/^answer\.vertices\[0\]\[0\]: .*Infinity/);
  });

  it("random answers are well formed and fail", () => {
    const inst = make("case-3", "r");
    const a = task.randomAnswer!(inst, new Rng("x"));
    expect(task.answer.safeParse(a).success).toBe(true);
    expect(task.verify(inst, a).passed).toBe(false);
  });

  it("renders views, exports STL and benches", () => {
    const inst = make("case-21", "render");
    const answer = task.solve!(inst).answers[0]!;
    expect(task.render!(inst).svg).toContain("reference solid");
    const svg = task.render!(inst, answer).svg;
    expect(svg).toContain("valid polyhedron, score 1.0000");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svgToPng(svg).length).toBeGreaterThan(1000);
    expect(meshStl(answer).length).toBe(84 + 50 * answer.faces.length);
    const rows = benchCsgUnion(1);
    expect(rows).toHaveLength(21);
    for (const row of rows) if (!Number.isNaN(row.volumeRelErr)) expect(row.volumeRelErr).toBeLessThan(1e-6);
  });
});
