import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { list } from "./shape.ts";

const CARDS = 100;
const WAYS = 12;

function sums(boxes: readonly string[], x: string, y: string): Set<number> {
  const first = boxes.flatMap((b, i) => (b === x ? [i + 1] : []));
  const second = boxes.flatMap((b, i) => (b === y ? [i + 1] : []));
  return new Set(first.flatMap((p) => second.map((q) => p + q)));
}

const meet = (a: Set<number>, b: Set<number>) => [...a].some((s) => b.has(s));

function works(boxes: readonly string[]): boolean {
  const [rw, rb, wb] = [sums(boxes, "R", "W"), sums(boxes, "R", "B"), sums(boxes, "W", "B")];
  return !(meet(rw, rb) || meet(rw, wb) || meet(rb, wb));
}

export function checkImo2000P4(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    const entries = list(data);
    need(entries !== undefined, "The payload must be a list of strings");
    need(entries.length === WAYS, `Expected ${WAYS} distributions, got ${entries.length}`);
    const texts = entries.map((entry, n) => {
      need(entry.kind === "str", `Entry ${n} is not a string`);
      const boxes = [...entry.value];
      need(
        boxes.length === CARDS && boxes.every((b) => b === "R" || b === "W" || b === "B"),
        `Entry ${n} is not ${CARDS} letters from R, W, B`,
      );
      need(
        ["R", "W", "B"].every((b) => boxes.some((box) => box === b)),
        `Entry ${n} leaves a box empty`,
      );
      need(works(boxes), `Entry ${n}: the trick fails`);
      return entry.value;
    });
    need(new Set(texts).size === WAYS, "A distribution is listed twice");
  });
}
