/** CHAIN: the exact-cover kernel on known counts; stacking generation and burr disassembly are added by their tasks. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../src/core/errors.ts";
import { generateInstances, resolveParams } from "../src/core/instances.ts";
import type { AnyTask } from "../src/core/task.ts";
import { packPieces } from "../src/geometry/packing.ts";
import { PENTOMINOES, SOMA } from "../src/geometry/shapes.ts";
import { boxCells } from "../src/geometry/voxels.ts";
import { analyseBurr, type BurrAnalysis } from "../src/suites/chain/burr/analyse.ts";
import { assemble, type MirrorRule } from "../src/suites/chain/burr/assemble.ts";
import { disassemble } from "../src/suites/chain/burr/disassemble.ts";
import { burrFrame, pieceFromNumber, SOLID_NOTCHABLE } from "../src/suites/chain/burr/notchable.ts";
import { loadXmpuzzle } from "../src/suites/chain/burr/xmpuzzle.ts";
import { LEVEL_SIZES, stackingTask } from "../src/suites/chain/stacking/index.ts";
import { MODES } from "../src/suites/chain/stacking/schema.ts";

type Row = [string, string, string];

export function benchDlx(repeat: <T>(fn: () => T) => { ms: number; result: T }): Row[] {
  const rows: Row[] = [];
  const cases: { name: string; run: () => ReturnType<typeof packPieces>; expected: number }[] = [
    {
      name: "pentominoes 6×10, all tilings up to symmetry",
      run: () => packPieces(Object.values(PENTOMINOES), boxCells([6, 10, 1]), { symmetry: "rotations" }),
      expected: 2339,
    },
    {
      name: "pentominoes 5×12, all tilings up to symmetry",
      run: () => packPieces(Object.values(PENTOMINOES), boxCells([5, 12, 1]), { symmetry: "rotations" }),
      expected: 1010,
    },
    {
      name: "Soma cube, every orientation counted",
      run: () => packPieces(Object.values(SOMA), boxCells([3, 3, 3])),
      expected: 11520,
    },
    {
      name: "Soma cube, up to rotation and reflection",
      run: () => packPieces(Object.values(SOMA), boxCells([3, 3, 3]), { symmetry: "all" }),
      expected: 240,
    },
  ];
  for (const c of cases) {
    const { ms, result } = repeat(c.run);
    if (result.count !== c.expected)
      throw new Error(`${c.name}: ${result.count} solutions, expected ${c.expected}`);
    rows.push([
      `DLX: ${c.name}`,
      `${ms.toFixed(0)} ms`,
      `${result.count.toLocaleString("en")} solutions (known: ${c.expected.toLocaleString("en")}), ${result.nodes.toLocaleString("en")} nodes`,
    ]);
  }
  return rows;
}

/** Generation time per puzzle for every size × mode level of chain/stacking (solver proof included). */
export function benchStacking(median: (xs: number[]) => number, runs: number): Row[] {
  const task = stackingTask as unknown as AnyTask;
  const rows: Row[] = [];
  for (const size of LEVEL_SIZES) {
    const cells = MODES.map((mode) => {
      const params = resolveParams(task, `${size.join("x")}-${mode}`);
      const times: number[] = [];
      for (let r = 0; r < runs; r++) {
        const t0 = performance.now();
        let made = 0;
        try {
          made = generateInstances(task, params, PER_LEVEL, `bench-${r}`).length;
        } catch (e) {
          if (!(e instanceof InputError)) throw e;
          // Small boxes admit few distinct puzzles: time the ones there are.
          made = Number(/only (\d+) distinct/.exec(e.message)?.[1] ?? 0);
          if (made > 0) generateInstances(task, params, made, `bench-${r}`);
        }
        times.push((performance.now() - t0) / Math.max(made, 1));
      }
      return `${mode} ${median(times).toFixed(1)}`;
    });
    rows.push([
      `stacking: generate ${size.join("×")} (ms/puzzle)`,
      cells.join(" · "),
      `up to ${PER_LEVEL} distinct puzzles per mode; a box that admits fewer includes the redraws proving it`,
    ]);
  }
  return rows;
}

