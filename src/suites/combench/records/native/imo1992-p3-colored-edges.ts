import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { int, list, sequence } from "./shape.ts";

const POINTS = 9;
const EDGES = 32;

export function checkImo1992P3(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    const items = list(data);
    need(items !== undefined, "The payload must be a list of (u, v, color) triples");
    need(items.length === EDGES, `Expected ${EDGES} colored edges, got ${items.length}`);
    const color = new Map<string, string>();
    for (const item of items) {
      const parts = sequence(item);
      need(parts?.length === 3, "An item is not a triple (u, v, color)");
      const [first, second, third] = parts as [PyValue, PyValue, PyValue];
      const u = int(first);
      const v = int(second);
      need(u !== undefined && v !== undefined, "An item does not name two integer points");
      need(u >= 1 && u <= POINTS && v >= 1 && v <= POINTS && u !== v, `(${u}, ${v}) is not an edge`);
      need(
        third.kind === "str" && (third.value === "red" || third.value === "blue"),
        "A color is not red or blue",
      );
      const edge = `${Math.min(u, v)},${Math.max(u, v)}`;
      need(!color.has(edge), `The edge (${edge}) is colored twice`);
      color.set(edge, third.value);
    }
    for (let a = 1; a <= POINTS; a++) {
      for (let b = a + 1; b <= POINTS; b++) {
        for (let c = b + 1; c <= POINTS; c++) {
          const ab = color.get(`${a},${b}`);
          need(
            ab === undefined || !(ab === color.get(`${a},${c}`) && ab === color.get(`${b},${c}`)),
            `Points ${a}, ${b}, ${c} form a ${ab} triangle`,
          );
        }
      }
    }
  });
}
