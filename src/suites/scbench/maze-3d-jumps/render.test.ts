import { describe, expect, it } from "vitest";
import { renderMaze } from "./render.ts";
import { GOOD, mazeInstance, withCell } from "./test-helpers.ts";

describe("maze-3d-jumps render", () => {
  const { data } = mazeInstance();

  it("draws the empty frame, a valid maze with its jumps, and marks a looped route", () => {
    const empty = renderMaze(data);
    expect(empty.svg).toContain("no maze given");
    const good = renderMaze(data, { rows: GOOD });
    expect(good.svg).toContain("valid maze");
    expect(good.svg.match(/<path /g)).toHaveLength(2);
    const looped = renderMaze(data, { rows: withCell(GOOD, 1, 0, "3") });
    expect(looped.svg).toContain("#e53935");
    expect(renderMaze(data, { rows: GOOD.slice(1) }).svg).toContain("maze.size");
    expect(renderMaze(data, { rows: GOOD }).svg).toBe(good.svg);
  });
});
