import type { Check, Verdict } from "../../../core/verdict.ts";
import { verdictFromChecks } from "../../../core/verdict.ts";
import {
  centroid,
  countMeetingPairs,
  dist,
  hullArea,
  meetingPairs,
  straightRuns,
  turnAngle,
} from "./geometry.ts";
import { type PipeAnswer, type PipeData, type Pt, TOL } from "./model.ts";

const INVALID = new Set(["pipes.count"]);
const fmt = (p: Pt) => `(${p[0]}, ${p[1]})`;
const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** Which segments break the segment and crossing rules (for highlighting). */
export function badSegments(
  data: PipeData,
  points: readonly Pt[],
): { badLength: number[]; crossing: number[] } {
  const n = points.length;
  const badLength: number[] = [];
  for (let i = 0; i < n; i++) {
    if (Math.abs(dist(points[i] as Pt, points[(i + 1) % n] as Pt) - 1) > TOL.length) badLength.push(i);
  }
  const crossing = new Set<number>();
  // Like verify, skip the quadratic scan when the point count is already wrong.
  if (data.constraints.crossings === undefined && n === data.pipes)
    for (const [i, j] of meetingPairs(points)) {
      crossing.add(i);
      crossing.add(j);
    }
  return { badLength, crossing: [...crossing].sort((a, b) => a - b) };
}

function firstFailure<T>(items: readonly T[], bad: (t: T) => string | null): string | null {
  for (const t of items) {
    const why = bad(t);
    if (why !== null) return why;
  }
  return null;
}

/** The first pair of points closer than `min`, as [i, j, distance], or null. Quadratic. */
function closePair(pts: readonly Pt[], min: number): [number, number, number] | null {
  for (let i = 0; i < pts.length; i++)
    for (let j = i + 1; j < pts.length; j++) {
      const d = dist(pts[i] as Pt, pts[j] as Pt);
      if (d < min) return [i, j, d];
    }
  return null;
}

const check = (name: string, failure: string | null): Check =>
  failure === null ? { name, ok: true } : { name, ok: false, detail: failure };

