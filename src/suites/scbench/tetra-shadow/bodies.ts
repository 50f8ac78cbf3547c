import type { TetraData, Tetrahedron } from "./schema.ts";
import { originalWorldVertices, type Quat, type Vec3, worldVertices } from "./tetra.ts";

/** A tetrahedron's world vertices in the instance's frame: the original's on its subtasks, Plumb's otherwise. */
export const bodyVertices = (data: TetraData, t: Tetrahedron): Vec3[] =>
  data.original
    ? originalWorldVertices(t.position, t.quaternion as Quat)
    : worldVertices(data.edgeLength, t.position, t.quaternion as Quat);
