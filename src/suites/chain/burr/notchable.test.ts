import { describe, expect, it } from "vitest";
import { isConnected } from "../../../geometry/voxels.ts";
import { assemble } from "./assemble.ts";
import { disassemble } from "./disassemble.ts";
import { burrFrame, isUsableNumber, pieceFromNumber, placeInSlot, SOLID_NOTCHABLE } from "./notchable.ts";

const has = (cells: number[][], c: number[]) => cells.some((d) => d.join() === c.join());

describe("notchable piece numbers", () => {
  it("piece 1 is the solid 6×2×2 stick", () => {
    expect(pieceFromNumber(1)).toHaveLength(24);
  });

  it("piece 256 lacks cubes 1–8, the whole notched layer between the ends", () => {
    const p = pieceFromNumber(256);
    expect(p).toHaveLength(16);
    for (let x = 1; x <= 4; x++) for (let y = 0; y < 2; y++) expect(has(p, [x, y, 1])).toBe(false);
    expect(has(p, [2, 0, 0])).toBe(true);
  });

  it("piece 1024 lacks cubes 1–10 and is the lightest connected piece", () => {
    const p = pieceFromNumber(1024);
    expect(p).toHaveLength(14);
    expect(has(p, [2, 0, 0]) || has(p, [3, 0, 0])).toBe(false);
    expect(has(p, [2, 1, 0]) && has(p, [3, 1, 0])).toBe(true);
    expect(isConnected(p)).toBe(true);
    expect(isUsableNumber(1024 + 1024)).toBe(false);
  });

  it("refuses numbers outside 1–4096", () => {
    for (const bad of [0, 4097, 1.5]) expect(() => pieceFromNumber(bad)).toThrow(RangeError);
  });

  it("places sticks in the standard frame without overlap between the outer cubes", () => {
    const { outer, inner } = burrFrame();
    expect(outer).toHaveLength(72);
    expect(inner).toHaveLength(32);
    expect(placeInSlot(1, 3)).toHaveLength(24);
    expect(() => placeInSlot(1, 6)).toThrow(RangeError);
  });

  // BurrTools' SolidSixPieceBurrs: 1063 assemblies and 314 solutions with mirror images kept.
  it("reproduces the solid six-piece burr counts from the 25 piece numbers", () => {
    const { outer, inner } = burrFrame();
    const shapes = SOLID_NOTCHABLE.map((n) => ({ cells: pieceFromNumber(n), min: 0, max: 6 }));
    const asm = assemble({ shapes, result: [...outer, ...inner] });
    expect(asm.count).toBe(1063);
    const solutions = asm.assemblies.filter((a) => disassemble(a.map((p) => p.cells)).solved);
    expect(solutions).toHaveLength(314);
  });
});
