import { footprintsOverlap, personBox, type Vec2 } from "./geometry.ts";
import type { HideData } from "./scene.ts";

/** Cells searched along each axis: overlapping people are less than 2 cells apart, one more absorbs rounding. */
const REACH = 3;

/**
 * For each person, the index of another person whose box overlaps theirs, or -1, in time linear in
 * the number of people, however they are placed. People are hashed into square cells of side w/2
 * (w = person width): two people in one cell are less than w/2 apart along both axes, so they
 * overlap, and a crowded cell settles all its people from its first two. A person alone in a cell
 * looks at the cells within REACH of it, and each cell is looked at by at most (2·REACH + 1)² − 1
 * lone people. Every reported pair is confirmed with the exact overlap test, so the result is exact;
 * the bound on the time relies on w ≥ MIN_PERSON_WIDTH and on coordinates within MAX_COORDINATE
 * (both enforced by the schemas), which keep the cell arithmetic's rounding far below a cell.
 */
export function overlapPartners(data: HideData, people: readonly Vec2[]): number[] {
  const side = data.person.width / 2;
  const boxes = people.map((p) => personBox(data, p));
  const cellOf = ([x, y]: Vec2): [number, number] => [Math.floor(x / side), Math.floor(y / side)];
  // Columns of cells, then cells by row: numeric keys, and an empty column is skipped at once.
  const columns = new Map<number, Map<number, number[]>>();
  people.forEach((p, i) => {
    const [cx, cy] = cellOf(p);
    const column = columns.get(cx) ?? new Map<number, number[]>();
    columns.set(cx, column);
    const list = column.get(cy);
    if (list === undefined) column.set(cy, [i]);
    else list.push(i);
  });

  const partner = people.map(() => -1);
  const overlap = (i: number, j: number) => i !== j && footprintsOverlap(boxes[i]!, boxes[j]!);
  const firstOverlapping = (i: number, list: readonly number[]) => list.find((j) => overlap(i, j)) ?? -1;

  for (const column of columns.values()) {
    for (const list of column.values()) {
      if (list.length < 2) continue;
      for (const i of list) partner[i] = firstOverlapping(i, list);
    }
  }
  people.forEach((p, i) => {
    if (partner[i] !== -1) return;
    const [cx, cy] = cellOf(p);
    for (let dx = -REACH; dx <= REACH && partner[i] === -1; dx++) {
      const column = columns.get(cx + dx);
      for (let dy = -REACH; column !== undefined && dy <= REACH && partner[i] === -1; dy++) {
        const list = dx === 0 && dy === 0 ? undefined : column.get(cy + dy);
        if (list !== undefined) partner[i] = firstOverlapping(i, list);
      }
    }
  });
  return partner;
}
