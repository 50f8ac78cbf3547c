import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { tetraShadowTask as task } from "./index.ts";
import { EDGE_LENGTH, type TetraAnswer, type TetraData, type Tetrahedron } from "./schema.ts";
import { localVertices, type Quat, rotate, type Vec3 } from "./tetra.ts";
import { verifyTetraShadow } from "./verify.ts";

const make = (level: string) => task.generate(task.params.parse(task.levels[level]), new Rng("v"));
const inst = make("level-2");
const good = task.solve!(inst).answers[0]!;
const failing = (a: TetraAnswer, i = inst) =>
  task
    .verify(i, a)
    .checks.filter((c) => !c.ok)
    .map((c) => c.name);
const edit = (a: TetraAnswer, k: number, t: Partial<Tetrahedron>): TetraAnswer => ({
  tetrahedra: a.tetrahedra.map((x, j) => (j === k ? { ...x, ...t } : x)),
});

/** A 2 × 2 square target, exactly the shadow of one unturned tetrahedron at the origin. */
const unitSquare: TetraData = {
  shape: "square",
  rings: [
    [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ],
  ],
  circleSegments: null,
  rotation: 0,
  scale: 1,
  area: 4,
  edgeLength: EDGE_LENGTH,
  maxCount: 2,
  bar: 0.95,
};
const one = (position: Vec3, quaternion: Quat = [1, 0, 0, 0]): TetraAnswer => ({
  tetrahedra: [{ position, quaternion }],
});

