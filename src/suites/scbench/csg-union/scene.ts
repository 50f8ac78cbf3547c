import type { Scene } from "../../../core/scene.ts";
import { SceneBuilder } from "../../../geometry/scene-builder.ts";
import { referenceSolid } from "./csg.ts";
import { drawable } from "./render.ts";
import { type CsgAnswer, type CsgData, type CsgNode, plumbAnswer } from "./schema.ts";

const INPUT_COLOURS = ["#f28e2b", "#59a14f", "#b07aa1", "#edc948", "#76b7b2", "#ff9da7", "#9c755f"];
const SOLID = "#4e79a7";
const REFERENCE = "#e15759";

/** The tree's primitives, each under the translations and rotations above it: the solids the case combines. */
function inputs(node: CsgNode, wrap: (n: CsgNode) => CsgNode = (n) => n): { op: string; solid: CsgNode }[] {
  switch (node.op) {
    case "translate":
      return inputs(node.child, (n) => wrap({ op: "translate", v: node.v, child: n }));
    case "rotate":
      return inputs(node.child, (n) => wrap({ op: "rotate", a: node.a, child: n }));
    case "union":
    case "difference":
      return node.children.flatMap((c) => inputs(c, wrap));
    default:
      return [{ op: node.op, solid: wrap(node) }];
  }
}

/**
 * Without an answer: the reference solid and, see-through, the input solids it is made of. With
 * one: the answer's mesh (faces with valid indices and finite corners) and the reference see-through.
 */
export function csgScene(data: CsgData, answer?: CsgAnswer): Scene {
  const reference = referenceSolid(data.tree).mesh;
  const title = `case ${data.case ?? "original"}: ${data.title}`;
  if (answer === undefined) {
    const scene = new SceneBuilder(title);
    scene.mesh("reference solid", SOLID, reference);
    inputs(data.tree).forEach(({ op, solid }, i) => {
      scene.mesh(
        `input ${i + 1}: ${op}`,
        INPUT_COLOURS[i % INPUT_COLOURS.length] as string,
        referenceSolid(solid).mesh,
        0.3,
      );
    });
    return scene.build();
  }
  const scene = new SceneBuilder(`${title}: the answer`);
  const read = plumbAnswer.safeParse(answer);
  if (read.success) scene.mesh("answer", SOLID, drawable(read.data));
  scene.mesh("reference solid", REFERENCE, reference, 0.15);
  return scene.build();
}
