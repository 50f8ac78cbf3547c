import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure, type Verdict } from "../../../core/verdict.ts";
import { brickCentre, bricksOverlap, type Point } from "./brick-geometry.ts";
import { legoShellTask as task } from "./index.ts";
import { type Brick, halfSpan, type LegoShellData, shellVolume } from "./schema.ts";
import { shellIou, verifyLegoShell } from "./verify.ts";

const data: LegoShellData = { inner: 40, outer: 70, shellVolume: shellVolume(40, 70) };
const inst = task.presets?.original?.instances()[0];
if (!inst) throw new Error("no original preset");
const verify = (bricks: Brick[]): Verdict => verifyLegoShell(data, { bricks });
const failing = (v: Verdict): string[] =>
  v.checks.filter((c) => !c.ok && c.name !== "shell.similarity").map((c) => c.name);

/** A brick centred at (cx, cy), its 32 mm side turned `turn`° from +x. */
const at = (cx: number, cy: number, layer: number, turn: number): Brick => {
  const [hx, hy] = halfSpan(turn);
  return { x: cx - hx, y: cy - hy, layer, orientation: turn };
};
const rad = (deg: number) => (deg * Math.PI) / 180;
/** The point c + a·(long side's direction) + b·(short side's direction) for a brick turned `turn`°. */
const along = ([cx, cy]: Point, turn: number, a: number, b: number): Point => {
  const [c, s] = [Math.cos(rad(turn)), Math.sin(rad(turn))];
  return [cx + a * c - b * s, cy + a * s + b * c];
};
const atP = ([cx, cy]: Point, layer: number, turn: number) => at(cx, cy, layer, turn);
const c0: Point = [55, 0];

const parse = (bricks: unknown[]) => task.parse(JSON.stringify({ bricks }), inst);
const original = (cx: number, cy: number, z: number, r: unknown) => ({
  Centroid: [cx, cy, z],
  RotationDegrees: r,
});

describe("lego-shell: reading turned bricks", () => {
  it("reads any angle, reduced exactly modulo 180°; right angles keep Plumb's form", () => {
    const read = parse([original(55, 0, 4.8, 45), original(55, 0, 14.4, 405), original(55, 0, 24, -45)]);
    if (isParseFailure(read)) throw new Error(read.message);
    expect(read.bricks.map((b) => b.orientation)).toEqual([45, 45, 135]);
    for (const b of read.bricks) {
      const [cx, cy] = brickCentre(b);
      expect(cx).toBeCloseTo(55, 12);
      expect(cy).toBeCloseTo(0, 12);
    }
    expect(parse([original(55, 0, 4.8, 270), original(55, 0, 4.8, 180 + 1e-12)])).toEqual({
      bricks: [
        { x: 47, y: -16, layer: 0, orientation: 90 },
        { x: 39, y: -8, layer: 0, orientation: 0 },
      ],
    });
  });

  it("reduces huge angles by their exact remainder", () => {
    for (const r of [2 ** 70, 1e300, -(2 ** 60) * 3 + 0.5, 180 * 2 ** 60]) {
      const read = parse([original(55, 0, 4.8, r)]);
      if (isParseFailure(read)) throw new Error(read.message);
      const big = BigInt(Math.trunc(r));
      const expected = (((Number(big % 180n) + (r - Math.trunc(r))) % 180) + 180) % 180;
      expect(read.bricks[0]?.orientation, String(r)).toBe(expected);
    }
  });

  it("refuses non-finite or missing angles and Plumb-form bricks at other angles, naming the field", () => {
    const refused: [string, RegExp][] = [
      ['{"bricks": [{"Centroid": [55, 0, 4.8], "RotationDegrees": 1e999}]}', /RotationDegrees.*finite/],
      ['{"bricks": [{"Centroid": [55, 0, 4.8], "RotationDegrees": "NaN"}]}', /RotationDegrees.*finite/],
      ['{"bricks": [{"Centroid": [55, 0, 4.8], "RotationDegrees": null}]}', /RotationDegrees/],
      ['{"bricks": [{"Centroid": [55, 0, 4.8]}]}', /RotationDegrees/],
      ['{"bricks": [{"Centroid": [55, 1e999, 4.8], "RotationDegrees": 30}]}', /Centroid/],
      ['{"bricks": [{"x": 0, "y": 0, "layer": 0, "orientation": 45}]}', /orientation must be 0 or 90/],
      ['{"bricks": [{"x": 0, "y": 0, "layer": 0, "orientation": "90"}]}', /orientation must be 0 or 90/],
      // Off a layer's middle: a turned brick half-sunk into the ground is not a position.
      ['{"bricks": [{"Centroid": [55, 0, 2.0], "RotationDegrees": 30}]}', /Centroid z/],
    ];
    for (const [text, message] of refused) {
      const r = task.parse(text, inst);
      expect(isParseFailure(r), text).toBe(true);
      if (isParseFailure(r)) expect(r.message, text).toMatch(message);
    }
  });

  it("hostile variants of a turned answer neither throw nor pass", () => {
    const valid = JSON.stringify({ bricks: [original(55, 0, 4.8, 30), original(55, 0, 14.4, 120)] });
    for (const h of hostileTexts(valid, 20_000)) {
      const parsed = task.parse(h.text, inst);
      if (isParseFailure(parsed)) continue;
      expect(() => task.verify(inst, parsed), h.name).not.toThrow();
      expect(task.verify(inst, parsed).passed, h.name).toBe(false);
    }
  });

  it("formats turned bricks in the original's form so that they read back", () => {
    const answer = { bricks: [at(55, 0, 0, 30), { x: 40, y: -8, layer: 1, orientation: 0 as const }] };
    const back = task.parse(task.formatAnswer?.(answer, inst) ?? "", inst);
    if (isParseFailure(back)) throw new Error(back.message);
    expect(back.bricks[1]).toEqual(answer.bricks[1]);
    expect(back.bricks[0]?.orientation).toBe(30);
    expect(back.bricks[0]?.x).toBeCloseTo(answer.bricks[0]?.x ?? 0, 10);
  });
});

