import type { PyValue } from "../../literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { int, list } from "./shape.ts";

const COUNT = 1983;
const LIMIT = 100_000;

export function checkImo1983P5(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    const items = list(data);
    need(items !== undefined, "The payload must be a list of integers");
    need(items.length === COUNT, `Expected ${COUNT} numbers, got ${items.length}`);
    const numbers = items.map((item) => {
      const x = int(item);
      need(x !== undefined, "An entry is not an integer");
      need(1 <= x && x <= LIMIT, `${x} is outside 1..${LIMIT}`);
      return x;
    });
    const chosen = new Set(numbers);
    need(chosen.size === COUNT, "A number is chosen twice");
    const sorted = [...chosen].sort((x, y) => x - y);
    for (const [j, b] of sorted.entries()) {
      for (const a of sorted.slice(0, j)) {
        need(!chosen.has(2 * b - a), `${a}, ${b}, ${2 * b - a} form an arithmetic progression`);
      }
    }
  });
}
