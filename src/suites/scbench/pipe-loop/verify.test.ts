import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { pipeLoopTask as task } from "./index.ts";
import type { Constraints, PipeAnswer, PipeData } from "./model.ts";

const make = (level: string, seed = "v"): Instance<PipeData> =>
  task.generate(task.params.parse(task.levels[level]), new Rng(seed));
const good = (inst: Instance<PipeData>) => task.solve!(inst).answers[0]!;
const copy = (a: PipeAnswer): [number, number][] => a.points.map(([x, y]) => [x, y]);
const withConstraints = (inst: Instance<PipeData>, constraints: Constraints): Instance<PipeData> => ({
  ...inst,
  data: { ...inst.data, constraints },
});

function failsWith(inst: Instance<PipeData>, points: [number, number][], name: string, kind = "wrong") {
  const v = task.verify(inst, { points });
  expect(v.passed).toBe(false);
  const failed = v.checks.filter((c) => !c.ok).map((c) => c.name);
  expect(failed).toContain(name);
  expect(v.failure?.kind).toBe(kind);
  return failed;
}

describe("pipe-loop verify near-misses", () => {
  const inst = make("level-05");
  const ok = good(inst);

  it("accepts the reference loop", () => {
    expect(task.verify(inst, ok).passed).toBe(true);
  });

  it("rejects a segment of length 1.06", () => {
    // The unit square: stretch its closing segment to 1.06 by moving the last point.
    const sq = withConstraints({ ...inst, data: { ...inst.data, pipes: 4 } }, {});
    const square: [number, number][] = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 2],
    ];
    expect(task.verify(sq, { points: square }).passed).toBe(true);
    square[3] = [1, 2.06];
    expect(failsWith(sq, square, "segment.length")).toEqual(["segment.length"]);
  });

  it("rejects a duplicated vertex", () => {
    const pts = copy(ok);
    pts[7] = [pts[5]![0], pts[5]![1]];
    failsWith(inst, pts, "vertices.distinct");
  });

  it("rejects an immediate backtrack", () => {
    const pts = copy(ok);
    // 1 → 2 runs one unit right, 2 → 3 comes almost straight back.
    const [x1, y1] = pts[1]!;
    pts[2] = [x1 + 1, y1];
    pts[3] = [x1 + 0.01, y1 + 0.001];
    failsWith(inst, pts, "path.no_backtracking");
  });

  it("rejects a vertex outside the square and the wrong number of pipes", () => {
    const pts = copy(ok).map(([x, y]): [number, number] => [x - ok.points[0]![0] - 0.01, y]);
    failsWith(inst, pts, "bounds.inside");
    const fewer = copy(ok).slice(0, -1);
    failsWith(inst, fewer, "pipes.count", "invalid");
  });

  it("rejects a crossing loop when none are allowed, and counts crossings exactly", () => {
    const cross = withConstraints({ ...inst, data: { ...inst.data, pipes: 4 } }, {});
    const bow: [number, number][] = [
      [1, 1],
      [2, 1],
      [1, 2],
      [2, 2],
    ];
    failsWith(cross, bow, "path.simple");
    const l11 = make("level-11");
    const pts = copy(good(l11));
    expect(task.verify(l11, { points: pts }).passed).toBe(true);
    const other = withConstraints(l11, { crossings: (l11.data.constraints.crossings ?? 0) + 1 });
    failsWith(other, pts, "constraints.crossings");
  });

  it("rejects a violation of every extra constraint", () => {
    const cases: [string, (c: Constraints) => Constraints][] = [
      ["level-12", (c) => ({ ...c, maxTurnDeg: (c.maxTurnDeg ?? 0) - 20 })],
      ["level-13", (c) => ({ ...c, centroid: { ...c.centroid!, x: c.centroid!.x + 0.6 } })],
      ["level-15", (c) => ({ ...c, minTurns: task.params.parse(task.levels["level-15"]).pipes + 1 })],
      ["level-17", (c) => c],
      ["level-18", (c) => ({ ...c, margin: 3 })],
      ["level-19", (c) => ({ ...c, minHullArea: c.minHullArea! * 2 })],
      ["level-20", (c) => ({ ...c, start: { x: c.start!.x + 0.02, y: c.start!.y } })],
      ["level-20", (c) => ({ ...c, minSeparation: 0.5 })],
    ];
    const names = [
      "constraints.turn_angle",
      "constraints.centroid",
      "constraints.min_turns",
      "constraints.all_quadrants",
      "constraints.inner_margin",
      "constraints.hull_area",
      "constraints.fixed_start",
      "constraints.point_separation",
    ];
    cases.forEach(([level, tweak], k) => {
      const base = make(level);
      const pts = copy(good(base));
      expect(task.verify(base, { points: pts }).passed).toBe(true);
      const inst2 = withConstraints(base, tweak(base.data.constraints));
      // Level 17: the same loop slid against the left edge leaves both right-hand quadrants empty.
      const moved =
        level === "level-17"
          ? pts.map(([x, y]): [number, number] => [x - Math.min(...pts.map((p) => p[0])), y])
          : pts;
      failsWith(inst2, moved, names[k]!);
    });
  });

  it("rejects missing edge contact and a too-long straight run", () => {
    const l14 = make("level-14");
    const pts = copy(good(l14));
    expect(task.verify(l14, { points: pts }).passed).toBe(true);
    const [e] = l14.data.constraints.touchEdges!;
    const dx = e === "left" ? 0.05 : e === "right" ? -0.05 : 0;
    const dy = e === "bottom" ? 0.05 : e === "top" ? -0.05 : 0;
    failsWith(
      l14,
      pts.map(([x, y]): [number, number] => [x + dx, y + dy]),
      "constraints.edge_touching",
    );
    const run = withConstraints({ ...l14, data: { ...l14.data, pipes: 6 } }, { maxStraightRun: 1.5 });
    const rect: [number, number][] = [
      [1, 1],
      [2, 1],
      [3, 1],
      [3, 2],
      [2, 2],
      [1, 2],
    ];
    failsWith(run, rect, "constraints.max_straight_run");
    expect(task.verify(withConstraints(run, { maxStraightRun: 2 }), { points: rect }).passed).toBe(true);
  });

  it("skips the pairwise checks when the point count is already wrong", () => {
    const l11 = make("level-11");
    const pts = copy(good(l11));
    const v = task.verify(l11, { points: [...pts, ...pts] });
    expect(v.failure?.kind).toBe("invalid");
    const unchecked = `not checked: ${2 * pts.length} points instead of ${pts.length}`;
    for (const name of ["vertices.distinct", "constraints.crossings"])
      expect(v.checks.find((c) => c.name === name)).toEqual({ name, ok: false, detail: unchecked });
  });

  it("stops counting crossings once there are more than required", () => {
    // A zigzag whose segments all cross: far more meeting pairs than the one required.
    const zigzag = Array.from({ length: 40 }, (_, i): [number, number] => [i % 2, i * 0.01]);
    const one = withConstraints({ ...inst, data: { ...inst.data, pipes: 40 } }, { crossings: 1 });
    const v = task.verify(one, { points: zigzag });
    expect(v.checks.find((c) => c.name === "constraints.crossings")?.detail).toBe(
      "more than 1 meeting pairs of segments, exactly 1 required",
    );
  });

  it("never throws on degenerate answers", () => {
    for (const points of [
      [],
      [[0, 0]],
      [
        [0, 0],
        [1, 0],
      ],
      [
        [0, 0],
        [0, 0],
        [0, 0],
      ],
    ] as [number, number][][]) {
      const v = task.verify(inst, { points });
      expect(v.passed).toBe(false);
    }
  });
});
