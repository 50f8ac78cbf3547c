import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { packPrismsTask as task } from "./index.ts";

describe("pack-prisms render", () => {
  const inst = task.generate(task.params.parse(task.levels["level-1"]), new Rng("render"));
  const answer = task.solve!(inst).answers[0]!;

  it("draws the classes, and the packing when given, deterministically", () => {
    expect(task.render!(inst).svg).toContain("Prisms to pack");
    const solved = task.render!(inst, answer).svg;
    expect(solved).toContain("valid packing, score 1.0000");
    expect(task.render!(inst, answer).svg).toBe(solved);
  });

  it("marks overlapping boxes in red", () => {
    const b = answer.boxes[0]!;
    const wrong = { boxes: [...answer.boxes, { min: b.min, max: b.max }] };
    const svg = task.render!(inst, wrong).svg;
    expect(svg).toContain("fails: prisms.counts, boxes.no_overlap");
    expect(svg).toContain("rgb(176,68,69)"); // the red of overlapping boxes, shaded on its right faces
  });
});
