/**
 * Does the SPaRC generator make the official distribution? Generates puzzles and compares them
 * with the 100 official test puzzles of the fixture: the cross-validated AUC of a classifier
 * telling them apart (0.5 = indistinguishable; overall and per level), the feature means side by
 * side, and each split's level spread beside the paper's Table 5. Prints its tables and returns
 * summary rows for `npm run bench`; alone: node --import tsx bench/sparc-distribution.ts [count] [seed]
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateInstances, resolveParams } from "../src/core/instances.ts";
import { parseJsonl } from "../src/core/jsonl.ts";
import type { AnyTask } from "../src/core/task.ts";
import { compareDistributions, levelSpread } from "../src/suites/sparc/distribution.ts";
import { MIXES, type Mix } from "../src/suites/sparc/generate.ts";
import { sparcTask } from "../src/suites/sparc/index.ts";
import { TABLE5_LEVELS } from "../src/suites/sparc/paper-tables.ts";
import { type SparcRecord, sparcRecordSchema } from "../src/suites/sparc/record.ts";

type Row = [string, string, string];

const fixture = fileURLToPath(new URL("../test/fixtures/sparc/test-puzzles.jsonl", import.meta.url));

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]?.length ?? 0)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(" | ")} |`;
  return [line(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

const records = (mix: Mix, count: number, seed: string): SparcRecord[] => {
  const task = sparcTask as unknown as AnyTask;
  return generateInstances(task, resolveParams(task, mix), count, seed).map((i) => i.data as SparcRecord);
};

export function benchSparcDistribution(count = 300, seed = "3", perSplit = 50): Row[] {
  const official = parseJsonl(readFileSync(fixture, "utf8")).lines.map((l) =>
    sparcRecordSchema.parse(l.value),
  );
  const t0 = performance.now();
  const generated = records("all", count, seed);
  const ms = performance.now() - t0;
  const report = compareDistributions(generated, official);
  const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(3));
  console.log(`SPaRC generated (${count}, seed ${seed}) vs official (fixture, ${official.length})\n`);
  console.log(
    table(
      ["feature", "generated", "official"],
      report.features.map((f) => [f.feature, fmt(f.generated), fmt(f.official)]),
    ),
  );
  const byLevel = [...report.aucByLevel].map(
    ([level, a]) => `${level}: ${a.auc.toFixed(2)} (${a.generated}/${a.official})`,
  );
  console.log(`\nAUC overall ${report.auc.toFixed(3)}; per level ${byLevel.join(", ")}\n`);

  const splitRows: string[][] = [];
  for (const mix of Object.keys(MIXES) as Mix[]) {
    if (mix === "all") continue;
    const spread = levelSpread(records(mix, perSplit, seed));
    splitRows.push([mix, spread.join("/"), TABLE5_LEVELS[mix].join("/")]);
  }
  console.log(table(["split", `generated levels 1–5 (${perSplit})`, "Table 5 (50)"], splitRows));
  console.log("");

  return [
    [
      `sparc distribution: AUC generated vs official (${count} vs ${official.length})`,
      report.auc.toFixed(3),
      `per level ${[...report.aucByLevel].map(([l, a]) => `${l}:${a.auc.toFixed(2)}`).join(" ")}; 0.5 = same`,
    ],
    [
      "sparc distribution: generation, full mix",
      `${(count / (ms / 1000)).toFixed(1)} puzzles/s`,
      `${count} puzzles`,
    ],
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [count, seed] = process.argv.slice(2);
  for (const r of benchSparcDistribution(count ? Number(count) : undefined, seed)) console.log(r.join(" | "));
}
