import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { type Cell, cellKey, isConnected } from "../../../geometry/voxels.ts";
import { climbBurr } from "./climb.ts";
import { disassemble } from "./disassemble.ts";
import { generateBurr } from "./generate.ts";
import { burrFrame } from "./notchable.ts";

/** A random Luban lock that comes apart: the climb's start. */
function lubanStart(seed: string): Cell[][] {
  return generateBurr(
    {
      source: "luban",
      box: [3, 3, 2],
      minPieces: 6,
      maxPieces: 6,
      minLevel: 1,
      maxLevel: 99,
      fill: 0.4,
      maxAttempts: 3000,
      nodeLimit: 20000,
    },
    new Rng(seed),
  ).pieces;
}

function expectSoundBurr(pieces: readonly Cell[][]): void {
  const { outer, inner } = burrFrame();
  const frame = new Set([...outer, ...inner].map(cellKey));
  const seen = new Set<string>();
  for (const p of pieces) {
    expect(p.length).toBeGreaterThanOrEqual(2);
    expect(isConnected(p)).toBe(true);
    for (const c of p) {
      expect(frame.has(cellKey(c))).toBe(true);
      expect(seen.has(cellKey(c))).toBe(false);
      seen.add(cellKey(c));
    }
  }
  // Holes only where sticks cross: the burr keeps its outline.
  for (const c of outer) expect(seen.has(cellKey(c))).toBe(true);
}

describe("climbBurr", () => {
  it("climbs a Luban lock to a burr whose first separation needs at least five moves", () => {
    const pieces = climbBurr(
      lubanStart("climb/0"),
      { pieces: 6, minLevel: 5, steps: 3000, nodeLimit: 20000 },
      new Rng("climb/a"),
    );
    expect(pieces).not.toBeNull();
    const burr = pieces as Cell[][];
    expectSoundBurr(burr);
    const d = disassemble(burr, { choice: "burrtools" });
    expect(d.solved).toBe(true);
    expect(d.tree?.moves.length).toBeGreaterThanOrEqual(5);
  });

  it("cuts pieces or fills holes until there are as many pieces as asked, keeping the level", () => {
    const pieces = climbBurr(
      lubanStart("climb/1"),
      { pieces: 7, minLevel: 4, steps: 6000, nodeLimit: 20000 },
      new Rng("climb/b"),
    );
    expect(pieces).not.toBeNull();
    const burr = pieces as Cell[][];
    expect(burr).toHaveLength(7);
    expectSoundBurr(burr);
    const d = disassemble(burr, { choice: "burrtools" });
    expect(d.solved).toBe(true);
    expect(d.tree?.moves.length).toBeGreaterThanOrEqual(4);
  });

  it("gives up when the steps run out below the level asked", () => {
    expect(
      climbBurr(lubanStart("climb/2"), { pieces: 6, minLevel: 40, steps: 50, nodeLimit: 20000 }, new Rng(1)),
    ).toBeNull();
  });

  it("refuses a start outside the burr frame", () => {
    expect(() =>
      climbBurr(
        [[[40, 0, 0]], [[41, 0, 0]]],
        { pieces: 2, minLevel: 1, steps: 1, nodeLimit: 100 },
        new Rng(1),
      ),
    ).toThrow(RangeError);
  });
});
