import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { tetraShadowTask as task } from "./index.ts";
import type { TetraAnswer } from "./schema.ts";

describe("tetra-shadow render", () => {
  const inst = task.generate(task.params.parse(task.levels["level-12"]), new Rng("render"));
  const answer = task.solve!(inst).answers[0]!;

  it("draws the target alone, and the shadows and 3D view with an answer, deterministically", () => {
    const bare = task.render!(inst).svg;
    expect(bare.startsWith("<svg")).toBe(true);
    expect(bare).toContain("Target: annulus");
    const solved = task.render!(inst, answer).svg;
    expect(solved).toContain("score 1.0000");
    expect(solved).toContain("isometric view");
    expect(task.render!(inst, answer).svg).toBe(solved);
  });

  it("colours missed target and excess, names failed checks, and skips unusable tetrahedra", () => {
    const broken: TetraAnswer = {
      tetrahedra: [
        ...answer.tetrahedra.slice(5),
        { position: [20, 0, 0], quaternion: [1, 0, 0, 0] },
        { position: [0, 0, 0], quaternion: [0, 0, 0, 0] },
      ],
    };
    const svg = task.render!(inst, broken).svg;
    expect(svg).toContain("fails: tetrahedra.valid");
    expect(svg).toContain('fill="#e15759" fill-opacity="0.75"');
    expect(svg).toContain('fill="#f28e2b" fill-opacity="0.75"');
  });
});
