import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { int, list } from "./shape.ts";

const ROWS = 100;
const BOUND = 7;

export function checkImo2023P5(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    const items = list(data);
    need(items !== undefined, "The payload must be a list of red positions, one per row");
    need(items.length === ROWS, `Expected ${ROWS} rows, got ${items.length}`);
    const reds = items.map((item, index) => {
      const red = int(item);
      need(red !== undefined, `Row ${index + 1}: not an integer`);
      need(1 <= red && red <= index + 1, `Row ${index + 1}: red position ${red} is outside 1..${index + 1}`);
      return red;
    });
    let best = [1];
    for (let i = 2; i <= ROWS; i++) {
      const row: number[] = [];
      for (let j = 1; j <= i; j++) {
        const above = Math.max(
          j >= 2 ? (best[j - 2] as number) : 0,
          j <= i - 1 ? (best[j - 1] as number) : 0,
        );
        row.push(above + (j === reds[i - 1] ? 1 : 0));
      }
      best = row;
    }
    const most = Math.max(...best);
    need(most <= BOUND, `Some ninja path contains ${most} red circles, more than ${BOUND}`);
  });
}
