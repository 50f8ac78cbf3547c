import { basin, type CaveLayout, cave, funnel, holds, moat, type Part, rect } from "./earthworks.ts";
import { flatReference } from "./flat-reference.ts";
import { type Design, placements, rankSites } from "./placement.ts";
import { type FluidAnswer, type FluidData, LAYERS } from "./schema.ts";
import { simulate } from "./simulate.ts";
import { verifyFluid } from "./verify.ts";

type Heights = FluidData["heights"];
/** Placements tried per plan before giving up on it (each is checked with the real simulator). */
const ATTEMPTS = 12;
const TOP = LAYERS - 1;
const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, k) => lo + k);

/** One-layer ponds of w × h water columns at each level, each as a design (rim included). */
const ponds = (
  heights: Heights,
  dims: readonly [number, number][],
  levels: readonly number[],
  { keyed = false, centre }: { keyed?: boolean; centre?: Design["centre"] } = {},
) =>
  dims.flatMap(([w, h]) =>
    levels.map(
      (a): Design => ({
        w: w + 2,
        h: h + 2,
        centre,
        build: (x0, y0) => ({
          ...basin(heights, rect(x0 + 1, y0 + 1, w, h), a, a),
          ...(keyed ? { key: a } : {}),
        }),
      }),
    ),
  );

/** Cave units (catchment beside a covered cave, either way round, along x or y) at each base level. */
const caves = (heights: Heights, catchLen: number, caveLen: number, width: number) =>
  range(0, 2).flatMap((base) =>
    [false, true].flatMap((alongY) =>
      [false, true].map((caveFirst): Design => {
        const layout: CaveLayout = { catchLen, caveLen, width, caveFirst, alongY };
        const length = catchLen + caveLen + 2;
        return {
          w: alongY ? width + 2 : length,
          h: alongY ? length : width + 2,
          build: (x0, y0) => cave(heights, x0, y0, layout, base),
        };
      }),
    ),
  );

/**
 * The centre column's basin keeps filling after the first pass until a drop on it would spill: a
 * cistern of w × h columns around the centre, water layers floor … top. `exact` pins the centre to
 * its last cell in fill order (largest y, then x), so the rain stops with the cistern exactly full.
 */
const cistern = (
  heights: Heights,
  side: number,
  w: number,
  h: number,
  floor: number,
  top: number,
  exact = false,
): Design => {
  const c = Math.floor(side / 2);
  return {
    w: w + 2,
    h: h + 2,
    centre: "inner",
    ...(exact ? { at: [c - w, c - h] as [number, number] } : {}),
    build: (x0, y0) => basin(heights, rect(x0 + 1, y0 + 1, w, h), floor, top),
  };
};

