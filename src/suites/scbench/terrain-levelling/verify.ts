import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import { largestFlatRegion } from "./flat-region.ts";
import { type Blast, MAX_BLASTS, type TerrainAnswer, type TerrainData } from "./schema.ts";
import { cachedSimulation } from "./sim-cache.ts";

const INVALID = new Set(["plan.length", "blasts.in_grid", "blasts.depth_positive"]);

const show = (b: Blast, i: number): string => `blast #${i} (x ${b.x}, y ${b.y}, depth ${b.depth})`;

/** (A_after − A_before) / min(N²/2, N² − A_before), clamped to [0, 1]. */
export function levellingScore(side: number, before: number, after: number): number {
  const cells = side * side;
  const room = Math.min(cells / 2, cells - before);
  return room > 0 ? Math.min(1, Math.max(0, (after - before) / room)) : 0;
}

function ruleChecks(data: TerrainData, blasts: readonly Blast[]): Check[] {
  const n = data.side;
  const outside = blasts.findIndex(
    (b) => !Number.isInteger(b.x) || !Number.isInteger(b.y) || b.x < 0 || b.y < 0 || b.x >= n || b.y >= n,
  );
  const badDepth = blasts.findIndex((b) => !Number.isFinite(b.depth) || b.depth <= 0);
  return [
    {
      name: "plan.length",
      ok: blasts.length <= MAX_BLASTS,
      detail: blasts.length > MAX_BLASTS ? `${blasts.length} blasts, at most ${MAX_BLASTS}` : undefined,
    },
    {
      name: "blasts.in_grid",
      ok: outside < 0,
      detail:
        outside < 0
          ? undefined
          : `${show(blasts[outside] as Blast, outside)}: x and y must be integers in 0…${n - 1}`,
    },
    {
      name: "blasts.depth_positive",
      ok: badDepth < 0,
      detail:
        badDepth < 0 ? undefined : `${show(blasts[badDepth] as Blast, badDepth)}: depth must be a number > 0`,
    },
  ];
}

/** The checks in the seed's order: coordinates, depths, physics, flat region, score. */
export function verifyTerrain(data: TerrainData, answer: TerrainAnswer): Verdict {
  const blasts = answer.blasts;
  const checks = ruleChecks(data, blasts);
  const before = data.flatBefore;
  if (!checks.every((c) => c.ok)) {
    checks.push({ name: "score", ok: false, detail: "not scored: the plan breaks a rule" });
    return { ...verdictFromChecks(checks, INVALID), score: 0 };
  }
  if (blasts.length === 0) {
    checks.push({
      name: "score",
      ok: false,
      detail: `empty plan: the largest flat region stays ${before} cells, score 0`,
    });
    return { ...verdictFromChecks(checks, INVALID), score: 0 };
  }

  const sim = cachedSimulation(data.heights, blasts);
  const deep = sim.tooDeep;
  checks.push({
    name: "blasts.depth_within_height",
    ok: deep === undefined,
    detail:
      deep === undefined
        ? undefined
        : `${show(blasts[deep.index] as Blast, deep.index)}: deeper than the cell's height ${deep.height.toFixed(3)} at that moment`,
  });
  if (deep !== undefined) {
    checks.push({ name: "score", ok: false, detail: "not scored: a blast is deeper than its cell" });
    return { ...verdictFromChecks(checks, INVALID), score: 0 };
  }

  const spheres = sim.outcomes.reduce((s, o) => s + o.spheres, 0);
  const lost = sim.outcomes.reduce((s, o) => s + o.lost, 0);
  const unsettled = sim.outcomes.filter((o) => !o.settled).length;
  checks.push({
    name: "physics.simulated",
    ok: true,
    detail: `${blasts.length} blasts, ${spheres} rubble spheres, ${lost} fell off the world${unsettled > 0 ? `, ${unsettled} blast(s) stopped at the step cap` : ""}`,
  });
  const after = largestFlatRegion(sim.heights).size;
  checks.push({
    name: "flat.largest_region",
    ok: true,
    detail: `largest flat region ${before} → ${after} cells`,
  });
  const score = levellingScore(data.side, before, after);
  checks.push({
    name: "score",
    ok: after >= data.flatTarget,
    detail:
      `(${after} − ${before}) / min(${data.side ** 2}/2, ${data.side ** 2} − ${before}) = ${score.toFixed(4)}; ` +
      `a pass needs a largest flat region of at least ${data.flatTarget} cells, what the reference plan reaches (score ${levellingScore(data.side, before, data.flatTarget).toFixed(4)})`,
  });
  return { ...verdictFromChecks(checks, INVALID), score };
}