export function verifyPipeLoop(data: PipeData, answer: PipeAnswer): Verdict {
  const pts: Pt[] = answer.points;
  const n = pts.length;
  const { side, constraints: c } = data;
  const idx = Array.from({ length: n }, (_, i) => i);
  const countOk = n === data.pipes;
  const checks: Check[] = [
    check("pipes.count", countOk ? null : `${n} points (pipes) listed, ${data.pipes} required`),
  ];
  if (n === 0) return verdictFromChecks(checks, INVALID);

  checks.push(
    check(
      "bounds.inside",
      firstFailure(idx, (i) => {
        const [x, y] = pts[i] as Pt;
        const ok = x >= -TOL.bounds && y >= -TOL.bounds && x <= side + TOL.bounds && y <= side + TOL.bounds;
        return ok ? null : `point ${i} ${fmt([x, y])} lies outside the square [0, ${side}]²`;
      }),
    ),
    check(
      "segment.length",
      firstFailure(idx, (i) => {
        const d = dist(pts[i] as Pt, pts[(i + 1) % n] as Pt);
        return Math.abs(d - 1) <= TOL.length
          ? null
          : `segment ${i} (point ${i} to point ${(i + 1) % n}) has length ${r4(d)}, not 1 ± ${TOL.length}`;
      }),
    ),
  );
  // The pairwise checks are quadratic: with the wrong number of points the answer has already
  // failed, so they are not run (and the point count is capped only loosely by the schema).
  const unchecked = `not checked: ${n} points instead of ${data.pipes}`;
  const dup = countOk ? closePair(pts, TOL.duplicate) : null;
  checks.push(
    check(
      "vertices.distinct",
      !countOk ? unchecked : dup && `points ${dup[0]} and ${dup[1]} coincide (closer than ${TOL.duplicate})`,
    ),
  );

  const turns = idx.map((i) => turnAngle(pts, i));
  checks.push(
    check(
      "path.no_backtracking",
      n < 3
        ? "a loop needs at least 3 points"
        : firstFailure(idx, (i) => {
            const t = turns[i] ?? null;
            return t !== null && t > TOL.backtrackDeg
              ? `the pipe leaving point ${i} folds back onto the one arriving (turn ${r4(t)}° > ${TOL.backtrackDeg}°)`
              : null;
          }),
    ),
  );

  const wanted = c.crossings ?? 0;
  const meeting = countOk ? countMeetingPairs(pts, wanted) : undefined;
  const tally = (k: number) => (k > wanted ? `more than ${wanted}` : String(k));
  if (c.crossings === undefined) {
    const first = meeting?.first;
    checks.push(
      check(
        "path.simple",
        meeting === undefined
          ? unchecked
          : first === undefined
            ? null
            : `segments ${first[0]} and ${first[1]} meet`,
      ),
    );
  } else {
    checks.push(
      check(
        "constraints.crossings",
        meeting === undefined
          ? unchecked
          : meeting.count === c.crossings
            ? null
            : `${tally(meeting.count)} meeting pairs of segments, exactly ${c.crossings} required`,
      ),
    );
  }
  const maxTurn = c.maxTurnDeg;
  if (maxTurn !== undefined)
    checks.push(
      check(
        "constraints.turn_angle",
        firstFailure(idx, (i) => {
          const t = turns[i] ?? null;
          return t !== null && t > maxTurn ? `turn at point ${i} is ${r4(t)}°, above ${maxTurn}°` : null;
        }),
      ),
    );
  if (c.centroid) {
    const [x, y] = centroid(pts);
    const d = dist([x, y], [c.centroid.x, c.centroid.y]);
    checks.push(
      check(
        "constraints.centroid",
        d <= c.centroid.tolerance
          ? null
          : `centroid ${fmt([r4(x), r4(y)])} is ${r4(d)} from ${fmt([c.centroid.x, c.centroid.y])} (tolerance ${c.centroid.tolerance})`,
      ),
    );
  }
  if (c.touchEdges) {
    const gap = {
      left: (p: Pt) => p[0],
      right: (p: Pt) => side - p[0],
      bottom: (p: Pt) => p[1],
      top: (p: Pt) => side - p[1],
    };
    const missed = c.touchEdges.filter((e) => !pts.some((p) => Math.abs(gap[e](p)) <= TOL.touch));
    checks.push(
      check(
        "constraints.edge_touching",
        missed.length === 0 ? null : `no point touches the ${missed.join(", ")} edge`,
      ),
    );
  }
  const straight = c.straightDeg ?? TOL.straightDeg;
  const corner = c.cornerAngle;
  if (corner)
    checks.push(
      check(
        "constraints.corner_angle",
        firstFailure(idx, (i) => {
          const t = turns[i] ?? null;
          const a = t === null ? null : 180 - t;
          return a !== null && (a < corner.min || a > corner.max)
            ? `the angle between the pipes at point ${i} is ${r4(a)}°, outside ${corner.min}°–${corner.max}°`
            : null;
        }),
      ),
    );
  if (c.centroidBox) {
    const [x, y] = centroid(pts);
    const b = c.centroidBox;
    checks.push(
      check(
        "constraints.centroid_box",
        x >= b.xMin && x <= b.xMax && y >= b.yMin && y <= b.yMax
          ? null
          : `centroid ${fmt([r4(x), r4(y)])} lies outside [${b.xMin}, ${b.xMax}] × [${b.yMin}, ${b.yMax}]`,
      ),
    );
  }
  if (c.touchEdgeCount) {
    const { count, tolerance } = c.touchEdgeCount;
    const gaps = [(p: Pt) => p[0], (p: Pt) => side - p[0], (p: Pt) => p[1], (p: Pt) => side - p[1]];
    const touched = gaps.filter((gap) => pts.some((p) => Math.abs(gap(p)) <= tolerance)).length;
    checks.push(
      check(
        "constraints.edges_touched",
        touched >= count ? null : `points touch ${touched} edge(s) of the square, at least ${count} required`,
      ),
    );
  }
  if (c.maxStraightJoints !== undefined) {
    const limit = c.maxStraightJoints;
    const flat = turns.map((t) => t !== null && t < straight);
    let longest = 0;
    // Runs may wrap around the loop: walk it twice, capped at n.
    for (let k = 0, run = 0; k < 2 * n; k++) {
      run = flat[k % n] ? run + 1 : 0;
      longest = Math.max(longest, Math.min(run, n));
    }
    checks.push(
      check(
        "constraints.max_straight_joints",
        longest <= limit ? null : `${longest} points in a row go straight on, at most ${limit} allowed`,
      ),
    );
  }
  if (c.minTurns !== undefined) {
    const count = turns.filter((t) => t === null || t > straight).length;
    checks.push(
      check(
        "constraints.min_turns",
        count >= c.minTurns ? null : `${count} direction changes, at least ${c.minTurns} required`,
      ),
    );
  }
  if (c.maxStraightRun !== undefined) {
    const longest = Math.max(...straightRuns(pts, TOL.straightDeg));
    checks.push(
      check(
        "constraints.max_straight_run",
        longest <= c.maxStraightRun
          ? null
          : `a straight run of length ${r4(longest)} exceeds ${c.maxStraightRun}`,
      ),
    );
  }
  if (c.allQuadrants) {
    const h = side / 2;
    const names = ["lower-left", "lower-right", "upper-left", "upper-right"];
    const missed = names.filter(
      (_, q) =>
        !pts.some(([x, y]) =>
          c.quadrantsClosed
            ? (q % 2 === 0 ? x <= h : x >= h) && (q < 2 ? y <= h : y >= h)
            : (q % 2 === 0 ? x < h : x > h) && (q < 2 ? y < h : y > h),
        ),
    );
    checks.push(
      check(
        "constraints.all_quadrants",
        missed.length === 0
          ? null
          : `no point ${c.quadrantsClosed ? "in" : "strictly inside"} the ${missed.join(", ")} quadrant`,
      ),
    );
  }
  const margin = c.margin;
  if (margin !== undefined)
    checks.push(
      check(
        "constraints.inner_margin",
        firstFailure(idx, (i) => {
          const [x, y] = pts[i] as Pt;
          const lo = margin - TOL.bounds;
          const hi = side - margin + TOL.bounds;
          return x >= lo && y >= lo && x <= hi && y <= hi
            ? null
            : `point ${i} ${fmt([x, y])} is within ${margin} of an edge`;
        }),
      ),
    );
  if (c.minHullArea !== undefined) {
    const area = hullArea(pts);
    checks.push(
      check(
        "constraints.hull_area",
        area >= c.minHullArea ? null : `convex hull area ${r4(area)} is below ${c.minHullArea}`,
      ),
    );
  }
  if (c.start) {
    const d = dist(pts[0] as Pt, [c.start.x, c.start.y]);
    checks.push(
      check(
        "constraints.fixed_start",
        d <= (c.start.tolerance ?? TOL.start)
          ? null
          : `first point ${fmt(pts[0] as Pt)} is ${r4(d)} from ${fmt([c.start.x, c.start.y])}`,
      ),
    );
  }
  const sep = c.minSeparation;
  if (sep !== undefined) {
    const close = countOk ? closePair(pts, sep) : null;
    checks.push(
      check(
        "constraints.point_separation",
        !countOk
          ? unchecked
          : close && `points ${close[0]} and ${close[1]} are ${r4(close[2])} apart, less than ${sep}`,
      ),
    );
  }
  return verdictFromChecks(checks, INVALID);
}