/** Alternative plans per goal (tried in order), each a list of slots of ranked parts. */
export function referencePlans(data: FluidData): Part[][][] {
  const H = data.heights;
  const s = data.side;
  const rank = (designs: Design[]) => rankSites(H, designs);
  switch (data.goalNumber) {
    case 1: // a 6 × 6 pond (the centre's rain only deepens it)
      return [[rank(ponds(H, [[6, 6]], range(0, 5), { centre: "any" }))]];
    case 2: {
      // three ponds of 12 columns, each holding its own columns' drops
      const pits = rank(
        ponds(
          H,
          [
            [4, 3],
            [3, 4],
          ],
          range(0, 5),
        ),
      );
      return [[pits, pits, pits]];
    }
    case 3: // a 2 × 2 pond on a mound whose rim reaches z = 6
      return [[rank(ponds(H, [[2, 2]], [6]))]];
    case 4: // a cave of 16 columns fed by a catchment of 12
      return [[rank(caves(H, 3, 4, 4))]];
    case 5: {
      // three ponds of 4 columns at different levels
      const pits = rank(ponds(H, [[2, 2]], range(0, 5), { keyed: true }));
      return [[pits, pits, pits]];
    }
    case 6: // a 3 × 3 basin at z = 5 or 6 draining into a shaft six layers deep
      return [
        [
          rank(
            [5, 6].map((top) => ({
              w: 5,
              h: 5,
              build: (x0: number, y0: number) => funnel(H, rect(x0 + 1, y0 + 1, 3, 3), top, 6),
            })),
          ),
        ],
      ];
    case 7: {
      // a deep cistern filled by the centre's rain, and a pond of over 200 columns
      const centre = rank([cistern(H, s, 7, 6, 0, 5), cistern(H, s, 6, 7, 0, 5), cistern(H, s, 6, 6, 0, 6)]);
      const large = rank(
        ponds(
          H,
          [
            [16, 13],
            [13, 16],
            [15, 14],
            [14, 15],
          ],
          range(0, 4),
        ),
      );
      return [[large, centre]];
    }
    case 8: // a moat of 40 columns around an island of 3 × 3
      return [
        [
          rank(
            range(0, 4).flatMap((a) =>
              [a + 1, TOP].map(
                (islandTop): Design => ({
                  w: 9,
                  h: 9,
                  // Rain at the centre would keep filling the moat; a pillar up to the top stays dry.
                  centre: islandTop === TOP ? "any" : undefined,
                  build: (x0, y0) =>
                    moat(H, rect(x0 + 1, y0 + 1, 7, 7), rect(x0 + 3, y0 + 3, 3, 3), a, islandTop),
                }),
              ),
            ),
          ),
        ],
      ];
    case 9: // one-layer ponds at z = 4 and z = 2
      return [[rank(ponds(H, [[3, 3]], [4])), rank(ponds(H, [[3, 3]], [2]))]];
    case 10: // a 10 × 10 pond; else a cistern at the centre that the rain fills exactly
      return [
        [rank(ponds(H, [[10, 10]], range(0, 5)))],
        [
          rank([
            ...range(0, 3).map((f) => cistern(H, s, 5, 5, f, f + 3, true)),
            ...range(0, 2).flatMap((f) => [
              cistern(H, s, 5, 4, f, f + 4, true),
              cistern(H, s, 4, 5, f, f + 4, true),
            ]),
          ]),
        ],
      ];
    default: {
      // four caves of 9 columns, each fed by a catchment of 6
      const units = rank(caves(H, 2, 3, 3));
      return [[units, units, units, units]];
    }
  }
}

/**
 * A part on its own must keep its water inside its own basin or cave (a mound that dams some
 * neighbouring slope makes a stray pond) and, for the hidden goals, out of sight.
 */
function keepsToItself(data: FluidData, part: Part): boolean {
  const { measures, world } = simulate(data.heights, part.works);
  const hidden = data.goal.kind === "underground" || data.goal.kind === "hidden-bodies";
  if (hidden && measures.visibleWater > 0) return false;
  const side = world.side;
  return measures.bodies.every((b) =>
    b.cells.every((i) => part.inner.some((r) => holds(r, i % side, Math.floor(i / side) % side))),
  );
}

/**
 * The first local construction that meets the goal with the real simulator: the goal's parts at
 * the sites that change the fewest cells of the terrain. When a combination fails, each of its
 * parts is tried alone and the faulty ones are never placed again. Null when no candidate passes.
 */
export function localReference(data: FluidData): FluidAnswer | null {
  if (!solved.has(data)) solved.set(data, searchLocal(data));
  const answer = solved.get(data);
  return answer ? structuredClone(answer) : null;
}

/** Answers already found per data object (generation certifies the very object solve then gets). */
const solved = new WeakMap<FluidData, FluidAnswer | null>();

function searchLocal(data: FluidData): FluidAnswer | null {
  const faulty = new Set<Part>();
  const sound = new Set<Part>();
  for (const plan of referencePlans(data))
    for (const parts of placements(plan, ATTEMPTS, faulty)) {
      const answer = { earthworks: parts.flatMap((p) => p.works) };
      if (verifyFluid(data, answer).passed) return answer;
      for (const p of parts) if (!sound.has(p)) (keepsToItself(data, p) ? sound : faulty).add(p);
    }
  return null;
}

/** The reference earthworks: local to the terrain when possible, else the flat fallback. */
export function referenceAnswer(data: FluidData): FluidAnswer {
  return localReference(data) ?? flatReference(data);
}
