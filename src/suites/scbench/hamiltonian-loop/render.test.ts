import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import type { Cell } from "./grid.ts";
import { hamiltonianLoopTask as task } from "./index.ts";

describe("hamiltonian-loop render", () => {
  const inst = task.generate(task.params.parse(task.levels["sparse-10x10"]), new Rng("render"));
  const good = task.solve!(inst).answers[0]!;

  it("draws the grid alone and with a loop, deterministically", () => {
    const plain = task.render!(inst);
    expect(plain.kind).toBe("svg");
    expect(plain.svg).toContain("<svg");
    expect(plain.svg).not.toContain("<line");
    expect(task.render!(inst)).toEqual(plain);
    const solved = task.render!(inst, good);
    expect(solved.svg.match(/<line/g)).toHaveLength(good.loop.length);
    expect(solved.svg).toContain("valid loop");
  });

  it("marks a wrong loop and survives off-grid cells", () => {
    const loop = good.loop.map((c): Cell => [c[0], c[1]]);
    loop[3] = [-5, 40];
    loop.splice(8, 1);
    const svg = task.render!(inst, { loop }).svg;
    expect(svg).toContain("#d62728");
    expect(svg).toContain("off the grid");
    expect(task.render!(inst, { loop: [] }).svg).toContain("fails");
  });
});
