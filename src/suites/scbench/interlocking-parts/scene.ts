import type { Scene } from "../../../core/scene.ts";
import { type Mat4Rows, transformMesh } from "../../../geometry/mesh.ts";
import { SceneBuilder } from "../../../geometry/scene-builder.ts";
import { meshOf } from "./part-checks.ts";
import { colour } from "./render.ts";
import { ANSWER_LIMITS, answerSchema, type InterlockingData, limitsOf, partSchema, RULES } from "./schema.ts";

const ROD = "#333333";

/**
 * The cage's envelope (external limit and clear box, see-through) and, with an answer, its parts
 * assembled by their transforms and its rods. Parts and rods that do not read are left out, and
 * parts past the triangle cap are not read at all.
 */
export function interlockingScene(data: InterlockingData, answer?: unknown): Scene {
  const l = limitsOf(data);
  const scene = new SceneBuilder(
    `Interlocking cage · inside ${data.innerWidth}×${data.innerWidth}×${data.innerHeight} mm`,
  );
  scene.box("external limit", "#999999", [-l.outer, -l.outer, 0], [l.outer, l.outer, l.externalTop], 0.06);
  scene.box("clear box", "#3a8a5a", [-l.inner, -l.inner, l.clearBottom], [l.inner, l.inner, l.clearTop], 0.1);
  if (typeof answer !== "object" || answer === null) return scene.build();
  const { parts, rods } = answer as { parts?: unknown; rods?: unknown };
  if (Array.isArray(parts))
    parts.slice(0, ANSWER_LIMITS.parts).forEach((raw, i) => {
      if (scene.meshesFull) return;
      const part = partSchema.safeParse(raw);
      if (!part.success) return;
      const mesh = transformMesh(meshOf(part.data), part.data.transform as Mat4Rows);
      scene.mesh(`#${i} ${part.data.name}`, colour(i), mesh);
    });
  const readRods = answerSchema.shape.rods.safeParse(
    Array.isArray(rods) ? rods.slice(0, ANSWER_LIMITS.rods) : [],
  );
  const half = RULES.rodDiameter / 2;
  if (readRods.success)
    for (const [k, r] of readRods.data.entries())
      scene.box(`rod ${k + 1}`, ROD, [r.x - half, r.y - half, 0], [r.x + half, r.y + half, l.externalTop]);
  return scene.build();
}
