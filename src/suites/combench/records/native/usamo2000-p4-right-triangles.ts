import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { intPair, list } from "./shape.ts";

const SIZE = 1000;
const COUNT = 1998;

export function checkUsamo2000P4(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    const items = list(data);
    need(items !== undefined, "The payload must be a list of (row, column) pairs");
    need(items.length === COUNT, `Expected ${COUNT} colored squares, got ${items.length}`);
    const cells: [number, number][] = [];
    for (const item of items) {
      const cell = intPair(item);
      need(cell !== "shape", "An item is not a pair (row, column)");
      need(cell !== "type", "An item does not hold two integers");
      const [r, c] = cell;
      need(1 <= r && r <= SIZE && 1 <= c && c <= SIZE, `(${r}, ${c}) is off the board`);
      cells.push(cell);
    }
    need(new Set(cells.map(([r, c]) => r * (SIZE + 1) + c)).size === COUNT, "A square is listed twice");
    const inRow = new Map<number, number>();
    const inColumn = new Map<number, number>();
    for (const [r, c] of cells) {
      inRow.set(r, (inRow.get(r) ?? 0) + 1);
      inColumn.set(c, (inColumn.get(c) ?? 0) + 1);
    }
    for (const [r, c] of cells) {
      need(inRow.get(r) === 1 || inColumn.get(c) === 1, `Square (${r}, ${c}) is a right-angle vertex`);
    }
  });
}
