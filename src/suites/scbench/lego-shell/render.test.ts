import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { legoShellTask as task } from "./index.ts";

describe("lego-shell render", () => {
  const inst = task.generate(task.params.parse(task.levels["level-1"]), new Rng("render"));
  const answer = task.solve?.(inst).answers[0] ?? { bricks: [] };

  it("draws the empty shell, and the build when given, deterministically", () => {
    expect(task.render?.(inst).svg).toContain("inner radius 40 mm, outer radius 70 mm");
    const solved = task.render?.(inst, answer).svg ?? "";
    expect(solved).toMatch(/^<svg/);
    expect(solved).toContain("all rules hold, score 1.0000");
    expect(solved).toContain("section y = 0");
    expect(task.render?.(inst, answer).svg).toBe(solved);
  });

  it("marks broken bricks in red", () => {
    const floating = {
      bricks: [
        { x: 40, y: -8, layer: 0, orientation: 0 as const },
        { x: 40, y: -8, layer: 2, orientation: 0 as const },
      ],
    };
    const svg = task.render?.(inst, floating).svg ?? "";
    expect(svg).toContain("fails: bricks.connected, parts.stable, shell.similarity");
    expect(svg).toContain("rgb(225,87,89)"); // the red top face of the floating brick
  });

  it("draws turned bricks as prisms and cuts them in the section", () => {
    const turned = task.parse(
      '{"bricks": [{"Centroid": [55, 0, 4.8], "RotationDegrees": 30}, {"Centroid": [55, 0, 14.4], "RotationDegrees": 120}]}',
      inst,
    );
    if (!("bricks" in turned)) throw new Error("did not parse");
    const svg = task.render?.(inst, turned).svg ?? "";
    expect(svg).toContain("2 bricks — fails: shell.similarity;");
    // Each turned brick: its top and the two sides facing the viewer.
    expect(svg.match(/<polygon/g)).toHaveLength(6);
    expect(svg.match(/<rect /g)?.length).toBeGreaterThanOrEqual(2);
    expect(task.render?.(inst, turned).svg).toBe(svg);
  });
});
