import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { intPair, list } from "./shape.ts";

const N = 100;
const PAIRS = 39;

export function checkIsl2012C2(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    const items = list(data);
    need(items !== undefined, "The payload must be a list of pairs (a, b)");
    need(items.length === PAIRS, `Expected ${PAIRS} pairs, got ${items.length}`);
    const numbers: number[] = [];
    const sums: number[] = [];
    for (const item of items) {
      const pair = intPair(item);
      need(pair !== "shape", "An item is not a pair (a, b)");
      need(pair !== "type", "An item does not hold two integers");
      const [a, b] = pair;
      need(1 <= a && a <= N && 1 <= b && b <= N, `(${a}, ${b}) uses a number outside 1..${N}`);
      need(a + b <= N, `The pair (${a}, ${b}) has sum ${a + b} > ${N}`);
      numbers.push(a, b);
      sums.push(a + b);
    }
    need(new Set(numbers).size === 2 * PAIRS, "The pairs are not disjoint (a number is used twice)");
    need(new Set(sums).size === PAIRS, "Two pairs have the same sum");
  });
}
