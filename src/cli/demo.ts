import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { dumpInstance, generateInstances, resolveParams } from "../core/instances.ts";
import { svgToPng } from "../core/png.ts";
import { loadTask } from "../core/registry.ts";

/**
 * The built-in default job (`npm start`): generate a small SPaRC set, solve every puzzle from
 * scratch, verify every solution, render each puzzle with its first solution, and print a table.
 */
export async function demoCommand(o: { count: number; seed: string; out: string }): Promise<void> {
  const task = await loadTask("sparc");
  const solve = task.solve;
  const render = task.render;
  if (!solve || !render) throw new Error("sparc must have a solver and a renderer");
  mkdirSync(o.out, { recursive: true });

  const t0 = performance.now();
  const instances = generateInstances(task, resolveParams(task, "all"), o.count, o.seed);
  const genMs = performance.now() - t0;
  writeFileSync(
    join(o.out, "puzzles.jsonl"),
    instances.map((i) => `${JSON.stringify(dumpInstance(task, i))}\n`).join(""),
  );

  const rows: string[][] = [];
  let allOk = true;
  for (const inst of instances) {
    const record = demoRecord.parse(inst.data);
    const s0 = performance.now();
    const solved = solve(inst, { all: true });
    const solveMs = performance.now() - s0;
    const verdicts = await Promise.all(solved.answers.map((a) => task.verify(inst, a)));
    const ok =
      solved.complete && solved.answers.length === record.solution_count && verdicts.every((v) => v.passed);
    allOk &&= ok;
    const picture = render(inst, solved.answers[0]);
    const png = join(o.out, `${inst.id}.png`);
    writeFileSync(png, svgToPng(picture.svg));
    rows.push([
      inst.id,
      `${record.grid_size.width}×${record.grid_size.height}`,
      rulesOf(record.puzzle_array),
      String(record.difficulty_level),
      String(solved.answers.length),
      solveMs.toFixed(0),
      ok ? "yes" : "NO",
    ]);
  }
  const header = ["puzzle", "grid", "rules", "level", "solutions", "solve ms", "all verified"];
  process.stdout.write(`${table([header, ...rows])}\n`);
  process.stdout.write(
    `\n${instances.length} puzzles generated in ${genMs.toFixed(0)} ms (seed ${o.seed}); ` +
      `solved and verified: ${allOk ? "all" : "NOT all"}.\n` +
      `Puzzles: ${join(o.out, "puzzles.jsonl")}  Pictures: ${o.out}/<id>.png\n`,
  );
  if (!allOk) process.exitCode = 1;
}

/** The few record fields the table shows. */
const demoRecord = z.object({
  grid_size: z.object({ width: z.number(), height: z.number() }),
  difficulty_level: z.number(),
  solution_count: z.number(),
  puzzle_array: z.array(z.array(z.string())),
});

function rulesOf(grid: string[][]): string {
  const kinds = new Set<string>();
  const names: Record<string, string> = {
    G: "gaps",
    ".": "dots",
    o: "stones",
    "*": "stars",
    P: "polys",
    Y: "ylops",
  };
  for (const row of grid) {
    for (const t of row) {
      const head = t.split("-")[0] ?? "";
      if (t === "G" || t === ".") kinds.add(names[t] as string);
      else if (t.includes("-")) kinds.add(names[head] ?? "triangles");
    }
  }
  return [...kinds].sort().join(",");
}

function table(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join("  ");
  const [head, ...body] = rows;
  return [line(head ?? []), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}
