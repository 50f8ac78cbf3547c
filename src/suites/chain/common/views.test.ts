import { describe, expect, it } from "vitest";
import { stepBudget } from "./budget.ts";
import { PALETTE, pieceColour } from "./palette.ts";
import { scenePng, sceneSvg } from "./views.ts";

const red = {
  name: "red",
  hex: "#e6194b",
  cells: [
    [0, 0, 0],
    [1, 0, 0],
  ] as [number, number, number][],
};
const blue = { name: "blue", hex: "#4363d8", cells: [[0, 0, 1]] as [number, number, number][] };

describe("scene pictures", () => {
  it("show four views, the set-aside pieces and a legend naming every colour", () => {
    const r = sceneSvg([red], { box: [2, 1, 2], aside: [blue], asideTitle: "Unplaced pieces" });
    expect((r.svg.match(/view from/g) ?? []).length).toBe(4);
    expect(r.svg).toContain("Unplaced pieces");
    expect(r.svg).toContain(">red<");
    expect(r.svg).toContain(">blue<");
    expect(r.svg).toContain(">x1<");
    expect(sceneSvg([red], { box: [2, 1, 2], aside: [blue], asideTitle: "Unplaced pieces" }).svg).toBe(r.svg);
  });

  it("draws each piece alone, above the set-aside pieces, only when asked", () => {
    const alone = sceneSvg([red, blue], {
      coordinates: true,
      alone: true,
      aside: [],
      asideTitle: "Taken out",
    }).svg;
    expect(alone).toContain("Each piece alone");
    // Named once under its panel and once in the legend.
    expect(alone.split(">red<").length - 1).toBe(2);
    expect(sceneSvg([red, blue], { coordinates: true }).svg).not.toContain("Each piece alone");
    const both = sceneSvg([red], { alone: true, aside: [blue], asideTitle: "Taken out" }).svg;
    expect(both.indexOf("Each piece alone")).toBeLessThan(both.indexOf("Taken out"));
  });

  it("draws an empty box (nothing placed yet) with finite sizes", () => {
    for (const views of ["single", "multi"] as const) {
      const r = sceneSvg([], { box: [2, 2, 2], aside: [red, blue], views });
      expect(Number.isFinite(r.width) && Number.isFinite(r.height)).toBe(true);
      expect(r.svg).not.toMatch(/NaN|Infinity/);
      expect(r.width).toBeGreaterThan(150);
    }
    expect(sceneSvg([]).svg).not.toMatch(/NaN|Infinity/);
  });

  it("labels a box-less scene with its world coordinates only when asked", () => {
    const far = { ...blue, cells: [[-2, 3, 1]] as [number, number, number][] };
    const labelled = sceneSvg([red, far], { coordinates: true }).svg;
    for (const label of ["x-2", "x1", "y0", "y3", "z0", "z1"]) expect(labelled).toContain(`>${label}<`);
    expect(labelled).not.toContain(">x2<");
    expect(sceneSvg([red, far]).svg).not.toMatch(/>[xyz]-?\d+</);
    expect(sceneSvg([], { coordinates: true }).svg).not.toMatch(/NaN|Infinity/);
  });

  it("draws set-aside pieces from a second, opposite corner only when asked", () => {
    const groups = (svg: string) => (svg.match(/<g transform/g) ?? []).length;
    const one = sceneSvg([red], { box: [2, 1, 2], aside: [blue, red] }).svg;
    const two = sceneSvg([red], { box: [2, 1, 2], aside: [blue, red], asideTwoViews: true }).svg;
    expect(groups(two)).toBe(groups(one) + 2);
  });

  it("has a single fixed view for one-shot prompts, and renders to PNG", () => {
    const r = sceneSvg([red, blue], { views: "single" });
    expect((r.svg.match(/view from/g) ?? []).length).toBe(1);
    const png = scenePng([red, blue], { views: "single" }, "two pieces");
    expect(Buffer.from(png.data.subarray(1, 4)).toString()).toBe("PNG");
  });
});

describe("palette and budget", () => {
  it("names every piece distinctly", () => {
    const names = Array.from({ length: 3 * PALETTE.length }, (_, i) => pieceColour(i).name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => /^[a-z]+\d*$/.test(n))).toBe(true);
  });

  it("keeps the step budget within 30–60 unless the optimum needs more", () => {
    expect(stepBudget(3)).toBe(30);
    expect(stepBudget(20)).toBe(40);
    expect(stepBudget(40)).toBe(60);
    expect(stepBudget(98)).toBe(147);
  });
});
