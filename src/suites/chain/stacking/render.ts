import type { Scene } from "../../../core/scene.ts";
import type { PromptImage, SvgRendering } from "../../../core/task.ts";
import { pieceColour } from "../common/palette.ts";
import { voxelScene } from "../common/scene3d.ts";
import { type SceneOptions, type ScenePiece, scenePng, sceneSvg } from "../common/views.ts";
import type { Board } from "./board.ts";

/** The board as a scene: placed pieces in the box, the pieces still to place set aside. */
function scene(
  board: Board,
  views: "multi" | "single",
  title: string,
  asideTwoViews = false,
): [ScenePiece[], SceneOptions] {
  const placed = board.placedPieces().map(({ index, cells }) => ({
    name: board.names[index] as string,
    hex: pieceColour(index).hex,
    cells,
  }));
  const aside = board.unplaced().map((i) => ({
    name: board.names[i] as string,
    hex: pieceColour(i).hex,
    cells: board.shapes[i] ?? [],
  }));
  return [placed, { box: board.box, aside, asideTitle: "Pieces to place", asideTwoViews, views, title }];
}

const titleOf = (board: Board): string => {
  const [a, b, c] = board.box;
  return `Stacking ${a}×${b}×${c}: ${board.filled}/${board.volume} cells filled`;
};

/** `asideTwoViews`: the pieces to place from two opposite corners (the image-only observations). */
export function sceneImage(board: Board, views: "multi" | "single", asideTwoViews = false): PromptImage {
  const [pieces, opts] = scene(board, views, titleOf(board), asideTwoViews);
  const alt = `${views === "multi" ? "Views" : "A view"} of the ${board.box.join("×")} box with ${board.placedPieces().length} placed pieces and ${board.unplaced().length} pieces set aside`;
  return scenePng(pieces, opts, alt);
}

export function sceneRendering(board: Board, title?: string): SvgRendering {
  const [pieces, opts] = scene(board, "multi", title ?? titleOf(board));
  return sceneSvg(pieces, opts);
}

/** The board in 3D: placed pieces in the box, the pieces still to place in a row beside it. */
export function boardScene(board: Board, title?: string): Scene {
  const [pieces, opts] = scene(board, "multi", title ?? titleOf(board));
  return voxelScene(pieces, opts);
}
