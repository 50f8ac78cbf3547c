import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { generateTerrain } from "./generate.ts";
import { renderTerrain } from "./render.ts";
import { terrainParams } from "./schema.ts";

describe("terrain render", () => {
  it("draws the map alone, then before and after with the simulated terrain", {
    timeout: 20_000,
  }, () => {
    const { data } = generateTerrain(terrainParams.parse({ side: 32 }), new Rng("render"));
    const alone = renderTerrain(data);
    expect(alone.svg).toMatch(/^<svg/);
    expect(alone.svg).toContain(`largest flat region (red): ${data.flatBefore} cells`);
    const both = renderTerrain(data, { blasts: data.reference });
    expect(both.svg).toContain("after (simulated)");
    expect(both.width).toBeGreaterThan(alone.width);
    const tooDeep = renderTerrain(data, { blasts: [{ x: 0, y: 0, depth: 99 }] });
    expect(tooDeep.svg).toContain("after blast #0 (the next is too deep)");
  });
});
