import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { int, list } from "./shape.ts";

const LENGTH = 16;
const LIMIT = 1_000_000;

const windowSum = (terms: readonly number[], start: number, size: number) =>
  terms.slice(start, start + size).reduce((total, term) => total + term, 0);

export function checkImo1977P2(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    const items = list(data);
    need(items !== undefined, "The payload must be a list of integers");
    need(items.length === LENGTH, `Expected ${LENGTH} terms, got ${items.length}`);
    const terms = items.map((item) => {
      const term = int(item);
      need(term !== undefined, "A term is not an integer");
      need(-LIMIT <= term && term <= LIMIT, `${term} is outside -${LIMIT}..${LIMIT}`);
      return term;
    });
    for (let i = 0; i < LENGTH - 6; i++) {
      need(windowSum(terms, i, 7) < 0, `Terms ${i + 1}..${i + 7} do not have a negative sum`);
    }
    for (let i = 0; i < LENGTH - 10; i++) {
      need(windowSum(terms, i, 11) > 0, `Terms ${i + 1}..${i + 11} do not have a positive sum`);
    }
  });
}
