/**
 * Start-up as whole processes, next to a bare `node -e 0` timed in the same rounds: the built CLI
 * (dist/, built afresh) and, for comparison, the sources run through tsx (`npm run plumb`). Goals: --help and list within 3× of bare Node, verify of one puzzle within 4×.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

type Row = [string, string, string];

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(ROOT, "bin/plumb.js");

function timed(args: string[]): { ms: number; rssMb: number } {
  const t0 = performance.now();
  const r = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, ...args], {
    cwd: ROOT,
    encoding: "utf8",
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(" ")} failed: ${r.stderr}`);
  const kb = Number(r.stderr.trim().split("\n").at(-1));
  return { ms, rssMb: kb / 1024 };
}

export function benchStartup(median: (xs: number[]) => number, runs: number): Row[] {
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "ignore" });
  const dir = mkdtempSync(join(tmpdir(), "plumb-startup-"));
  try {
    const puzzle = join(dir, "puzzle.jsonl");
    const first = readFileSync(join(ROOT, "test/fixtures/sparc/test-puzzles.jsonl"), "utf8").split("\n")[0];
    writeFileSync(puzzle, `${first}\n`);
    const answers = join(dir, "answers.jsonl");
    writeFileSync(answers, execFileSync(process.execPath, [BIN, "solve", "sparc", "--instances", puzzle]));
    const verify = ["verify", "sparc", "--instances", puzzle, "--answers", answers];
    const commands: [string, string[], number | null][] = [
      ["node -e 0", ["-e", "0"], null],
      ["plumb --help", [BIN, "--help"], 3],
      ["plumb list", [BIN, "list"], 3],
      ["plumb verify sparc, one puzzle", [BIN, ...verify], 4],
      ["plumb --help from the sources through tsx", ["--import", "tsx", "src/cli/main.ts", "--help"], null],
    ];
    const times = commands.map(() => [] as number[]);
    const rss = commands.map(() => 0);
    // Interleaved rounds, so that load on the machine falls on every command alike.
    for (let r = 0; r < Math.max(runs, 5); r++) {
      commands.forEach(([, args], i) => {
        const t = timed(args);
        times[i]?.push(t.ms);
        rss[i] = Math.max(rss[i] ?? 0, t.rssMb);
      });
    }
    const bare = median(times[0] ?? []);
    return commands.map(([name, , goal], i) => {
      const ms = median(times[i] ?? []);
      const ratio = ms / bare;
      const note =
        goal === null
          ? `${(rss[i] ?? 0).toFixed(0)} MB peak RSS`
          : `${ratio.toFixed(1)}× bare Node (goal ≤ ${goal}×${ratio <= goal ? ", met" : ", NOT met"}); ${(rss[i] ?? 0).toFixed(0)} MB`;
      return [`start-up: ${name}`, `${ms.toFixed(0)} ms`, note];
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
