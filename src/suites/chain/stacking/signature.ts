import { createHash } from "node:crypto";
import { type Cell, canonicalKey } from "../../../geometry/voxels.ts";

/** A.5.5's de-duplication key: SHA-1 of the sorted canonical forms (up to rotation) of the pieces. */
export function puzzleSignature(pieces: readonly (readonly Cell[])[]): string {
  const keys = pieces.map((p) => canonicalKey(p)).sort();
  return createHash("sha1").update(keys.join("|")).digest("hex");
}
