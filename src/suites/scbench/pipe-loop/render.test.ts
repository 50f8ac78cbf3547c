import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { pipeLoopTask as task } from "./index.ts";

describe("pipe-loop render", () => {
  const inst = task.generate(task.params.parse(task.levels["level-05"]), new Rng("render"));
  const good = task.solve!(inst).answers[0]!;

  it("draws the square alone and with the loop, deterministically", () => {
    const plain = task.render!(inst);
    expect(plain.svg).toContain("<svg");
    expect(plain.svg).not.toContain("<line");
    expect(task.render!(inst)).toEqual(plain);
    const solved = task.render!(inst, good);
    expect(solved.svg.match(/<line/g)).toHaveLength(good.points.length);
    expect(solved.svg).toContain("valid loop");
  });

  it("highlights a wrong segment and survives empty answers", () => {
    const points = good.points.map(([x, y]): [number, number] => [x, y]);
    points[4] = [points[4]![0] + 0.3, points[4]![1]];
    const svg = task.render!(inst, { points }).svg;
    expect(svg).toContain("#d62728");
    expect(svg).toContain("segment.length");
    expect(task.render!(inst, { points: [] }).svg).toContain("fails");
  });
});
