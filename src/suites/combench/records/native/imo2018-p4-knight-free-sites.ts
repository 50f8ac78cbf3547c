import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { intPair, list } from "./shape.ts";

const SIZE = 20;
const COUNT = 200;
const KNIGHT = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
] as const;

const key = (x: number, y: number) => `${x},${y}`;

export function checkImo2018P4(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    const items = list(data);
    need(items !== undefined, "The payload must be a list of sites (x, y)");
    need(items.length === COUNT, `Expected ${COUNT} sites, got ${items.length}`);
    const sites = new Map<string, [number, number]>();
    for (const item of items) {
      const site = intPair(item);
      need(site !== "shape", "An item is not a pair (x, y)");
      need(site !== "type", "An item does not hold two integers");
      const [x, y] = site;
      need(1 <= x && x <= SIZE && 1 <= y && y <= SIZE, `(${x}, ${y}) is not a site of the grid`);
      sites.set(key(x, y), site);
    }
    need(sites.size === COUNT, "A site is listed twice");
    for (const [x, y] of sites.values()) {
      for (const [dx, dy] of KNIGHT) {
        need(
          !sites.has(key(x + dx, y + dy)),
          `Sites (${x}, ${y}) and (${x + dx}, ${y + dy}) are at distance sqrt(5)`,
        );
      }
    }
  });
}
