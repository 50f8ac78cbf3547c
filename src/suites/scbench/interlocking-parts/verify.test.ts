import { describe, expect, it } from "vitest";
import { boxMesh } from "../../../geometry/box-mesh.ts";
import { kernel, withKernel } from "../../../geometry/manifold.ts";
import { fromManifold, type Mat4Rows, toManifold } from "../../../geometry/mesh.ts";
import { checkPolyhedron, DEFAULT_LIMITS } from "../../../geometry/mesh-validity.ts";
import { type DesignOptions, layoutOf, referenceDesign } from "./design.ts";
import { meshOf } from "./part-checks.ts";
import type { InterlockingAnswer, InterlockingData, Part } from "./schema.ts";
import { solveInterlocking } from "./solve.ts";
import { CRITERIA, verifyInterlocking } from "./verify.ts";

const DATA: InterlockingData = { innerWidth: 350, innerHeight: 700, build: [400, 400, 400] };
const reference = (): InterlockingAnswer => solveInterlocking(DATA);
const failing = (answer: InterlockingAnswer, data = DATA) =>
  verifyInterlocking(data, answer)
    .checks.filter((c) => !c.ok)
    .map((c) => c.name);

/** A part's print-pose mesh with a box (in print-pose coordinates) cut away. */
function cut(part: Part, min: [number, number, number], max: [number, number, number]): Part {
  const mesh = withKernel((keep) => {
    const solid = keep(toManifold(meshOf(part)));
    const box = keep(
      kernel.Manifold.cube([max[0] - min[0], max[1] - min[1], max[2] - min[2]]).translate(min),
    );
    return fromManifold(keep(solid.subtract(box)));
  });
  return { ...part, vertices: mesh.vertices, faces: mesh.triangles };
}

const bounds = (p: Part, k: number): [number, number] => [
  Math.min(...p.vertices.map((v) => v[k] as number)),
  Math.max(...p.vertices.map((v) => v[k] as number)),
];

/** Moves a part's print pose by (dx, dy, dz) and compensates in its transform: the assembly is unchanged. */
function shiftPrintPose(part: Part, d: [number, number, number]): Part {
  const t = part.transform.map((r) => [...r]) as Mat4Rows;
  for (let i = 0; i < 3; i++) {
    const row = t[i] as [number, number, number, number];
    row[3] -= row[0] * d[0] + row[1] * d[1] + row[2] * d[2];
  }
  return {
    ...part,
    vertices: part.vertices.map((v) => [v[0] + d[0], v[1] + d[1], v[2] + d[2]]),
    transform: t,
  };
}

/** Moves an assembled part 1 mm down (into the band below it). */
const lower = (part: Part): void => {
  part.transform[2][3] -= 1;
};

