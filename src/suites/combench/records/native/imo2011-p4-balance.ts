import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { int, list, sequence } from "./shape.ts";

const WEIGHTS = [1, 2, 4, 8];

type Placement = readonly [number, "L" | "R"];

function valid(placements: readonly Placement[]): boolean {
  let left = 0;
  let right = 0;
  for (const [weight, side] of placements) {
    if (side === "L") left += weight;
    else right += weight;
    if (right > left) return false;
  }
  return true;
}

function permutations(items: readonly number[]): number[][] {
  if (items.length === 0) return [[]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** The number of valid ways, by brute force over orders and sides (as the Python verifier does). */
function countWays(): number {
  let total = 0;
  for (const order of permutations(WEIGHTS)) {
    for (let mask = 0; mask < 1 << WEIGHTS.length; mask++) {
      const placements = order.map((w, i): Placement => [w, (mask >> i) & 1 ? "R" : "L"]);
      if (valid(placements)) total++;
    }
  }
  return total;
}

const TOTAL = countWays();

export function checkImo2011P4(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    const ways = list(data);
    need(ways !== undefined, "The payload must be a list of placement sequences");
    const listed = new Set<string>();
    for (const [n, item] of ways.entries()) {
      const steps = sequence(item);
      need(steps?.length === WEIGHTS.length, `Way ${n} is not a sequence of ${WEIGHTS.length} placements`);
      const placements = steps.map((step): Placement => {
        const pair = sequence(step);
        need(pair?.length === 2, `Way ${n}: a step is not a pair (weight, side)`);
        const weight = int(pair[0] as PyValue);
        const side = pair[1] as PyValue;
        need(weight !== undefined && WEIGHTS.includes(weight), `Way ${n}: a weight is not one of 1, 2, 4, 8`);
        need(
          side.kind === "str" && (side.value === "L" || side.value === "R"),
          `Way ${n}: a side is not L or R`,
        );
        return [weight, side.value];
      });
      const used = placements.map(([w]) => w).sort((x, y) => x - y);
      need(used.join() === WEIGHTS.join(), `Way ${n} does not place every weight exactly once`);
      need(valid(placements), `Way ${n}: the right pan becomes heavier than the left pan`);
      const key = placements.map(([w, s]) => `${w}${s}`).join(" ");
      need(!listed.has(key), `Way ${n} is listed twice`);
      listed.add(key);
    }
    need(listed.size === TOTAL, `Listed ${listed.size} ways, but there are ${TOTAL}`);
  });
}