describe("tetra-shadow verify", () => {
  it("accepts the reference", () => {
    const v = task.verify(inst, good);
    expect(v.passed).toBe(true);
    expect(v.score).toBe(1);
    expect(v.checks.map((c) => c.name)).toEqual([
      "tetrahedra.valid",
      "tetrahedra.count",
      "quaternions.unit",
      "tetrahedra.no_intersection",
      "shadow.coverage",
    ]);
  });

  it("closed form: one square shadow on a 2 × 2 target, exact and shifted by 0.5", () => {
    expect(verifyTetraShadow(unitSquare, one([0, 0, 3])).score).toBeCloseTo(1, 9);
    // missed 1 + excess 1 over area 4 → accuracy 0.5, score 0.5 / 0.95.
    const shifted = verifyTetraShadow(unitSquare, one([0.5, 0, 0]));
    expect(shifted.score).toBeCloseTo(0.5 / 0.95, 6);
    expect(shifted.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["shadow.coverage"]);
  });

  it("|q| = 1.02 costs ×0.25 and fails quaternions.unit; |q| = 1.005 is fine", () => {
    const q = good.tetrahedra[3]!.quaternion.map((v) => v * 1.02) as Quat;
    const v = task.verify(inst, edit(good, 3, { quaternion: q }));
    expect(v.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["quaternions.unit"]);
    expect(v.score).toBeCloseTo(0.25, 12);
    expect(v.passed).toBe(false);
    expect(v.failure?.kind).toBe("wrong");
    const near = good.tetrahedra[3]!.quaternion.map((v) => v * 1.005) as Quat;
    expect(task.verify(inst, edit(good, 3, { quaternion: near })).passed).toBe(true);
  });

  it("two intersecting tetrahedra cost ×0.5 and fail no_intersection", () => {
    const t = good.tetrahedra[0]!;
    const twin = { ...t, position: [t.position[0] + 0.3, t.position[1], t.position[2] + 0.2] as Vec3 };
    const v = task.verify(inst, { tetrahedra: [...good.tetrahedra, twin] });
    expect(v.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["tetrahedra.no_intersection"]);
    expect(v.score).toBeCloseTo(0.5, 12);
    expect(v.checks.find((c) => c.name === "tetrahedra.no_intersection")?.detail).toContain(
      `#${good.tetrahedra.length}`,
    );
  });

  it("both penalties multiply: ×0.125", () => {
    const t = good.tetrahedra[0]!;
    const twin = {
      position: [t.position[0], t.position[1], t.position[2] + 0.5] as Vec3,
      quaternion: t.quaternion.map((v) => v * 0.9) as Quat,
    };
    expect(task.verify(inst, { tetrahedra: [...good.tetrahedra, twin] }).score).toBeCloseTo(0.125, 12);
  });

  it("flattening the layers (all z = 0) makes overlapping shadows intersect", () => {
    const flat = {
      tetrahedra: good.tetrahedra.map((t) => ({ ...t, position: [t.position[0], t.position[1], 0] as Vec3 })),
    };
    expect(failing(flat)).toContain("tetrahedra.no_intersection");
  });

  it("moving tetrahedra off the target lowers coverage below the bar", () => {
    const moved = {
      tetrahedra: good.tetrahedra.map((t, i) =>
        i < 8 ? { ...t, position: [t.position[0] + 4, t.position[1], t.position[2] + 100] as Vec3 } : t,
      ),
    };
    expect(failing(moved)).toEqual(["shadow.coverage"]);
    const v = task.verify(inst, moved);
    expect(v.score).toBeLessThan(1);
    expect(v.score).toBeGreaterThan(0);
  });

  it("rotating about a vertex instead of the centroid (the common mistake) scores lower", () => {
    // A solver that believes the turn is about vertex (1,1,1) writes position = centroid − v0 + q v0 q*.
    const v0 = localVertices(EDGE_LENGTH)[0]!;
    const mistaken = {
      tetrahedra: good.tetrahedra.map((t) => {
        const r = rotate(t.quaternion as Quat, v0);
        return { ...t, position: t.position.map((c, k) => c - v0[k]! + r[k]!) as Vec3 };
      }),
    };
    const v = task.verify(inst, mistaken);
    expect(v.passed).toBe(false);
    expect(v.score).toBeLessThan(0.9);
  });

  it("NaN, infinite or zero quaternions and NaN positions are invalid", () => {
    for (const bad of [
      edit(good, 0, { quaternion: [Number.NaN, 0, 0, 1] }),
      edit(good, 0, { quaternion: [0, 0, 0, 0] }),
      edit(good, 0, { position: [Number.NaN, 0, 0] }),
      edit(good, 0, { position: [Number.POSITIVE_INFINITY, 0, 0] }),
    ]) {
      const v = task.verify(inst, bad);
      expect(v.failure?.kind).toBe("invalid");
      expect(v.score).toBe(0);
      expect(failing(bad)).toContain("tetrahedra.valid");
    }
  });

  it("too many or no tetrahedra fail count and score 0", () => {
    const extra = Array.from({ length: inst.data.maxCount + 1 - good.tetrahedra.length }, (_, i) => ({
      position: [100 + 3 * i, 100, 0] as Vec3,
      quaternion: [1, 0, 0, 0] as Quat,
    }));
    const many = { tetrahedra: [...good.tetrahedra, ...extra] };
    expect(failing(many)).toEqual(["tetrahedra.count"]);
    expect(task.verify(inst, many).score).toBe(0);
    // The schema's cap, all in one spot: refused on the count before any pair is compared.
    const pile = Array.from({ length: 2000 }, () => good.tetrahedra[0]!);
    expect(failing({ tetrahedra: pile })).toEqual(["tetrahedra.count"]);
    expect(failing({ tetrahedra: [] })).toEqual(["tetrahedra.count"]);
  });

  it("a duplicate tetrahedron intersects its twin", () => {
    expect(failing({ tetrahedra: [...good.tetrahedra, good.tetrahedra[5]!] })).toEqual([
      "tetrahedra.no_intersection",
    ]);
  });

  it("−q is the same rotation, and a rotated target still passes its reference", () => {
    const negated = {
      tetrahedra: good.tetrahedra.map((t) => ({ ...t, quaternion: t.quaternion.map((v) => -v) as Quat })),
    };
    expect(task.verify(inst, negated).score).toBe(1);
    const turned = make("level-20");
    expect(turned.data.rotation).toBeGreaterThan(0);
    expect(task.verify(turned, task.solve!(turned).answers[0]!).passed).toBe(true);
  });

  it("the same answer always gets the same verdict", () => {
    expect(task.verify(inst, good)).toEqual(task.verify(inst, good));
  });
});
