/**
 * Hostile input: for every task, the worst parse + verify time over the hostile texts of the contract
 * test, at 100 KB and at 1 MB. A ratio near 10 means linear work; near 100, quadratic.
 */
import { loadTasks } from "../src/core/registry.ts";
import { isParseFailure } from "../src/core/verdict.ts";
import { hostileSubject, hostileTexts } from "../test/support/hostile.ts";

type Row = [string, string, string];

export async function benchHostile(median: (xs: number[]) => number, runs: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const task of await loadTasks("*")) {
    const { inst, valid } = hostileSubject(task);
    const worst = async (bytes: number) => {
      let slowest = { name: "", ms: 0 };
      for (const h of hostileTexts(valid, bytes)) {
        const times: number[] = [];
        for (let r = 0; r < runs; r++) {
          const t0 = performance.now();
          const answer = task.parse(h.text, inst);
          if (!isParseFailure(answer)) await task.verify(inst, answer);
          times.push(performance.now() - t0);
        }
        const ms = median(times);
        if (ms > slowest.ms) slowest = { name: h.name, ms };
      }
      return slowest;
    };
    const small = await worst(100 * 1024);
    const large = await worst(1024 * 1024);
    rows.push([
      `hostile: ${task.id}, worst parse+verify 100 KB / 1 MB`,
      `${small.ms.toFixed(1)} / ${large.ms.toFixed(1)} ms`,
      `×${(large.ms / Math.max(small.ms, 0.01)).toFixed(1)}; slowest at 1 MB: ${large.name}`,
    ]);
  }
  return rows;
}
