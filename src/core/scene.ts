/**
 * A 3D picture of an instance, an answer or an episode's state, for interactive viewers (the web
 * viewer draws it with three.js). Plain data (JSON): unit voxels and triangle meshes, in the task's
 * own coordinates, z up.
 */
export interface Scene {
  title?: string;
  voxels: SceneVoxel[];
  meshes: SceneMesh[];
}

/** A unit cube with its lowest corner at `at`. */
export interface SceneVoxel {
  at: [number, number, number];
  /** CSS colour. */
  color: string;
  /** What the cube belongs to (a piece's name); viewers select and highlight by it. */
  group?: string;
  /** 0..1; 1 (the default) is opaque. */
  opacity?: number;
}

/** A triangle mesh: `positions` holds x, y, z per vertex, `triangles` three vertex indices per face. */
export interface SceneMesh {
  name: string;
  color: string;
  positions: number[];
  triangles: number[];
  opacity?: number;
}
