import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { int, list, sequence } from "./shape.ts";

const PEOPLE = 16;

export function checkImo1964P4(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    const rows = list(data);
    need(rows !== undefined, "The payload must be a list of rows");
    need(rows.length === PEOPLE, `Expected ${PEOPLE} rows, got ${rows.length}`);
    const topic = rows.map((row, i) => {
      const entries = sequence(row);
      need(entries?.length === PEOPLE, `Row ${i} is not a list of ${PEOPLE} entries`);
      return entries.map((entry, j) => {
        const t = int(entry);
        need(t !== undefined, `Entry (${i}, ${j}) is not an integer`);
        if (i === j) need(t === 0, `Diagonal entry (${i}, ${i}) must be 0`);
        else need(t >= 1 && t <= 3, `Entry (${i}, ${j}) must be 1, 2 or 3`);
        return t;
      });
    });
    const at = (i: number, j: number) => (topic[i] as number[])[j] as number;
    for (let i = 0; i < PEOPLE; i++) {
      for (let j = i + 1; j < PEOPLE; j++)
        need(at(i, j) === at(j, i), `Entries (${i}, ${j}) and (${j}, ${i}) differ`);
    }
    for (let i = 0; i < PEOPLE; i++) {
      for (let j = i + 1; j < PEOPLE; j++) {
        for (let k = j + 1; k < PEOPLE; k++) {
          const t = at(i, j);
          need(!(t === at(i, k) && t === at(j, k)), `People ${i}, ${j}, ${k} all write about topic ${t}`);
        }
      }
    }
  });
}