describe("interlocking-parts verify", () => {
  it("passes the reference on all nine criteria", () => {
    const v = verifyInterlocking(DATA, reference());
    expect(v.checks.map((c) => c.name)).toEqual([...CRITERIA]);
    expect(v).toMatchObject({ passed: true, score: 1 });
    expect(v.failure).toBeUndefined();
  });

  it("the reference is 10 parts of 5 unique shapes, each printed twice", () => {
    const parts = reference().parts;
    const shapes = new Set(parts.map((p) => JSON.stringify(p.vertices)));
    expect(parts).toHaveLength(10);
    expect(shapes.size).toBe(5);
  });

  it("two parts overlapping by 1 mm fail interference only", () => {
    const a = reference();
    lower(a.parts[1] as Part);
    expect(failing(a)).toEqual(["interference"]);
  });

  it("every reference part passes all of the CSG task's polyhedron checks (outliers aside: parts are 375 mm long)", () => {
    for (const p of reference().parts) {
      const r = checkPolyhedron(
        { vertices: p.vertices, faces: p.faces },
        { ...DEFAULT_LIMITS, outlierDistance: Number.POSITIVE_INFINITY },
      );
      expect(
        r.checks.filter((c) => !c.ok),
        p.name,
      ).toEqual([]);
    }
  });

  it("any basic-validity failure fails all nine criteria and scores 0, as the original grader does", () => {
    const near: [string, (a: InterlockingAnswer) => void, RegExp][] = [
      [
        "a NaN vertex",
        (a) => {
          (a.parts[0] as Part).vertices[5] = [Number.NaN, 0, 0];
        },
        /part #0: vertex #5 is not three finite numbers/,
      ],
      [
        "an inside-out part",
        (a) => {
          const p = a.parts[1] as Part;
          p.faces = p.faces.map(([i, j, k]) => [i, k, j]);
        },
        /part #1: inward-facing triangles/,
      ],
      [
        "a mirrored transform",
        (a) => {
          const t = (a.parts[2] as Part).transform;
          t[0] = t[0].map((x, i) => (i < 3 ? -x : x)) as Mat4Rows[0];
        },
        /part #2: transform mirrors the part/,
      ],
      [
        "a 2× scaled transform",
        (a) => {
          const t = (a.parts[3] as Part).transform;
          for (const row of t.slice(0, 3)) for (let j = 0; j < 3; j++) row[j] = 2 * (row[j] as number);
        },
        /part #3: transform's 3 × 3 part is not a rotation/,
      ],
      ["9 parts", (a) => void a.parts.pop(), /^9 parts, exactly 10 needed/],
      ["a hole", (a) => void (a.parts[4] as Part).faces.pop(), /part #4: not closed: 3 boundary edge/],
      [
        "two boxes sharing one vertex",
        (a) => {
          const b1 = boxMesh([0, 0, 0], [100, 50, 10]);
          const b2 = boxMesh([100, 50, 10], [200, 100, 20]);
          // Corner 7 of the first box is corner 0 of the second.
          const faces = [...b1.triangles, ...b2.triangles.map((t) => t.map((i) => (i === 0 ? 7 : i + 8)))];
          a.parts[5] = { ...(a.parts[5] as Part), vertices: [...b1.vertices, ...b2.vertices], faces } as Part;
        },
        /part #5: not edge-manifold/,
      ],
      [
        "a vertex pushed through the panel",
        (a) => {
          const p = a.parts[6] as Part;
          const top = p.vertices.findIndex((v) => v[2] === 10);
          p.vertices[top] = [
            (p.vertices[top] as Part["vertices"][number])[0],
            (p.vertices[top] as Part["vertices"][number])[1],
            -5,
          ];
        },
        /part #6: self-intersecting/,
      ],
    ];
    for (const [what, spoil, why] of near) {
      const a = reference();
      spoil(a);
      const v = verifyInterlocking(DATA, a);
      expect(v.score, what).toBe(0);
      expect(failing(a), what).toEqual([...CRITERIA]);
      expect(v.checks[0]?.detail, what).toMatch(why);
      expect(v.checks[1]?.detail, what).toMatch(/not checked: the answer fails basic validity/);
      expect(v.failure, what).toMatchObject({ kind: "invalid", message: expect.stringMatching(/^basic: /) });
    }
  });

  it("basic validity catches two bodies in one part", () => {
    const twoBodies = reference();
    const p1 = twoBodies.parts[0] as Part;
    const [lo] = bounds(p1, 1);
    twoBodies.parts[0] = cut(p1, [-1, lo + 100, -1], [500, lo + 120, 20]);
    expect(verifyInterlocking(DATA, twoBodies).checks[0]?.detail).toMatch(/2 separate bodies/);
  });

  it("a part that engages one rod fails rod engagement only", () => {
    const a = reference();
    const p = a.parts[0] as Part;
    const [, hiX] = bounds(p, 0);
    a.parts[0] = cut(p, [hiX - 10, -1, -1], [hiX + 1, 500, 20]);
    expect(failing(a)).toEqual(["rod_engagement"]);
  });

  it("a 128 × 134 mm hole in one wall fails bar gaps only", () => {
    const a = reference();
    const l = layoutOf(DATA);
    const p = a.parts[0] as Part;
    const du = bounds(p, 0)[0] + l.rod + 5;
    const dv = bounds(p, 1)[0];
    const c0 = -l.edge + l.pitchU;
    a.parts[0] = cut(
      p,
      [du + c0 + 5, dv + l.barWidth, -1],
      [du + c0 + 2 * l.pitchU - 5, dv + 2 * l.pitchZ, 20],
    );
    expect(failing(a)).toEqual(["bar_gaps"]);
  });

  it("gaps of 105–110 mm everywhere fail bar gaps and gap uniformity", () => {
    const opts: DesignOptions = { barWidth: 10, verticalGaps: 3, horizontalGaps: 6 };
    expect(failing(referenceDesign(DATA, opts))).toEqual(["bar_gaps", "gap_uniformity"]);
  });

  it("a part lifted off the bed or tilted fails printability only", () => {
    const lifted = reference();
    lifted.parts[3] = shiftPrintPose(lifted.parts[3] as Part, [0, 0, 1]);
    expect(failing(lifted)).toEqual(["printability"]);
    expect(verifyInterlocking(DATA, lifted).checks[1]?.detail).toMatch(/not on the bed/);

    const tilted = reference();
    const p = tilted.parts[4] as Part;
    // Turn the print pose 10° about x (raising it to z ≥ 0) and undo the turn in the transform.
    const c = Math.cos(Math.PI / 18);
    const s = Math.sin(Math.PI / 18);
    const turned = p.vertices.map(
      ([x, y, z]) => [x, c * y - s * z, s * y + c * z] as [number, number, number],
    );
    const lift = -Math.min(...turned.map((v) => v[2]));
    const T = p.transform;
    const back = (row: Mat4Rows[0]): Mat4Rows[0] => [
      row[0],
      row[1] * c - row[2] * s,
      row[1] * s + row[2] * c,
      row[3] - lift * (row[1] * s + row[2] * c),
    ];
    tilted.parts[4] = {
      ...p,
      vertices: turned.map(([x, y, z]) => [x, y, z + lift]),
      transform: [back(T[0]), back(T[1]), back(T[2]), [0, 0, 0, 1]],
    };
    expect(failing(tilted)).toEqual(["printability"]);
  });

  it("a part standing on its edge fails printability on overhangs", () => {
    const a = reference();
    const p = a.parts[0] as Part;
    // Stand the panel up, (x, y, z) → (x, 100 − z, y − lo); the transform takes the turn back.
    const [lo] = bounds(p, 1);
    const T = p.transform;
    a.parts[0] = {
      ...p,
      vertices: p.vertices.map(([x, y, z]) => [x, 100 - z, y - lo]),
      transform: T.map((r, i) =>
        i === 3 ? r : [r[0], -r[2], r[1], r[3] + r[1] * lo + 100 * r[2]],
      ) as Mat4Rows,
    };
    const v = verifyInterlocking(DATA, a);
    expect(failing(a)).toContain("printability");
    expect(v.checks[1]?.detail).toMatch(/overhangs/);
  });

  it("bars 16 mm wide fail bar thickness only", () => {
    expect(failing(referenceDesign(DATA, { barWidth: 16 }))).toEqual(["bar_thickness"]);
  });

  it("holes too small for the 6 mm rod fail rod clearance only", () => {
    expect(failing(referenceDesign(DATA, { barWidth: 10, holeRadius: 2.8 }))).toEqual(["rod_clearance"]);
  });

  it("rods declared 1 mm off the holes fail rod clearance; a rectangle off centre is refused", () => {
    const a = reference();
    a.rods = a.rods.map(({ x, y }) => ({ x: x - Math.sign(x), y }));
    expect(failing(a)).toEqual(["rod_clearance"]);
    const shifted = reference();
    shifted.rods = shifted.rods.map(({ x, y }) => ({ x: x + 1, y }));
    expect(verifyInterlocking(DATA, shifted).checks[4]?.detail).toMatch(/four corners/);
    const three = reference();
    three.rods.pop();
    expect(verifyInterlocking(DATA, three).checks[4]?.detail).toMatch(/3 rods declared/);
  });

  it("a cage 10 mm too tall fails assembly size only", () => {
    const tall = referenceDesign({ ...DATA, innerHeight: 720 });
    expect(failing(tall)).toEqual(["assembly_size"]);
  });

  it("scores partial credit as criteria passed over 9", () => {
    const a = reference();
    a.parts[3] = shiftPrintPose(a.parts[3] as Part, [0, 0, 1]);
    lower(a.parts[1] as Part);
    const v = verifyInterlocking(DATA, a);
    expect(v.score).toBeCloseTo(7 / 9);
    expect(v).toMatchObject({ passed: false, failure: { kind: "wrong" } });
  });

  it("is deterministic: the same answer gets the same verdict", () => {
    const a = reference();
    lower(a.parts[1] as Part);
    expect(verifyInterlocking(DATA, a)).toEqual(verifyInterlocking(DATA, a));
  });
});
