/** Per-level figures of the SCBench tasks graded by a simulation or the CSG kernel. */
import { benchCsgUnion } from "../src/suites/scbench/csg-union/index.ts";
import { benchFluid } from "../src/suites/scbench/fluid-sim/bench.ts";
import { benchInterlocking } from "../src/suites/scbench/interlocking-parts/bench.ts";
import { benchLegoShell } from "../src/suites/scbench/lego-shell/bench.ts";
import { benchTerrain } from "../src/suites/scbench/terrain-levelling/index.ts";
import { benchTetraShadow } from "../src/suites/scbench/tetra-shadow/index.ts";

type Row = [string, string, string];

const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
const rel = (x: number) =>
  Number.isNaN(x) ? "no closed form" : `volume error ${x.toExponential(1)} (relative)`;

export function simulatorRows(runs: number): Row[] {
  const n = Math.max(runs, 5);
  const rows: Row[] = [];
  for (const r of benchFluid(n))
    rows.push([
      `scbench/fluid-sim: simulate ${r.level}`,
      ms(r.ms),
      `side ${r.side}, reference earthworks: rock, rain, measures`,
    ]);
  for (const r of benchTerrain(Math.max(runs, 3)))
    rows.push([
      `scbench/terrain-levelling: simulate ${r.level}`,
      ms(r.ms),
      `side ${r.side}, ${r.blasts} blasts, Rapier, cache bypassed`,
    ]);
  for (const r of benchTetraShadow(n))
    rows.push([
      `scbench/tetra-shadow: grade ${r.level}`,
      ms(r.ms),
      `${r.tetrahedra} tetrahedra: separating axes + 2D booleans`,
    ]);
  for (const r of benchCsgUnion(n))
    rows.push([
      `scbench/csg-union: grade ${r.level}`,
      ms(r.ms),
      `${r.triangles} faces; ${rel(r.volumeRelErr)}`,
    ]);
  for (const r of benchLegoShell(n))
    rows.push([
      `scbench/lego-shell: grade ${r.level}`,
      ms(r.ms),
      `${r.bricks} bricks; shell volume error ${r.shellVolumeRelErr.toExponential(1)}; IoU vs manifold-3d ±${r.manifoldIouDelta.toExponential(1)}`,
    ]);
  for (const r of benchInterlocking(n))
    rows.push([`scbench/interlocking-parts: ${r.criterion}`, ms(r.ms), "reference design, 10 parts"]);
  return rows;
}
