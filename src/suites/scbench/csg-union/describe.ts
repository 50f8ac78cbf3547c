import { rotatePoint } from "./csg.ts";
import type { CsgNode, Xyz } from "./schema.ts";

const n = (x: number) => String(+x.toFixed(6)).replace("-", "−");
const pt = (p: Xyz) => `(${p.map(n).join(", ")})`;
const clean = (p: Xyz): Xyz => p.map((x) => (Math.abs(x) < 1e-12 ? 0 : x)) as Xyz;

/** A point transform: the chain of rotations and translations above a primitive, innermost first. */
type Step = { op: "rotate"; a: Xyz } | { op: "translate"; v: Xyz };

function place(steps: readonly Step[], p: Xyz): Xyz {
  let q = p;
  for (const s of steps)
    q = s.op === "rotate" ? rotatePoint(s.a, q) : [q[0] + s.v[0], q[1] + s.v[1], q[2] + s.v[2]];
  return clean(q);
}

function rotationWords(a: Xyz): string {
  const parts = (["x", "y", "z"] as const).flatMap((axis, k) =>
    a[k] === 0 ? [] : [`${n(a[k] as number)}° about the ${axis} axis`],
  );
  return parts.length === 1 ? `rotated ${parts[0]}` : `rotated ${parts.join(", then ")} (in that order)`;
}

function primitiveWords(node: CsgNode): string {
  switch (node.op) {
    case "cube": {
      const [x, y, z] = node.size;
      return node.center
        ? `a box of size ${n(x)} × ${n(y)} × ${n(z)} (x × y × z) centred at the origin, spanning [${n(-x / 2)}, ${n(x / 2)}] × [${n(-y / 2)}, ${n(y / 2)}] × [${n(-z / 2)}, ${n(z / 2)}]`
        : `a box of size ${n(x)} × ${n(y)} × ${n(z)} (x × y × z) spanning [0, ${n(x)}] × [0, ${n(y)}] × [0, ${n(z)}]`;
    }
    case "cylinder": {
      const kind =
        node.r2 === node.r1
          ? `a cylinder of radius ${n(node.r1)}`
          : node.r2 === 0
            ? `a cone of base radius ${n(node.r1)} narrowing to a single apex point at the top`
            : `a truncated cone of bottom radius ${n(node.r1)} and top radius ${n(node.r2)}`;
      const z0 = node.center ? -node.h / 2 : 0;
      return `${kind}, height ${n(node.h)}, ${node.fn} facets, its axis on the z axis from z = ${n(z0)} to z = ${n(z0 + node.h)}`;
    }
    case "sphere":
      return `a sphere of radius ${n(node.r)} with ${node.fn} facets, centred at the origin`;
    case "polyhedron":
      return `a polyhedron with vertices ${node.points.map(pt).join(", ")} and faces ${node.faces.map((f) => `[${f.join(", ")}]`).join(", ")} (vertex indices from 0)`;
    default:
      throw new Error(`not a primitive: ${node.op}`);
  }
}

/** Where a placed primitive ends up, in world coordinates. */
function worldWords(node: CsgNode, steps: readonly Step[]): string {
  if (node.op === "sphere") return `its centre is at ${pt(place(steps, [0, 0, 0]))}`;
  if (node.op === "cylinder") {
    const z0 = node.center ? -node.h / 2 : 0;
    return `its bottom centre is at ${pt(place(steps, [0, 0, z0]))} and its top centre at ${pt(place(steps, [0, 0, z0 + node.h]))}`;
  }
  const centred = node.op === "cube" && node.center;
  return `${centred ? "its centre" : "the corner that was at the origin"} is at ${pt(place(steps, [0, 0, 0]))}`;
}

/** A primitive with the transforms above it, innermost first, as a sentence. */
function placedWords(node: CsgNode, steps: readonly Step[]): string {
  const base = primitiveWords(node);
  if (steps.length === 0) return `${base}.`;
  const moves = steps.map((s) => (s.op === "rotate" ? rotationWords(s.a) : `translated by ${pt(s.v)}`));
  return `${base}; then ${moves.join(", then ")}. After that, ${worldWords(node, steps)}.`;
}

/** The tree as numbered lines: operations name their operands, primitives say where they end up. */
export function describeTree(node: CsgNode, steps: Step[] = [], label = ""): string[] {
  switch (node.op) {
    case "translate":
    case "rotate":
      return describeTree(
        node.child,
        [node.op === "rotate" ? { op: "rotate", a: node.a } : { op: "translate", v: node.v }, ...steps],
        label,
      );
    case "union":
    case "difference": {
      const head =
        node.op === "union"
          ? `${label}The union of these ${node.children.length} solids:`
          : `${label}The first solid below with the other${node.children.length > 2 ? "s" : ""} cut away (a difference):`;
      const inner = node.children.flatMap((c, i) =>
        describeTree(c, steps, `${label.trim() ? `${label.trim().replace(/\.$/, "")}.` : ""}${i + 1}. `).map(
          (line) => `  ${line}`,
        ),
      );
      return [head, ...inner];
    }
    default:
      return [`${label}${placedWords(node, steps)}`];
  }
}
