import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import type { Cell } from "../../../geometry/voxels.ts";
import { generateBurr } from "./generate.ts";
import { FAR } from "./kernel-gaps.ts";
import { StateSpace, smallMasks } from "./kernel-search.ts";
import {
  add,
  allSeparations,
  apartOf,
  clearance,
  GapTable,
  Motion,
  separations,
  slides,
  step,
} from "./motion.ts";

/** A move as the relative change it makes: a group with piece 0 in it is the rest moving back. */
function canonicalMove(mask: number, dir: number, k: number, n: number): string {
  const all = (1 << n) - 1;
  return mask & 1 ? `${all ^ mask}:${dir ^ 1}:${k}` : `${mask}:${dir}:${k}`;
}

describe("the solver's move set", () => {
  it("holds every group that can slide k units without collision or come out, and nothing else (brute force over all groups)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 6 }), (seed, walk) => {
        const g = generateBurr(
          {
            source: "luban",
            box: [6, 6, 6],
            minPieces: 6,
            maxPieces: 6,
            minLevel: 2,
            maxLevel: 9,
            fill: 0.4,
            maxAttempts: 3000,
            nodeLimit: 20000,
          },
          new Rng(seed),
        );
        const motion = new Motion(g.pieces);
        const ids = g.pieces.map((_, i) => i);
        const n = ids.length;
        let pos: Cell[] = ids.map((): Cell => [0, 0, 0]);
        const rng = new Rng(`walk/${seed}`);
        for (let w = 0; w <= walk; w++) {
          const t = new GapTable(motion, ids, pos);
          const cells = (i: number) => (g.pieces[i] as Cell[]).map((c) => add(c, pos[i] as Cell));
          const clear = (mask: number, dir: number) => clearance(cells, mask, n, dir);
          const moves = slides(t, apartOf(cells, n));
          const ours = new Set(moves.map((m) => canonicalMove(m.mask, m.dir, m.distance, n)));
          const outs = new Set(allSeparations(t).map((m) => canonicalMove(m.mask, m.dir, 0, n)));
          const brute = new Set<string>();
          const bruteOuts = new Set<string>();
          for (let mask = 1; mask < (1 << n) - 1; mask++) {
            for (let dir = 0; dir < 6; dir++) {
              const reach = t.reach(mask, dir);
              if (reach === Infinity) bruteOuts.add(canonicalMove(mask, dir, 0, n));
              const most = reach === Infinity ? clear(mask, dir) - 1 : reach;
              for (let k = 1; k <= most; k++) brute.add(canonicalMove(mask, dir, k, n));
            }
          }
          expect([...ours].sort()).toEqual([...brute].sort());
          expect([...outs].sort()).toEqual([...bruteOuts].sort());
          // The disassembler's kernel yields the same moves in the same order.
          const space = new StateSpace(motion, ids, pos, smallMasks(n));
          space.load(0);
          const listed = () =>
            Array.from({ length: space.slideCount }, (_, k) => [
              space.slideMask[k],
              space.slideDir[k],
              space.slideDistance[k],
            ]);
          const apart = apartOf(cells, n);
          space.slides({ span: apart.span, clear: apart.clear });
          expect(listed()).toEqual(moves.map((m) => [m.mask, m.dir, m.distance]));
          const asFar = (list: { mask: number; dir: number }[]) => list.map((m) => [m.mask, m.dir]);
          expect(asFar(space.separations())).toEqual(asFar(allSeparations(t)));
          space.slides(null);
          expect(listed()).toEqual(slides(t).map((m) => [m.mask, m.dir, m.distance]));
          const first = space.firstAlone() ?? space.firstGroup();
          expect(first && [first.mask, first.dir, first.distance]).toEqual(
            separations(t)[0] ? [separations(t)[0]?.mask, separations(t)[0]?.dir, FAR] : null,
          );
          const move = rng.pick(moves);
          const d = step(move.dir, move.distance);
          pos = pos.map((c, i) => (move.mask & (1 << i) ? add(c, d) : c));
        }
      }),
      { numRuns: 10 },
    );
  });
});
