import type { Check } from "../../../core/verdict.ts";
import { type Body, enclosedDry } from "./measure.ts";
import type { Goal } from "./schema.ts";
import type { Simulation } from "./simulate.ts";

/** The seed's 11 goals in its table's order; numbers the seed lost are chosen here. */
export const GOALS: readonly Goal[] = [
  { kind: "surface-area", area: 36 },
  { kind: "bodies", count: 3, volume: 10 },
  { kind: "level-voxels", z: 6, count: 2 },
  { kind: "underground", volume: 10 },
  { kind: "distinct-levels", count: 3, volume: 4 },
  { kind: "depth", depth: 6 },
  { kind: "large-bodies", count: 2, over: 200 },
  { kind: "ring", dry: 9 },
  { kind: "wet-dry", wet: [2, 4], dry: [3, 5] },
  { kind: "exact-total", total: 100, tolerance: 20 },
  { kind: "hidden-bodies", count: 4, volume: 5 },
];

/** World side per goal's level (larger for later goals). */
export const LEVEL_SIDES = [16, 20, 16, 24, 24, 24, 32, 32, 40, 48, 64] as const;
/** The smallest side on which the reference construction fits. */
export const MIN_GOAL_SIDE = [16, 16, 16, 16, 16, 16, 32, 16, 16, 16, 16] as const;

const list = (zs: readonly number[]) => zs.map((z) => `z = ${z}`).join(" and ");
const orList = (zs: readonly number[]) => zs.map((z) => `z = ${z}`).join(" or ");

/** The goal as the prompt states it. */
export function describeGoal(g: Goal): string {
  switch (g.kind) {
    case "surface-area":
      return `One water body with a surface area of at least ${g.area}.`;
    case "bodies":
      return `At least ${g.count} separate water bodies, each with a volume of at least ${g.volume}.`;
    case "level-voxels":
      return `One water body with at least ${g.count} water cells at height z = ${g.z}.`;
    case "underground":
      return `An underground lake: one water body with a volume of at least ${g.volume}, and no water cell anywhere in the world visible from above.`;
    case "distinct-levels":
      return `At least ${g.count} water bodies, each with a volume of at least ${g.volume}, whose surface levels are pairwise different.`;
    case "depth":
      return `One water body with a depth of at least ${g.depth}.`;
    case "large-bodies":
      return `At least ${g.count} separate water bodies, each with a volume of more than ${g.over}.`;
    case "ring":
      return `A ring-shaped lake: one water body that surrounds a dry centre of at least ${g.dry} columns (defined below).`;
    case "wet-dry":
      return `Water at ${list(g.wet)} (at least one water cell at each), and no water cell at ${orList(g.dry)}.`;
    case "exact-total":
      return `Exactly ${g.total} water cells in the whole world.`;
    case "hidden-bodies":
      return `${g.count} underground lakes: at least ${g.count} separate water bodies, each with a volume of at least ${g.volume}, and no water cell anywhere in the world visible from above.`;
  }
}

/** How the goal is scored, as the prompt states it. */
export function describeScore(g: Goal): string {
  switch (g.kind) {
    case "surface-area":
      return `score = min(1, A / ${g.area}) where A is the largest surface area of a body.`;
    case "bodies":
      return `score = the mean over the ${g.count} largest bodies of min(1, volume / ${g.volume}) (a missing body counts 0).`;
    case "level-voxels":
      return `score = min(1, n / ${g.count}) where n is the most cells one body has at z = ${g.z}.`;
    case "underground":
      return `score = min(1, V / ${g.volume}) where V is the largest body's volume, halved when any water cell is visible from above.`;
    case "distinct-levels":
      return `score = min(${g.count}, L) / ${g.count} where L is the number of different surface levels among bodies of volume at least ${g.volume}.`;
    case "depth":
      return `score = min(1, D / ${g.depth}) where D is the largest depth of a body.`;
    case "large-bodies":
      return `score = the mean over the ${g.count} largest bodies of min(1, volume / ${g.over + 1}).`;
    case "ring":
      return `score = min(1, C / ${g.dry}) where C is the largest dry centre any body surrounds (0 when none).`;
    case "wet-dry":
      return `score = (the fraction of the ${g.wet.length} wet heights reached) × (1 + the fraction of the ${g.dry.length} dry heights kept dry) / 2, so an answer with no water scores 0.`;
    case "exact-total":
      return `score = max(0, 1 − |W − ${g.total}| / ${g.tolerance}) where W is the total number of water cells (so 0 when W is off by ${g.tolerance} or more).`;
    case "hidden-bodies":
      return `score = min(${g.count}, K) / ${g.count} where K is the number of bodies of volume at least ${g.volume}, halved when any water cell is visible from above.`;
  }
}

export interface GoalResult {
  checks: Check[];
  score: number;
}

const frac = (v: number, need: number) => Math.min(1, v / need);
const maxOf = (bodies: readonly Body[], f: (b: Body) => number) =>
  bodies.reduce((m, b) => Math.max(m, f(b)), 0);
const largest = (bodies: readonly Body[], k: number) =>
  bodies
    .map((b) => b.volume)
    .sort((a, b) => b - a)
    .slice(0, k);
