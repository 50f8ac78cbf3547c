/** CHAIN: the exact-cover kernel on known counts; stacking generation and burr disassembly are added by their tasks. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../src/core/errors.ts";
import { generateInstances, resolveParams } from "../src/core/instances.ts";
import type { AnyTask } from "../src/core/task.ts";
import { packPieces } from "../src/geometry/packing.ts";
import { PENTOMINOES, SOMA } from "../src/geometry/shapes.ts";
import { boxCells } from "../src/geometry/voxels.ts";
import { analyseBurr } from "../src/suites/chain/burr/analyse.ts";
import { assemble } from "../src/suites/chain/burr/assemble.ts";
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
 * assemblies, solutions and level against the counts BurrTools stored, and the time taken.
 * The solid six-piece burr set, rebuilt from its notchable piece numbers, always runs.
 */
export function benchBurr(): Row[] {
  const rows: Row[] = [];
  const t0 = performance.now();
  const { outer, inner } = burrFrame();
  const shapes = SOLID_NOTCHABLE.map((n) => ({ cells: pieceFromNumber(n), min: 0, max: 6 }));
  const asm = assemble({ shapes, result: [...outer, ...inner] });
  const solved = asm.assemblies.filter((a) => disassemble(a.map((p) => p.cells)).solved).length;
  rows.push([
    "burr: solid six-piece burrs (from piece numbers)",
    `${(performance.now() - t0).toFixed(0)} ms`,
    `${asm.count} assemblies / ${solved} solutions (BurrTools: 1063 / 314)`,
  ]);
  const root = process.env.PLUMB_BURR_FIXTURES;
  const dir = root ? join(root, "burrtools-examples") : null;
  if (!dir || !existsSync(dir)) {
    rows.push([
      "burr: BurrTools examples",
      "skipped",
      "set PLUMB_BURR_FIXTURES to a folder with burrtools-examples/",
    ]);
    return rows;
  }
  for (const [name, expected] of BURRTOOLS_FACTS) {
    const puzzle = loadXmpuzzle(readFileSync(join(dir, `${name}.xmpuzzle`)));
    const t = performance.now();
    const r = analyseBurr(puzzle);
    rows.push([
      `burr: ${name}`,
      `${(performance.now() - t).toFixed(0)} ms`,
      `${r.assemblies} / ${r.solutions}, level ${r.level} (BurrTools: ${expected})`,
    ]);
  }
  return rows;
}

/** Measured with BurrTools itself (stored in the files' problems and the fixtures' README). */
const BURRTOOLS_FACTS: [string, string][] = [
  ["PelikanBurr", "12 / 1, level 98.2.4.2"],
  ["CubeInCage", "96 / 1, level 4.9.3"],
  ["DraculasDentalDesaster", "84 / 1, level 3.5.16.6.4"],
  ["AlPackino", "1 / 1, level 1.1.1.1.1.2.1.3.1.2.1.2"],
  ["DemoPieceGenerator", "928 / 927, level 1"],
];