describe("lego-shell: a right-angle brick given as a turn verifies as before", () => {
  const reference = task.solve?.(inst).answers[0]?.bricks ?? [];
  const asOriginal = (b: Brick, extra: number) => {
    const [cx, cy] = brickCentre(b);
    return original(cx, cy, 4.8 + 9.6 * b.layer, b.orientation + extra);
  };

  it("the reference as centroids at 0/90 plus any multiple of 180° is the same answer and verdict", () => {
    const turns = [0, 180, -180, 360, 540];
    const read = parse(reference.map((b, i) => asOriginal(b, turns[i % turns.length] as number)));
    if (isParseFailure(read)) throw new Error(read.message);
    expect(read.bricks).toEqual(reference);
    expect(verify(read.bricks)).toEqual(verify(reference));
  });

  it("random right-angle builds: the same verdict given as RotationDegrees 0/90/180/270", () => {
    const brick = fc.record({
      x: fc.integer({ min: -10, max: 8 }).map((v) => v * 8 + 0.5 * (v % 2)),
      y: fc.integer({ min: -10, max: 8 }).map((v) => v * 8),
      layer: fc.integer({ min: 0, max: 4 }),
      orientation: fc.constantFrom<0 | 90>(0, 90),
    });
    fc.assert(
      fc.property(fc.array(brick, { minLength: 1, maxLength: 14 }), fc.boolean(), (bricks, half) => {
        const read = parse(bricks.map((b) => asOriginal(b, half ? 180 : 0)));
        if (isParseFailure(read)) throw new Error(read.message);
        expect(verify(read.bricks)).toEqual(verify(bricks));
      }),
      { numRuns: 30 },
    );
  });

  it("bricks turned 1e-7° off the axes (the general path) get the same rule outcomes and IoU", () => {
    const nudged = (b: Brick, d: number): Brick => {
      const [cx, cy] = brickCentre(b);
      return at(cx, cy, b.layer, b.orientation === 0 ? 180 - d : b.orientation + d);
    };
    for (const subset of [reference, reference.filter((_, i) => i % 3 !== 0)]) {
      const a = verify(subset);
      const b = verify(subset.map((x) => nudged(x, 1e-7)));
      expect(b.checks.map((c) => c.ok)).toEqual(a.checks.map((c) => c.ok));
      expect(
        Math.abs(
          shellIou(
            data,
            subset.map((x) => nudged(x, 1e-7)),
          ) - shellIou(data, subset),
        ),
      ).toBeLessThan(1e-9);
    }
  });

  it("the whole reference turned about the z axis by any angle still scores 1 with the same IoU", () => {
    const iou = shellIou(data, reference);
    for (const phi of [37.3, 90, 123.456, 181]) {
      const [c, s] = [Math.cos(rad(phi)), Math.sin(rad(phi))];
      const turned = reference.map((b) => {
        const [cx, cy] = brickCentre(b);
        const t = (((b.orientation + phi) % 180) + 180) % 180;
        return at(c * cx - s * cy, s * cx + c * cy, b.layer, t);
      });
      const v = verify(turned);
      expect(failing(v), String(phi)).toEqual([]);
      expect(v.score).toBe(1);
      expect(Math.abs(shellIou(data, turned) - iou)).toBeLessThan(1e-9);
    }
  });
});