const check = (name: string, ok: boolean, detail: string): Check => ({ name, ok, detail });

function hiddenCheck(sim: Simulation): Check {
  const n = sim.measures.visibleWater;
  return check("goal.hidden", n === 0, `${n} water cell(s) visible from above`);
}

/** The goal's named checks and its partial-credit score (1 exactly when every check holds). */
export function evaluateGoal(g: Goal, sim: Simulation): GoalResult {
  const { bodies, totalWater, waterPerLevel } = sim.measures;
  switch (g.kind) {
    case "surface-area": {
      const a = maxOf(bodies, (b) => b.surfaceArea);
      return {
        checks: [check("goal.surface_area", a >= g.area, `largest surface area ${a}, need ≥ ${g.area}`)],
        score: frac(a, g.area),
      };
    }
    case "bodies": {
      const big = bodies.filter((b) => b.volume >= g.volume).length;
      const top = largest(bodies, g.count);
      return {
        checks: [
          check(
            "goal.bodies",
            big >= g.count,
            `${big} bod(ies) of volume ≥ ${g.volume} (largest: ${top.join(", ") || "none"}), need ${g.count}`,
          ),
        ],
        score: top.reduce((s, v) => s + frac(v, g.volume), 0) / g.count,
      };
    }
    case "level-voxels": {
      const n = maxOf(bodies, (b) => b.perLevel[g.z] ?? 0);
      return {
        checks: [
          check(
            "goal.level_voxels",
            n >= g.count,
            `most cells of one body at z = ${g.z}: ${n}, need ≥ ${g.count}`,
          ),
        ],
        score: frac(n, g.count),
      };
    }
    case "underground": {
      const v = maxOf(bodies, (b) => b.volume);
      const hidden = hiddenCheck(sim);
      return {
        checks: [
          check("goal.lake_volume", v >= g.volume, `largest body volume ${v}, need ≥ ${g.volume}`),
          hidden,
        ],
        score: frac(v, g.volume) * (hidden.ok ? 1 : 0.5),
      };
    }
    case "distinct-levels": {
      const levels = new Set(bodies.filter((b) => b.volume >= g.volume).map((b) => b.top));
      return {
        checks: [
          check(
            "goal.distinct_levels",
            levels.size >= g.count,
            `surface levels of bodies with volume ≥ ${g.volume}: {${[...levels].sort().join(", ")}}, need ${g.count} different`,
          ),
        ],
        score: Math.min(g.count, levels.size) / g.count,
      };
    }
    case "depth": {
      const d = maxOf(bodies, (b) => b.depth);
      return {
        checks: [check("goal.depth", d >= g.depth, `largest depth ${d}, need ≥ ${g.depth}`)],
        score: frac(d, g.depth),
      };
    }
    case "large-bodies": {
      const big = bodies.filter((b) => b.volume > g.over).length;
      const top = largest(bodies, g.count);
      return {
        checks: [
          check(
            "goal.large_bodies",
            big >= g.count,
            `${big} bod(ies) of volume > ${g.over} (largest: ${top.join(", ") || "none"}), need ${g.count}`,
          ),
        ],
        score: top.reduce((s, v) => s + frac(v, g.over + 1), 0) / g.count,
      };
    }
    case "ring": {
      const dry = maxOf(bodies, (b) => enclosedDry(sim.world, b));
      return {
        checks: [
          check(
            "goal.ring",
            dry >= g.dry,
            `largest dry centre surrounded by a body: ${dry} column(s), need ≥ ${g.dry}`,
          ),
        ],
        score: frac(dry, g.dry),
      };
    }
    case "wet-dry": {
      const checks = [
        ...g.wet.map((z) => {
          const n = waterPerLevel[z] ?? 0;
          return check(`goal.wet_z${z}`, n > 0, `${n} water cell(s) at z = ${z}, need ≥ 1`);
        }),
        ...g.dry.map((z) => {
          const n = waterPerLevel[z] ?? 0;
          return check(`goal.dry_z${z}`, n === 0, `${n} water cell(s) at z = ${z}, need 0`);
        }),
      ];
      // Dry heights count only beside water: an answer that makes no water keeps them dry for free.
      const share = (cs: readonly Check[]) => cs.filter((c) => c.ok).length / cs.length;
      const wet = share(checks.slice(0, g.wet.length));
      const dry = share(checks.slice(g.wet.length));
      return { checks, score: (wet * (1 + dry)) / 2 };
    }
    case "exact-total":
      return {
        checks: [
          check(
            "goal.total_volume",
            totalWater === g.total,
            `${totalWater} water cells, need exactly ${g.total}`,
          ),
        ],
        score: Math.max(0, 1 - Math.abs(totalWater - g.total) / g.tolerance),
      };
    case "hidden-bodies": {
      const k = bodies.filter((b) => b.volume >= g.volume).length;
      const hidden = hiddenCheck(sim);
      return {
        checks: [
          check("goal.lake_count", k >= g.count, `${k} bod(ies) of volume ≥ ${g.volume}, need ${g.count}`),
          hidden,
        ],
        score: (Math.min(g.count, k) / g.count) * (hidden.ok ? 1 : 0.5),
      };
    }
  }
}
