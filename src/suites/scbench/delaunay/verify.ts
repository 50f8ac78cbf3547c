import type { Check, Verdict } from "../../../core/verdict.ts";
import { verdictFromChecks } from "../../../core/verdict.ts";
import { SCALE } from "./generate.ts";
import { hullBoundary, hullTwiceArea, inCircle, orient, type Pt } from "./geometry.ts";
import type { Triangle } from "./solve.ts";

export interface DelaunayAnswer {
  triangles: number[][];
}

const INVALID: ReadonlySet<string> = new Set(["triangles.indices", "triangles.non_degenerate"]);
const SHOWN = 4;

/** A triangle whose circumcircle strictly contains other input points. */
export interface Violation {
  triangle: number;
  inside: number[];
}

export function verifyTriangulation(points: readonly Pt[], answer: DelaunayAnswer): Verdict {
  const n = points.length;
  const badIndex: string[] = [];
  answer.triangles.forEach((t, k) => {
    if (t.length !== 3) badIndex.push(`triangle ${k} has ${t.length} entries, not 3`);
    else if (!t.every((i) => Number.isInteger(i) && i >= 0 && i < n))
      badIndex.push(`triangle ${k} ${show(t)} has an entry that is not a point index 0..${n - 1}`);
    else if (new Set(t).size !== 3) badIndex.push(`triangle ${k} ${show(t)} repeats a vertex`);
  });
  const indices = check("triangles.indices", badIndex);
  if (!indices.ok) return verdictFromChecks([indices], INVALID);

  const tris = answer.triangles as Triangle[];
  const flat = tris.flatMap((t, k) =>
    orient(pt(points, t[0]), pt(points, t[1]), pt(points, t[2])) === 0n
      ? [`triangle ${k} ${show(t)} has zero area`]
      : [],
  );
  const nonDegenerate = check("triangles.non_degenerate", flat);
  if (!nonDegenerate.ok) return verdictFromChecks([indices, nonDegenerate], INVALID);

  const ccw = tris.map((t) => counterClockwise(points, t));
  const checks: Check[] = [indices, nonDegenerate, uniqueCheck(tris), coverCheck(points, ccw)];
  const violations = delaunayViolations(points, ccw);
  checks.push(
    check(
      "triangles.delaunay",
      violations.map(
        (v) =>
          `point${v.inside.length > 1 ? "s" : ""} ${v.inside.join(", ")} inside the circumcircle of triangle ${show(tris[v.triangle] ?? [])}`,
      ),
    ),
  );
  return verdictFromChecks(checks, INVALID);
}

/** Triangles (well-formed, non-degenerate) whose circumcircle has an input point strictly inside. */
export function delaunayViolations(points: readonly Pt[], tris: readonly Triangle[]): Violation[] {
  const out: Violation[] = [];
  tris.forEach((raw, k) => {
    const [a, b, c] = counterClockwise(points, raw);
    const inside: number[] = [];
    points.forEach((p, i) => {
      if (i !== a && i !== b && i !== c && inCircle(pt(points, a), pt(points, b), pt(points, c), p) > 0n)
        inside.push(i);
    });
    if (inside.length > 0) out.push({ triangle: k, inside });
  });
  return out;
}

function uniqueCheck(tris: readonly Triangle[]): Check {
  const seen = new Map<string, number>();
  const dups: string[] = [];
  tris.forEach((t, k) => {
    const key = [...t].sort((x, y) => x - y).join(",");
    const first = seen.get(key);
    if (first === undefined) seen.set(key, k);
    else dups.push(`triangle ${k} ${show(t)} repeats triangle ${first}`);
  });
  return check("triangles.unique", dups);
}

/**
 * Exact tiling of the convex hull: with counter-clockwise triangles, every directed edge is used at
 * most once, an edge with a triangle on one side only is a hull side (hull points included), every
 * hull side is used, every point is a vertex, and the areas add up to the hull's area.
 */
function coverCheck(points: readonly Pt[], ccw: readonly Triangle[]): Check {
  const directed = new Map<string, number>();
  for (const [a, b, c] of ccw) {
    for (const [u, v] of [
      [a, b],
      [b, c],
      [c, a],
    ] as const) {
      const key = `${u},${v}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  const boundary = hullBoundary(points);
  const hullSides = new Set(boundary.map((u, k) => `${u},${boundary[(k + 1) % boundary.length]}`));
  const used = new Set(ccw.flat());
  const unused = points.map((_, i) => i).filter((i) => !used.has(i));
  const sameSide = [...directed].filter(([, count]) => count > 1).map(([key]) => key);
  const oneSided = [...directed.keys()].filter((key) => {
    const [u, v] = key.split(",");
    return !directed.has(`${v},${u}`) && !hullSides.has(key);
  });
  const uncovered = [...hullSides].filter((side) => !directed.has(side));
  const total = ccw.reduce((s, [a, b, c]) => s + orient(pt(points, a), pt(points, b), pt(points, c)), 0n);
  const hull = hullTwiceArea(points, boundary);
  const problems = [
    listed(unused, "point", "points", "not a vertex of any triangle"),
    total === hull
      ? ""
      : `the triangles' total area is ${area(total)} but the convex hull's is ${area(hull)}`,
    listed(sameSide.map(edge), "edge", "edges", "with two triangles on the same side (overlap)"),
    listed(
      oneSided.map(edge),
      "edge",
      "edges",
      "with a triangle on one side only but not a side of the convex hull",
    ),
    listed(uncovered.map(edge), "hull side", "hull sides", "in no triangle"),
  ].filter((p) => p !== "");
  return check("triangles.cover_hull", problems);
}

function counterClockwise(points: readonly Pt[], t: Triangle): Triangle {
  const [a, b, c] = t;
  return orient(pt(points, a), pt(points, b), pt(points, c)) < 0n ? [a, c, b] : [a, b, c];
}

/** "points 3, 5, 8 not a vertex…", eliding a long list. */
function listed(items: readonly (string | number)[], one: string, many: string, what: string): string {
  if (items.length === 0) return "";
  const shown = items.slice(0, 6).join(", ") + (items.length > 6 ? ` and ${items.length - 6} more` : "");
  return `${items.length > 1 ? many : one} ${shown} ${what}`;
}

function edge(key: string): string {
  return key.replace(",", "–");
}

function check(name: string, problems: readonly string[]): Check {
  if (problems.length === 0) return { name, ok: true };
  const more = problems.length > SHOWN ? ` (and ${problems.length - SHOWN} more)` : "";
  return { name, ok: false, detail: problems.slice(0, SHOWN).join("; ") + more };
}

function pt(points: readonly Pt[], i: number): Pt {
  const p = points[i];
  if (!p) throw new Error(`point index ${i} out of range`);
  return p;
}

function show(t: readonly number[]): string {
  return `[${t.join(", ")}]`;
}

/** Twice an area in thousandths squared, as the area itself in the points' units. */
function area(twice: bigint): string {
  return (Number(twice) / 2 / SCALE ** 2).toFixed(6);
}
