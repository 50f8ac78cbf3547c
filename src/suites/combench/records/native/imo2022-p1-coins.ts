import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";

const N = 10;
const K = 16;

function operate(row: string): string {
  const i = K - 1;
  let left = i;
  while (left > 0 && row[left - 1] === row[i]) left--;
  let right = i;
  while (right < 2 * N - 1 && row[right + 1] === row[i]) right++;
  return row.slice(left, right + 1) + row.slice(0, left) + row.slice(right + 1);
}

export function checkImo2022P1(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    need(data.kind === "str", "The payload must be a string of A and B");
    const coins = [...data.value];
    need(coins.length === 2 * N, `Expected ${2 * N} coins, got ${coins.length}`);
    need(
      coins.every((c) => c === "A" || c === "B"),
      "Every coin must be A or B",
    );
    need(coins.filter((c) => c === "A").length === N, `Expected ${N} coins A and ${N} coins B`);
    const seen = new Set<string>();
    for (let row = data.value; !seen.has(row); row = operate(row)) {
      need(
        new Set(row.slice(0, N)).size !== 1,
        `After ${seen.size} operations the leftmost ${N} coins are equal`,
      );
      seen.add(row);
    }
  });
}
