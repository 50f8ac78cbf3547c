import type { Check, Verdict } from "../../../core/verdict.ts";
import { verdictFromChecks } from "../../../core/verdict.ts";
import { field, fullCoverage, snakeScore } from "./rules.ts";
import type { HyperSnakeAnswer, HyperSnakeData } from "./schema.ts";

/** Checks whose failure makes the path malformed rather than a wrong move. */
const INVALID = new Set(["path.arity"]);
/** Rules whose failure scores zero; the remaining checks only scale the score. */
const RULES = [
  "path.arity",
  "path.start",
  "moves.unit_step",
  "moves.in_bounds",
  "moves.no_wall",
  "moves.no_self_collision",
];

const fmt = (p: readonly number[]): string => `[${p.join(",")}]`;
const first = <T>(items: T[], describe: (x: T) => string, more: number): string =>
  items.slice(0, 3).map(describe).join("; ") + (more > 3 ? ` (and ${more - 3} more)` : "");

function check(name: string, bad: string[], what: string): Check {
  return bad.length === 0
    ? { name, ok: true }
    : { name, ok: false, detail: `${what}: ${first(bad, (s) => s, bad.length)}` };
}

/** Do two cells of the same dimension differ by 1 in exactly one coordinate? */
function isUnitStep(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  let changed = 0;
  for (let j = 0; j < a.length; j++) {
    const d = Math.abs((b[j] as number) - (a[j] as number));
    if (d > 1 || (d === 1 && ++changed > 1)) return false;
  }
  return changed === 1;
}

export function verifySnake(data: HyperSnakeData, answer: HyperSnakeAnswer): Verdict {
  const { box, wall, open } = field(data);
  const path = answer.path;
  const d = data.shape.length;
  const checks: Check[] = [];

  const wrongArity = path.flatMap((p, i) =>
    p.length === d ? [] : [`position ${i} has ${p.length} coordinates`],
  );
  checks.push(check("path.arity", wrongArity, `every position needs ${d} coordinates`));
  const head = path[0] ?? [];
  checks.push(
    head.length === data.start.length && head.every((x, i) => x === data.start[i])
      ? { name: "path.start", ok: true }
      : {
          name: "path.start",
          ok: false,
          detail: `path begins at ${fmt(head)}, not at the start ${fmt(data.start)}`,
        },
  );

  const badSteps: string[] = [];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] ?? [];
    const b = path[i] ?? [];
    if (!isUnitStep(a, b)) badSteps.push(`step ${i} ${fmt(a)} → ${fmt(b)}`);
  }
  checks.push(check("moves.unit_step", badSteps, "each step must change exactly one coordinate by 1"));

  const outside = path.flatMap((p, i) =>
    p.length === d && !box.contains(p) ? [`position ${i} ${fmt(p)}`] : [],
  );
  checks.push(check("moves.in_bounds", outside, `positions outside the box ${data.shape.join("×")}`));

  const inside = path.map((p) => (box.contains(p) ? box.index(p) : -1));
  const onWall = inside.flatMap((k, i) =>
    k >= 0 && wall[k] === 1 ? [`position ${i} ${fmt(path[i] ?? [])}`] : [],
  );
  checks.push(check("moves.no_wall", onWall, "positions on a wall"));

  const seen = new Map<number, number>();
  const revisits: string[] = [];
  inside.forEach((k, i) => {
    if (k < 0) return;
    const before = seen.get(k);
    if (before === undefined) seen.set(k, i);
    else revisits.push(`position ${i} ${fmt(path[i] ?? [])} repeats position ${before}`);
  });
  checks.push(check("moves.no_self_collision", revisits, "the snake's body fills every cell it has visited"));

  const uneaten = data.food.filter((f) => !seen.has(box.index(f)));
  checks.push(
    uneaten.length === 0
      ? { name: "food.all_eaten", ok: true }
      : {
          name: "food.all_eaten",
          ok: false,
          detail: `${uneaten.length} of ${data.food.length} food cells not visited: ${first(uneaten, fmt, uneaten.length)}`,
        },
  );
  const visited = [...seen.keys()].filter((k) => wall[k] === 0).length;
  const needed = fullCoverage(data);
  checks.push(
    visited >= needed
      ? { name: "score.coverage", ok: true, detail: `${visited} of ${open} open cells visited` }
      : {
          name: "score.coverage",
          ok: false,
          detail: `${visited} of ${open} open cells visited; full score needs ${needed}`,
        },
  );

  const verdict = verdictFromChecks(checks, INVALID);
  const legal = checks.every((c) => c.ok || !RULES.includes(c.name));
  return { ...verdict, score: legal ? snakeScore(data, visited, uneaten.length) : 0 };
}
