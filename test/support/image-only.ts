/** What CHAIN's image-only tests share: the cell lists no observation may show, and the CLI run that records the mode. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { Store } from "../../src/store/store.ts";
import { runCli } from "./cli.ts";

/** A list of cells as the text mode prints them: `[[x, y, z], …`. */
export const CELL_LIST = /\[\s*\[\s*-?\d+\s*,\s*-?\d+\s*,\s*-?\d+\s*\]/;

/**
 * `plumb run TASK --gym --variant image-only` with the oracle on two easy instances: both solved,
 * the mode in the run's spec, and no stored observation showing a cell list.
 */
export async function expectImageOnlyRun(task: string): Promise<void> {
  const db = join(mkdtempSync(join(tmpdir(), "plumb-image-only-")), "plumb.db");
  const args = ["--gym", "--model", "oracle", "--count", "2", "--level", "easy", "--variant", "image-only"];
  const r = await runCli(["run", task, ...args, "--run", "io", "--db", db, "--no-progress"]);
  expect(r.code, r.stderr).toBe(0);
  const store = Store.open(db);
  try {
    const spec = store.getRun("io")?.config as { episode: { envOptions: unknown } };
    expect(spec.episode.envOptions).toEqual({ vision: true, imageOnly: true });
    const samples = store.samples("io");
    expect(samples.map((s) => s.verdict?.passed)).toEqual([true, true]);
    for (const s of samples)
      for (const step of store.steps("io", s.key)) expect(step.observation).not.toMatch(CELL_LIST);
  } finally {
    store.close();
  }
}
