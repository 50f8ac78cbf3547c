import { escapeXml } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import { SCALE } from "./generate.ts";
import { circumcircle, hullBoundary, orient, type Pt } from "./geometry.ts";
import type { Triangle } from "./solve.ts";
import { type DelaunayAnswer, delaunayViolations, verifyTriangulation } from "./verify.ts";

const SIZE = 640;
const MARGIN = 30;
const TOP = 34;
const WIDTH = SIZE + 2 * MARGIN;
const HEIGHT = SIZE + 2 * MARGIN + TOP;

/**
 * The points with their numbers and the convex hull (dashed); with an answer, its triangles, and in
 * red the triangles that break the empty-circle rule, their circumcircles and the points inside them.
 */
export function renderDelaunay(
  points: readonly Pt[],
  answer?: DelaunayAnswer,
  title = "Delaunay triangulation",
): SvgRendering {
  const sx = (x: number) => MARGIN + (x / SCALE) * SIZE;
  const sy = (y: number) => TOP + MARGIN + (1 - y / SCALE) * SIZE;
  const parts: string[] = [];
  parts.push(
    `<rect x="${MARGIN}" y="${TOP + MARGIN}" width="${SIZE}" height="${SIZE}" fill="#fafafa" stroke="#ddd"/>`,
    `<clipPath id="plot"><rect x="0" y="${TOP}" width="${WIDTH}" height="${HEIGHT - TOP}"/></clipPath>`,
  );
  const hull = hullBoundary(points);
  const hullPath = hull
    .map((i) => `${sx(at(points, i)[0]).toFixed(1)},${sy(at(points, i)[1]).toFixed(1)}`)
    .join(" ");
  parts.push(
    `<polygon points="${hullPath}" fill="none" stroke="#999" stroke-width="1.5" stroke-dasharray="6 4"/>`,
  );

  const redPoints = new Set<number>();
  let status = `${points.length} points`;
  if (answer) {
    const verdict = verifyTriangulation(points, answer);
    status = verdict.passed
      ? `${points.length} points · answer passes`
      : `${points.length} points · fails: ${verdict.checks
          .filter((c) => !c.ok)
          .map((c) => c.name)
          .join(", ")}`;
    const wellFormed = answer.triangles.filter(
      (t): t is Triangle =>
        t.length === 3 &&
        new Set(t).size === 3 &&
        t.every((i) => Number.isInteger(i) && i >= 0 && i < points.length),
    );
    const proper = wellFormed.filter(
      (t) => orient(at(points, t[0]), at(points, t[1]), at(points, t[2])) !== 0n,
    );
    const violations = delaunayViolations(points, proper);
    const bad = new Set(violations.map((v) => v.triangle));
    proper.forEach((t, k) => {
      const poly = t
        .map((i) => `${sx(at(points, i)[0]).toFixed(1)},${sy(at(points, i)[1]).toFixed(1)}`)
        .join(" ");
      const fill = bad.has(k) ? "#f4b4b4" : "#cfe0f5";
      const stroke = bad.has(k) ? "#c0392b" : "#2c5d9e";
      parts.push(
        `<polygon points="${poly}" fill="${fill}" fill-opacity="0.55" stroke="${stroke}" stroke-width="1.6" stroke-linejoin="round"/>`,
      );
    });
    for (const t of wellFormed.filter((t) => !proper.includes(t))) {
      const line = t
        .map((i) => `${sx(at(points, i)[0]).toFixed(1)},${sy(at(points, i)[1]).toFixed(1)}`)
        .join(" ");
      parts.push(`<polyline points="${line}" fill="none" stroke="#c0392b" stroke-width="3"/>`);
    }
    for (const v of violations) {
      const t = proper[v.triangle];
      if (!t) continue;
      const circle = circumcircle(at(points, t[0]), at(points, t[1]), at(points, t[2]));
      if (circle) {
        parts.push(
          `<circle cx="${sx(circle.x).toFixed(1)}" cy="${sy(circle.y).toFixed(1)}" r="${((circle.r / SCALE) * SIZE).toFixed(1)}" fill="none" stroke="#e02020" stroke-width="1.4" stroke-dasharray="5 3" clip-path="url(#plot)"/>`,
        );
      }
      for (const i of v.inside) redPoints.add(i);
    }
  }
  points.forEach((p, i) => {
    const red = redPoints.has(i);
    const x = sx(p[0]);
    const y = sy(p[1]);
    parts.push(
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${red ? 5.5 : 4}" fill="${red ? "#e02020" : "#111"}"/>`,
      `<text x="${(x + 6).toFixed(1)}" y="${(y - 6).toFixed(1)}" font-size="13" font-family="sans-serif" fill="${red ? "#b00000" : "#111"}" stroke="#fff" stroke-width="3" paint-order="stroke">${i}</text>`,
    );
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>
<text x="${MARGIN}" y="24" font-size="16" font-family="sans-serif" fill="#222">${escapeXml(`${title} · ${status}`)}</text>
${parts.join("\n")}
</svg>`;
  return { kind: "svg", svg, width: WIDTH, height: HEIGHT };
}

function at(points: readonly Pt[], i: number): Pt {
  const p = points[i];
  if (!p) throw new Error(`point index ${i} out of range`);
  return p;
}
