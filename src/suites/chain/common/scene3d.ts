import type { Scene } from "../../../core/scene.ts";
import { SceneBuilder } from "../../../geometry/scene-builder.ts";
import { bounds, normalize } from "../../../geometry/voxels.ts";
import type { SceneOptions, ScenePiece } from "./views.ts";

/** Room between the scene and the set-aside pieces, and between those pieces. */
const GAP = 2;
const BOX_COLOUR = "#9aa4b2";

/**
 * The 3D counterpart of sceneSvg: the pieces where they are, grouped by name; the box as a
 * see-through wire box; set-aside pieces in a grid beside it (+x), each moved to the floor.
 */
export function voxelScene(
  pieces: readonly ScenePiece[],
  opts: Pick<SceneOptions, "box" | "aside" | "title">,
): Scene {
  const scene = new SceneBuilder(opts.title);
  if (opts.box) scene.box("box", BOX_COLOUR, [0, 0, 0], opts.box, 0.08);
  for (const p of pieces) scene.voxels(p.cells, p.hex, p.name);
  const aside = (opts.aside ?? [])
    .filter((p) => p.cells.length > 0)
    .map((p) => ({ ...p, cells: normalize(p.cells) }));
  if (aside.length > 0) {
    // A grid of slots beside the scene (+x), as square as it goes, so that the view stays compact.
    const placed = pieces.flatMap((p) => p.cells);
    const right = Math.max(opts.box?.[0] ?? 0, placed.length > 0 ? bounds(placed).max[0] + 1 : 0);
    const low = placed.length > 0 ? Math.min(0, bounds(placed).min[1]) : 0;
    const sizes = aside.map((p) => bounds(p.cells).size);
    const slot = [0, 1].map((k) => Math.max(...sizes.map((s) => s[k] as number)) + GAP) as [number, number];
    const rows = Math.ceil(Math.sqrt(aside.length));
    aside.forEach((p, i) => {
      const x = right + GAP + Math.floor(i / rows) * slot[0];
      const y = low + (i % rows) * slot[1];
      scene.voxels(
        p.cells.map(([a, b, c]) => [a + x, b + y, c]),
        p.hex,
        p.name,
      );
    });
  }
  return scene.build();
}