describe("lego-shell: the rules for turned bricks", () => {
  const t = 30;

  it("side-by-side and end-to-end neighbours touch; a 0.02 mm sliver overlaps, 0.005 mm does not", () => {
    const beside = (gap: number) => verify([atP(c0, 0, t), atP(along(c0, t, 0, 16 - gap), 0, t)]);
    const behind = (gap: number) => verify([atP(c0, 0, t), atP(along(c0, t, 32 - gap, 0), 0, t)]);
    expect(failing(beside(0))).toEqual([]);
    expect(failing(beside(0.005))).toEqual([]);
    expect(failing(beside(0.02))).toEqual(["bricks.no_overlap"]);
    expect(failing(behind(0))).toEqual([]);
    expect(failing(behind(0.02))).toEqual(["bricks.no_overlap"]);
    expect(failing(behind(-0.5))).toEqual([]);
  });

  it("a corner poking 0.02 mm into a side overlaps; 0.005 mm does not", () => {
    // A 45° brick's lowest corner sits 16·sin 45° + 8·cos 45° below its centre.
    const reach = halfSpan(45)[1];
    const poke = (depth: number) => verify([at(56, 0, 0, 0), at(56, 8 + reach - depth, 0, 45)]);
    expect(failing(poke(0.02))).toEqual(["bricks.no_overlap"]);
    expect(failing(poke(0.005))).toEqual([]);
    expect(failing(poke(-1))).toEqual([]);
  });

  it("bounding boxes that overlap do not make turned bricks overlap or connect", () => {
    const a = atP(c0, 0, 45);
    const clear = atP(along(c0, 45, 0, 16.5), 0, 45);
    expect(bricksOverlap(a, clear)).toBe(false);
    expect(failing(verify([a, clear]))).toEqual([]);
    // The same brick a layer up touches nothing: it floats.
    expect(failing(verify([a, { ...clear, layer: 1 }]))).toEqual(["bricks.connected", "parts.stable"]);
    // Overlapping by 0.02 mm it is connected but off the stud grid; 8 mm over it is on it.
    const sliver = atP(along(c0, 45, 0, 15.98), 1, 45);
    expect(failing(verify([a, sliver]))).toEqual(["bricks.stud_aligned"]);
    expect(failing(verify([a, atP(along(c0, 45, 0, 8), 1, 45)]))).toEqual([]);
  });

  it("matches the area of the footprints' intersection: none means apart, 0.36 mm² or more means overlap", () => {
    const coord = fc.double({ min: -40, max: 40, noNaN: true });
    const turn = fc.double({ min: 0, max: 179.999, noNaN: true });
    fc.assert(
      fc.property(coord, coord, turn, turn, (x, y, ta, tb) => {
        const a = at(0, 0, 0, ta);
        const b = at(x, y, 0, tb);
        const area = clippedArea(corners(a), corners(b));
        // Any overlap narrower than 0.01 mm across its least direction covers < 0.01 × the 35.8 mm diagonal.
        if (area >= 0.36) expect(bricksOverlap(a, b)).toBe(true);
        if (area === 0) expect(bricksOverlap(a, b)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it("connected bricks must share a stud grid: turns a multiple of 90° apart, offsets whole studs along the sides", () => {
    const pair = (dTurn: number, a: number, b: number, turn = t) =>
      failing(verify([atP(c0, 0, turn), atP(along(c0, turn, a, b), 1, (turn + dTurn + 180) % 180)]));
    expect(pair(0, 0, 0)).toEqual([]);
    expect(pair(90, 0, 0)).toEqual([]);
    expect(pair(0, 0, 0, 135)).toEqual([]);
    expect(pair(90, 0, 0, 135)).toEqual([]); // the original's −45° / 45° pair
    expect(pair(30, 0, 0)).toEqual(["bricks.stud_aligned"]);
    expect(pair(0.03, 0, 0)).toEqual([]);
    expect(pair(0.06, 0, 0)).toEqual(["bricks.stud_aligned"]);
    expect(pair(0, 8, 0)).toEqual([]);
    expect(pair(0, 8.009, 0)).toEqual([]);
    expect(pair(0, 8.02, 0)).toEqual(["bricks.stud_aligned"]);
    expect(pair(0, 8, -8)).toEqual([]);
    expect(pair(90, 8, 4)).toEqual(["bricks.stud_aligned"]);
    // 8 mm along x is not 8 mm along a 30° brick's sides.
    expect(failing(verify([atP(c0, 0, t), at(63, 0, 1, t)]))).toEqual(["bricks.stud_aligned"]);
  });

  it("ground bricks at different turns joined by a brick above break the stud grid", () => {
    const bricks = [at(55, 0, 0, 0), at(55, 24, 0, 20), at(55, 8, 1, 0)];
    expect(failing(verify(bricks))).toEqual(["bricks.stud_aligned"]);
    expect(verify(bricks).checks[1]?.detail).toContain("stud grids differ");
    // Apart, each may face its own way.
    expect(failing(verify(bricks.slice(0, 2)))).toEqual([]);
  });

  it("stability uses the turned footprint: a centre of mass inside its bounding box but off the brick topples", () => {
    const tower = (n: number) => Array.from({ length: n }, (_, k) => atP(along(c0, 45, 0, 8 * k), k, 45));
    // Centres 0, 8, 16 across: the mean (8) is on the base's long edge.
    expect(failing(verify(tower(3)))).toEqual([]);
    // Mean 12 mm across: off the 16 mm wide base, though inside its 34 mm bounding box.
    expect(failing(verify(tower(4)))).toEqual(["parts.stable"]);
  });

  it("bounds use the turned brick: wholly outside by its nearest point, below the ground by its layer", () => {
    const out = (d: number) => verify([at(d / Math.SQRT2, d / Math.SQRT2, 0, 135)]);
    expect(failing(out(78.5))).toEqual(["bricks.in_bounds"]);
    expect(out(78.5).checks[4]?.detail).toContain("nearest point 70.5 mm");
    expect(failing(out(77.9))).toEqual([]);
    expect(failing(verify([at(0, 0, 0, 30)]))).toEqual(["bricks.in_bounds"]);
    expect(failing(verify([atP(c0, 0, t), atP(c0, -1, t)]))).toEqual(["bricks.in_bounds"]);
  });

  it("the original's stored answers with rings of turned bricks fail on the stud grid", () => {
    const read = parse([
      original(48, 0, 4.8, 0),
      original(45.11, 16.42, 4.8, 20),
      original(45.82, 4.01, 14.4, 95),
    ]);
    if (isParseFailure(read)) throw new Error(read.message);
    expect(failing(verify(read.bricks))).toContain("bricks.stud_aligned");
  });
});

/** The footprint's corners, counter-clockwise, computed here independently of the verifier. */
function corners(b: Brick): Point[] {
  const [cx, cy] = brickCentre(b);
  return [
    [-16, -8],
    [16, -8],
    [16, 8],
    [-16, 8],
  ].map(([u, v]) => along([cx, cy], b.orientation, u as number, v as number));
}

/** Area of the intersection of two convex counter-clockwise polygons (Sutherland–Hodgman). */
function clippedArea(subject: Point[], clip: Point[]): number {
  let poly = subject;
  for (let i = 0; i < clip.length && poly.length > 0; i++) {
    const a = clip[i] as Point;
    const b = clip[(i + 1) % clip.length] as Point;
    const side = (p: Point) => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    const next: Point[] = [];
    poly.forEach((p, k) => {
      const q = poly[(k + 1) % poly.length] as Point;
      const sp = side(p);
      const sq = side(q);
      if (sp >= 0) next.push(p);
      if (sp >= 0 !== sq >= 0) {
        const f = sp / (sp - sq);
        next.push([p[0] + f * (q[0] - p[0]), p[1] + f * (q[1] - p[1])]);
      }
    });
    poly = next;
  }
  let twice = 0;
  poly.forEach((p, k) => {
    const q = poly[(k + 1) % poly.length] as Point;
    twice += p[0] * q[1] - q[0] * p[1];
  });
  return Math.max(0, twice / 2);
}
