import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { int } from "./shape.ts";

const N = 33;
const STATIONS = N * N;
const CARS = N * N - N;

/** Checks one company's cars and labels every station with the lowest station of its chain. */
function company(name: string, lines: PyValue): number[] {
  need(lines.kind === "set", `${name} is not a set`);
  const cars: [number, number][] = [];
  for (const item of lines.items) {
    need(item.kind === "tuple" && item.items.length === 2, `${name} holds a non-tuple item`);
    const start = int(item.items[0] as PyValue);
    const end = int(item.items[1] as PyValue);
    need(start !== undefined && end !== undefined, `${name} holds an item whose stations are not integers`);
    need(1 <= start && start < end && end <= STATIONS, `${name} car (${start}, ${end}) must go up`);
    cars.push([start, end]);
  }
  need(cars.length === CARS, `${name} has ${cars.length} cars, expected ${CARS}`);
  cars.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  need(new Set(cars.map(([s]) => s)).size === CARS, `${name} has two cars starting at the same station`);
  need(new Set(cars.map(([, e]) => e)).size === CARS, `${name} has two cars finishing at the same station`);
  for (let i = 1; i < cars.length; i++) {
    const [s1, e1] = cars[i - 1] as [number, number];
    const [s2, e2] = cars[i] as [number, number];
    need(e1 < e2, `${name} car (${s2}, ${e2}) starts higher than (${s1}, ${e1}) but does not finish higher`);
  }
  const following = new Map(cars);
  const finishes = new Set(cars.map(([, e]) => e));
  const label = new Array<number>(STATIONS + 1).fill(0);
  for (let head = 1; head <= STATIONS; head++) {
    if (finishes.has(head)) continue;
    for (let station: number | undefined = head; station !== undefined; station = following.get(station)) {
      label[station] = head;
    }
  }
  return label;
}

export function checkImo2020P4(payload: string): NativeVerdict {
  return judge(payload, (data) => {
    need(data.kind === "tuple" && data.items.length === 2, "The payload must be a tuple of two sets");
    const a = company("A_lines", data.items[0] as PyValue);
    const b = company("B_lines", data.items[1] as PyValue);
    const owner = new Map<string, number>();
    for (let station = 1; station <= STATIONS; station++) {
      const key = `${a[station]},${b[station]}`;
      const other = owner.get(key);
      need(other === undefined, `Stations ${other} and ${station} are linked by both companies`);
      owner.set(key, station);
    }
  });
}
