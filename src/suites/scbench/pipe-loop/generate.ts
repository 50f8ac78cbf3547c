import type { Rng } from "../../../core/rng.ts";
import { centroid, countMeetingPairs, dist, hullArea, turnAngle } from "./geometry.ts";
import { type Constraints, EDGES, type Edge, type PipeData, type PipeParams, type Pt, TOL } from "./model.ts";
import { connectorsFor, constructLoop, referenceShape, riseFor } from "./solve.ts";
import { verifyPipeLoop } from "./verify.ts";

const round2 = (x: number) => Math.round(x * 100) / 100;
const floor2 = (x: number) => Math.floor(x * 100) / 100;

/** A uniform value of [lo, hi] rounded to 0.01, kept inside the interval. */
function pick2(rng: Rng, lo: number, hi: number): number {
  const a = Math.ceil(lo * 100);
  const b = Math.floor(hi * 100);
  if (b < a) throw new Error(`pipe-loop: empty range [${lo}, ${hi}]`);
  return rng.int(a, b) / 100;
}

function constraintsFor(params: PipeParams, rng: Rng): Constraints {
  const { pipes: n, side } = params;
  switch (params.constraint) {
    case "none":
      return {};
    case "crossings": {
      const options = [1, 2].filter((k) => riseFor(n, k, side) !== null && connectorsFor(n, k) !== null);
      if (options.length === 0) throw new Error(`pipe-loop: no crossing loop of ${n} pipes in side ${side}`);
      return { crossings: rng.pick(options) };
    }
    case "centroid": {
      const shape = referenceShape(n, side, { centroid: { x: 0, y: 0, tolerance: 0 } });
      const [mx, my] = centroid(shape.points);
      const slack = 0.01;
      return {
        centroid: {
          x: pick2(rng, mx + slack, side - shape.width + mx - slack),
          y: pick2(rng, my + slack, side - shape.height + my - slack),
          tolerance: 0.5,
        },
      };
    }
    case "edge-touching": {
      const horizontal: Edge = rng.pick(["left", "right"] as const);
      const vertical: Edge = rng.pick(["bottom", "top"] as const);
      return { touchEdges: EDGES.filter((e) => e === horizontal || e === vertical) };
    }
    case "inner-margin": {
      // The widest margin (up to 2) that still leaves room for the ring, in steps of 0.01.
      let room = Math.min(2, floor2((side - 2) / 2));
      while (room >= 0.1 && riseFor(n, 0, side - 2 * room) === null) room = round2(room - 0.01);
      if (room < 0.1) throw new Error(`pipe-loop: no room for a margin with ${n} pipes in side ${side}`);
      return { margin: pick2(rng, 0.1, room) };
    }
    case "all-quadrants":
      return { allQuadrants: true };
    case "max-straight-run":
      return { maxStraightRun: rng.pick([1.5, 2.5, 3.5]) };
    case "start-separation": {
      const shape = referenceShape(n, side, { start: { x: 0, y: 0 } });
      const first = shape.points[0] as Pt;
      let sep = Number.POSITIVE_INFINITY;
      for (let i = 0; i < shape.points.length; i++)
        for (let j = i + 1; j < shape.points.length; j++)
          sep = Math.min(sep, dist(shape.points[i] as Pt, shape.points[j] as Pt));
      return {
        start: {
          x: pick2(rng, first[0] + 0.01, side - shape.width + first[0] - 0.01),
          y: pick2(rng, first[1] + 0.01, side - shape.height + first[1] - 0.01),
        },
        minSeparation: floor2(sep * 0.95),
      };
    }
    // The remaining limits are read off the reference loop, so it meets them by construction.
    case "turn-angle": {
      const pts = referenceShape(n, side, {}).points;
      const worst = Math.max(...pts.map((_, i) => turnAngle(pts, i) ?? 0));
      return { maxTurnDeg: Math.min(TOL.backtrackDeg - 1, Math.ceil(worst) + rng.int(1, 3)) };
    }
    case "min-turns": {
      const pts = referenceShape(n, side, {}).points;
      const count = pts.filter((_, i) => (turnAngle(pts, i) ?? 180) > TOL.straightDeg).length;
      return { minTurns: count - rng.int(0, Math.min(2, count - 3)) };
    }
    case "hull-area": {
      const pts = referenceShape(n, side, {}).points;
      return { minHullArea: floor2(hullArea(pts) * (0.9 + 0.05 * rng.float())) };
    }
  }
}

/** An instance with its constraints, certified by the reference constructor. */
export function generatePipeData(params: PipeParams, rng: Rng): PipeData {
  const data: PipeData = { pipes: params.pipes, side: params.side, constraints: constraintsFor(params, rng) };
  const answer = constructLoop(data);
  const verdict = verifyPipeLoop(data, answer);
  if (!verdict.passed) throw new Error(`pipe-loop: reference loop fails verify: ${verdict.failure?.message}`);
  if (data.constraints.crossings === undefined && countMeetingPairs(answer.points, 0).count !== 0)
    throw new Error("pipe-loop: reference loop is not simple");
  return data;
}