const PER_LEVEL = 10;

/**
 * BurrTools' example puzzles, when PLUMB_BURR_FIXTURES names a folder holding them (they are GPL, not shipped):
 * assembly plus disassembly per file (analyseBurr), first run and median of several, against the time
 * BurrTools' own solver takes, and the counts and level against those BurrTools stored. Without the files,
 * the solid six-piece burr set, rebuilt from its notchable piece numbers, runs once.
 */
export function benchBurr(): Row[] {
  const root = process.env.PLUMB_BURR_FIXTURES;
  const dir = root ? join(root, "burrtools-examples") : null;
  if (!dir || !existsSync(dir)) {
    const t0 = performance.now();
    const { outer, inner } = burrFrame();
    const shapes = SOLID_NOTCHABLE.map((n) => ({ cells: pieceFromNumber(n), min: 0, max: 6 }));
    const asm = assemble({ shapes, result: [...outer, ...inner] });
    const solved = asm.assemblies.filter(
      (a) =>
        disassemble(
          a.map((p) => p.cells),
          { choice: "burrtools" },
        ).solved,
    ).length;
    return [
      [
        "burr: solid six-piece burrs (from piece numbers)",
        `${(performance.now() - t0).toFixed(0)} ms`,
        `${asm.count} assemblies / ${solved} solutions (BurrTools: 1063 / 314)`,
      ],
      ["burr: BurrTools examples", "skipped", "set PLUMB_BURR_FIXTURES to a folder with burrtools-examples/"],
    ];
  }
  const rows: Row[] = [];
  for (const fact of BURRTOOLS_FACTS) {
    const puzzle = loadXmpuzzle(readFileSync(join(dir, `${fact.name}.xmpuzzle`)));
    const times: number[] = [];
    let r: BurrAnalysis | null = null;
    for (let run = 0; run < fact.runs; run++) {
      const t = performance.now();
      r = analyseBurr(puzzle, { mirrors: fact.mirrors });
      times.push(performance.now() - t);
    }
    if (!r) continue;
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
    const ratio = median / fact.ms;
    const counts = `${r.assemblies} / ${r.solutions}, level ${r.level}`;
    rows.push([
      `burr: ${fact.name} (assemble + disassemble)`,
      `${median.toFixed(0)} ms (first run ${(times[0] as number).toFixed(0)} ms, median of ${fact.runs})`,
      `BurrTools ${fact.ms} ms: ${ratio.toFixed(1)}×, goal ≤ 3×: ${ratio <= 3 ? "met" : "NOT met"}; ` +
        `${counts} (BurrTools: ${fact.counts})${counts === fact.counts ? "" : " MISMATCH"}`,
    ]);
  }
  return rows;
}

/**
 * Per example file: the counts and level BurrTools stored (the fixtures' README), and the time its
 * solver takes on the file, measured with BurrTools' command-line solver (assembly and disassembly).
 */
const BURRTOOLS_FACTS: { name: string; ms: number; counts: string; mirrors: MirrorRule; runs: number }[] = [
  { name: "CubeInCage", ms: 12.5, counts: "96 / 1, level 4.9.3", mirrors: true, runs: 9 },
  { name: "AlPackino", ms: 39, counts: "1 / 1, level 1.1.1.1.1.2.1.3.1.2.1.2", mirrors: true, runs: 9 },
  { name: "DraculasDentalDesaster", ms: 104, counts: "84 / 1, level 3.5.16.6.4", mirrors: true, runs: 7 },
  { name: "PelikanBurr", ms: 127, counts: "12 / 1, level 98.2.4.2", mirrors: true, runs: 7 },
  { name: "DemoPieceGenerator", ms: 17, counts: "928 / 927, level 1", mirrors: true, runs: 9 },
  // Mirror images kept, as in BurrTools' stored counts (its sticks come in mirror pairs).
  { name: "SolidSixPieceBurrs", ms: 6200, counts: "1063 / 314, level 1", mirrors: "achiral-only", runs: 3 },
];
