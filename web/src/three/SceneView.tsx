import type { SceneJson } from "../../../src/view/api.ts";

export interface SceneViewProps {
  scene: SceneJson;
  height?: number;
  /** The group (piece) drawn highlighted. */
  selected?: string | null;
  onSelect?(group: string): void;
}

/** Interactive 3D view of a scene (three.js). */
export function SceneView({ scene }: SceneViewProps) {
  return <p>{scene.voxels.length} voxels</p>;
}
