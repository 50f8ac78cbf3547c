import type { Progress } from "../eval/runner.ts";

/** One status line on stderr, redrawn in place on a terminal and every 10% otherwise. */
export function progressBar(
  enabled: boolean,
  retries: () => number,
): { update: (p: Progress) => void; end: () => void } {
  const tty = process.stderr.isTTY === true;
  let lastTenth = -1;
  let lastDraw = 0;
  let drawn = false;
  const line = (p: Progress) => {
    const width = 24;
    const filled = p.total === 0 ? width : Math.round((p.done / p.total) * width);
    const judged = Math.max(1, p.done);
    return (
      `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${p.done}/${p.total}` +
      `  pass ${((100 * p.passed) / judged).toFixed(1)}%  errors ${p.errors}` +
      `  tokens ${(p.usage.input + p.usage.output).toLocaleString("en")}  calls ${p.calls}  spent $${p.spentUsd.toFixed(4)}` +
      `  in flight ${p.inFlight}  retries ${retries()}`
    );
  };
  return {
    update(p) {
      if (!enabled) return;
      if (tty) {
        const now = Date.now();
        if (now - lastDraw < 100 && p.done < p.total) return;
        lastDraw = now;
        process.stderr.write(`\r${line(p)}`);
        drawn = true;
        return;
      }
      const tenth = p.total === 0 ? 10 : Math.floor((10 * p.done) / p.total);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        process.stderr.write(`${line(p)}\n`);
      }
    },
    end() {
      if (drawn) process.stderr.write("\n");
    },
  };
}
