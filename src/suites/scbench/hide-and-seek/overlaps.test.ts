import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { EPS, footprintsOverlap, personBox, type Vec2 } from "./geometry.ts";
import { overlapPartners } from "./overlaps.ts";
import type { HideData } from "./scene.ts";

const scene = (width: number): HideData => ({
  people: 1,
  building: { width: 2, height: 10 },
  person: { width, height: 1.8 },
  sniper: [100, 100, 20],
  maxDistance: 30,
});

/** Everyone who overlaps someone, by comparing every pair. */
function bruteOverlapping(data: HideData, people: readonly Vec2[]): boolean[] {
  const boxes = people.map((p) => personBox(data, p));
  return boxes.map((a, i) => boxes.some((b, j) => i !== j && footprintsOverlap(a, b)));
}

describe("hide-and-seek overlap search", () => {
  it("finds exactly the people who overlap someone, with a partner who really overlaps", () => {
    const rng = new Rng("overlaps");
    const seen = { overlapping: 0, apart: 0 };
    for (let round = 0; round < 40; round++) {
      const width = [0.01, 0.5, 1, 5][round % 4]!;
      const data = scene(width);
      const people: Vec2[] = [];
      // Lattice neighbours that touch exactly or within the slack, near misses, stacks on one
      // point, and a shared x: the cases a cell search could get wrong.
      for (let i = 0; i < 120; i++) {
        const kind = rng.int(0, 4);
        const [x, y] =
          people.length > 0 && kind < 4 ? rng.pick(people) : [rng.float() * 10, rng.float() * 10];
        const shift = [width, width - EPS / 2, width - 2 * EPS, width * rng.float(), 0][kind]!;
        people.push(rng.int(0, 1) === 0 ? [x + shift, y] : [x, y + shift * (rng.int(0, 1) * 2 - 1)]);
      }
      const partners = overlapPartners(data, people);
      const expected = bruteOverlapping(data, people);
      for (const e of expected) seen[e ? "overlapping" : "apart"]++;
      partners.forEach((j, i) => {
        expect(j !== -1, `round ${round}, person ${i}`).toBe(expected[i]);
        if (j !== -1)
          expect(footprintsOverlap(personBox(data, people[i]!), personBox(data, people[j]!))).toBe(true);
      });
    }
    expect(seen.overlapping).toBeGreaterThan(500);
    expect(seen.apart).toBeGreaterThan(500);
  });

  it("handles ten thousand people on one point or one vertical line", () => {
    const data = scene(0.5);
    const stacked: Vec2[] = Array.from({ length: 10_000 }, () => [3, 3]);
    expect(overlapPartners(data, stacked).every((j, i) => j !== -1 && j !== i)).toBe(true);
    const line: Vec2[] = Array.from({ length: 10_000 }, (_, i) => [3, i * 0.5]);
    expect(overlapPartners(data, line).every((j) => j === -1)).toBe(true);
  });
});
