import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { int, list } from "./shape.ts";

const COUNT = 100;
const LIMIT = 1_000_000;
const BASE = Array.from({ length: 101 }, (_, k) => (k + 1) * (k + 1));
const DIFFERENCES = new Set(BASE.flatMap((x) => BASE.map((y) => x - y)));

export function checkImo2003P1(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    const items = list(data);
    need(items !== undefined, "The payload must be a list of integers");
    need(items.length === COUNT, `Expected ${COUNT} shifts, got ${items.length}`);
    const shifts = items.map((item) => {
      const t = int(item);
      need(t !== undefined, "A shift is not an integer");
      need(1 <= t && t <= LIMIT, `${t} is outside 1..${LIMIT}`);
      return t;
    });
    for (const [i, ti] of shifts.entries()) {
      for (const tj of shifts.slice(i + 1)) {
        need(!DIFFERENCES.has(tj - ti), `A + ${ti} and A + ${tj} are not disjoint`);
      }
    }
  });
}
