import type { PyValue } from "../../../../core/python-literal/index.ts";
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
    // About two million pairs: a bitmap lookup, and the message built only on failure.
    const present = new Uint8Array(2 * LIMIT + 1);
    for (const x of sorted) present[x] = 1;
    for (let j = 0; j < sorted.length; j++) {
      const b = sorted[j] as number;
      for (let i = 0; i < j; i++) {
        const a = sorted[i] as number;
        if (present[2 * b - a] === 1) need(false, `${a}, ${b}, ${2 * b - a} form an arithmetic progression`);
      }
    }
  });
}
