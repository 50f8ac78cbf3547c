import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { int, list, sequence } from "./shape.ts";

const N = 3;

const hasP = (perm: readonly number[]) =>
  perm.some((x, i) => i > 0 && Math.abs(x - (perm[i - 1] as number)) === N);

/** How many permutations of 1..2N lack property P, counted by brute force like the Python verifier. */
function countWithoutP(): number {
  let total = 0;
  const walk = (prefix: number[], rest: number[]): void => {
    if (rest.length === 0) {
      if (!hasP(prefix)) total++;
      return;
    }
    for (const [i, x] of rest.entries()) walk([...prefix, x], [...rest.slice(0, i), ...rest.slice(i + 1)]);
  };
  walk(
    [],
    Array.from({ length: 2 * N }, (_, i) => i + 1),
  );
  return total;
}

const TOTAL = countWithoutP();

export function checkImo1989P6(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    const entries = list(data);
    need(entries !== undefined, "The payload must be a list of permutations");
    const listed = new Set<string>();
    for (const [n, item] of entries.entries()) {
      const values = sequence(item);
      need(values?.length === 2 * N, `Entry ${n} is not a sequence of ${2 * N} numbers`);
      const perm = values.map((v) => int(v));
      need(
        perm.every((x) => x !== undefined),
        `Entry ${n} holds a non-integer`,
      );
      const numbers = perm as number[];
      need(
        [...numbers].sort((x, y) => x - y).every((x, i) => x === i + 1),
        `Entry ${n} is not a permutation of 1..${2 * N}`,
      );
      need(!hasP(numbers), `Entry ${n} has property P`);
      const key = numbers.join(",");
      need(!listed.has(key), `Entry ${n} is listed twice`);
      listed.add(key);
    }
    need(
      listed.size === TOTAL,
      `Listed ${listed.size} permutations without property P, but there are ${TOTAL}`,
    );
  });
}
