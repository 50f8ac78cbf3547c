import { crownShape, shift } from "./crown.ts";
import type { PipeAnswer, PipeData, Pt } from "./model.ts";
import { constructLoop, ringShape } from "./solve.ts";
import { STORED_LOOPS } from "./stored-loops.ts";
import { verifyPipeLoop } from "./verify.ts";

/** Keeps a crown's outermost points this far inside the square, so rounding never pushes one out. */
const EPS = 1e-7;
/** Outer radii tried for a centred crown, from the largest that fits down to just above 1. */
const RADII = 48;

function attempt(make: () => Pt[] | null): Pt[] | null {
  try {
    return make();
  } catch {
    return null;
  }
}

/** Candidate loops for an instance, cheapest and most likely first. */
function* candidates(data: PipeData): Generator<Pt[] | null> {
  const { pipes: n, side: s, constraints: c } = data;
  yield attempt(() => constructLoop(data).points);
  for (const loop of STORED_LOOPS) if (loop.pipes === n && loop.side === s) yield [...loop.points];
  // The ring at full height against the left edge: it touches the left, bottom and top edges.
  yield attempt(() => {
    const ring = ringShape(n, c.crossings ?? 0, s);
    return shift(ring.points, 0, (s - ring.height) / 2);
  });
  // Crowns centred in the square; the largest touches all four edges when n is a multiple of 8.
  const largest = Math.min(s / 2 - EPS, 1 / Math.sin((2 * Math.PI) / n));
  for (let k = 0; k < RADII; k++) {
    const outer = largest - ((largest - 1.05) * k) / RADII;
    if (outer <= 1) break;
    const crown = crownShape(n, outer);
    yield crown && shift(crown, s / 2, s / 2);
  }
}

/**
 * A loop that passes `verify`: the instance's own reference construction when it fits, else the
 * first of a small set of other shapes (stored loops, a ring against an edge, crowns) that does; null when none does.
 */
export function referenceLoop(data: PipeData): PipeAnswer | null {
  for (const points of candidates(data)) {
    if (points === null || points.length !== data.pipes) continue;
    const answer = { points: points.map(([x, y]): [number, number] => [x, y]) };
    if (verifyPipeLoop(data, answer).passed) return answer;
  }
  return null;
}
