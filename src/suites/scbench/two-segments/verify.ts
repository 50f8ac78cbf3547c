import type { Instance } from "../../../core/task.ts";
import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import { frameOf } from "./frame.ts";
import {
  alongSide,
  arrangementFaces,
  type Face,
  type GridPoint,
  onBoundary,
  snapPoint,
  snapScaled,
} from "./geometry.ts";
import type { TwoSegmentsAnswer, TwoSegmentsData } from "./schema.ts";
import { countFaces, describeTarget, type Target, totalFaces } from "./targets.ts";

const INVALID = new Set(["segments.well_formed"]);

export interface Evaluation {
  checks: Check[];
  /** Present when both segments are proper chords, so the partition exists. */
  faces?: Face[];
  counts?: Target;
}

const fixed = (v: bigint, decimals: number): string => {
  const sign = v < 0n ? "-" : "";
  const digits = (v < 0n ? -v : v).toString().padStart(decimals + 1, "0");
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
};

const showPoint = (p: GridPoint, decimals: number): string =>
  `(${fixed(p.x, decimals)}, ${fixed(p.y, decimals)})`;

/** Runs the checks in order, stopping after the first group that fails (later ones need it). */
export function evaluate(data: TwoSegmentsData, answer: TwoSegmentsAnswer): Evaluation {
  const d = data.snapDecimals;
  const size = 10n ** BigInt(d);
  const checks: Check[] = [];
  const segs = answer.segments;
  const finite = segs.every((s) => s.every((p) => p.every(Number.isFinite)));
  const wellFormed = segs.length === 2 && finite;
  checks.push({
    name: "segments.well_formed",
    ok: wellFormed,
    ...(wellFormed
      ? {}
      : {
          detail:
            segs.length !== 2 ? `expected 2 segments, got ${segs.length}` : "a coordinate is not finite",
        }),
  });
  if (!wellFormed) return { checks };

  const grid = data.grid?.map((v) => snapScaled(v, d));
  if (grid) {
    const offGrid = segs.flatMap((s, i) =>
      s.flatMap((p, j) =>
        p.some((v) => !grid.includes(snapScaled(v, d)))
          ? [
              `segment ${i + 1} endpoint ${j + 1} [${p.join(", ")}] has a coordinate not in the allowed values`,
            ]
          : [],
      ),
    );
    checks.push({
      name: "segments.on_grid",
      ok: offGrid.length === 0,
      ...(offGrid.length ? { detail: offGrid.join("; ") } : {}),
    });
  }

  // A region other than the unit square is carried onto it first; rounding happens there.
  const frame = frameOf(data.corners);
  // A point the map sends to infinity is far outside the region: it stands as (-1, -1), off the boundary.
  const toUnit = (p: readonly [number, number]): [number, number] => {
    const q = frame ? frame.toUnit(p) : [p[0], p[1]];
    return q.every(Number.isFinite) ? (q as [number, number]) : [-1, -1];
  };
  const unit = segs.map((s) => s.map(toUnit));
  const snapped = unit.map((s) => s.map((p) => snapPoint(p, d)) as [GridPoint, GridPoint]);
  const where = frame ? " in the region's own unit coordinates" : "";
  const offBoundary: string[] = [];
  snapped.forEach((s, i) => {
    s.forEach((p, j) => {
      if (onBoundary(p, size)) return;
      const raw = segs[i]?.[j] ?? [0, 0];
      offBoundary.push(
        `segment ${i + 1} endpoint ${j + 1} [${raw.join(", ")}] rounds to ${showPoint(p, d)}${where}, which is not on the boundary`,
      );
    });
  });
  checks.push({
    name: "segments.on_boundary",
    ok: offBoundary.length === 0,
    ...(offBoundary.length ? { detail: offBoundary.join("; ") } : {}),
  });

  const degenerate: string[] = [];
  snapped.forEach(([p, q], i) => {
    if (p.x === q.x && p.y === q.y) degenerate.push(`segment ${i + 1} has zero length at ${showPoint(p, d)}`);
    else if (alongSide(p, q, size))
      degenerate.push(
        `segment ${i + 1} ${showPoint(p, d)}–${showPoint(q, d)} lies along a side of the square`,
      );
  });
  checks.push({
    name: "segments.non_degenerate",
    ok: degenerate.length === 0,
    ...(degenerate.length ? { detail: degenerate.join("; ") } : {}),
  });
  if (offBoundary.length || degenerate.length || checks.some((c) => !c.ok)) return { checks };

  const faces = arrangementFaces(snapped, size);
  const counts = countFaces(faces);
  const want = totalFaces(data.target);
  checks.push({
    name: "faces.count",
    ok: faces.length === want,
    ...(faces.length === want
      ? {}
      : { detail: `the segments make ${faces.length} faces, the target has ${want}` }),
  });
  const typesOk = (Object.keys(counts) as (keyof Target)[]).every((k) => counts[k] === data.target[k]);
  checks.push({
    name: "faces.types",
    ok: typesOk,
    ...(typesOk
      ? {}
      : { detail: `got ${describeTarget(counts) || "no faces"}, wanted ${describeTarget(data.target)}` }),
  });
  return { checks, faces, counts };
}

export function verifyTwoSegments(inst: Instance<TwoSegmentsData>, answer: TwoSegmentsAnswer): Verdict {
  return verdictFromChecks(evaluate(inst.data, answer).checks, INVALID);
}
