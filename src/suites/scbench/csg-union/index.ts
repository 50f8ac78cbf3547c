import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { infoFields } from "../../../core/registry.ts";
import { Rng } from "../../../core/rng.ts";
import type { Task } from "../../../core/task.ts";
import { stlBinary, triangulate, type Vec3 } from "../../../geometry/mesh.ts";
import { csgUnionCard } from "./card.ts";
import { referenceSolid } from "./csg.ts";
import { generateCsg, referenceAnswer } from "./generate.ts";
import { csgUnionInfo } from "./info.ts";
import { originalInstances } from "./original-cases.ts";
import { csgPrompt } from "./prompt.ts";
import { renderCsg } from "./render.ts";
import { csgScene } from "./scene.ts";
import {
  answerSchema,
  CASE_COUNT,
  type CsgAnswer,
  type CsgData,
  type CsgParams,
  csgParams,
  dataSchema,
} from "./schema.ts";
import { verifyCsg } from "./verify.ts";

const levels: Record<string, Partial<CsgParams>> = Object.fromEntries(
  Array.from({ length: CASE_COUNT }, (_, i) => [`case-${i + 1}`, { case: i + 1 }]),
);

export const csgUnionTask: Task<CsgParams, CsgData, CsgAnswer> = {
  ...infoFields(csgUnionInfo),
  version: 3,
  card: csgUnionCard,
  params: csgParams,
  levels,
  presets: {
    original: {
      description: csgUnionInfo.presets.original.description,
      instances: originalInstances,
    },
  },
  answer: answerSchema,
  data: dataSchema,
  generate: (params, rng) => generateCsg(params, rng),
  level: (inst) => (inst.data.case === null ? null : `case-${inst.data.case}`),
  prompt: (inst, opts) => csgPrompt(inst.data, opts),
  parse: (text) => parseLooseAnswer(text, answerSchema),
  verify: (inst, answer) => verifyCsg(inst.data, answer),
  solve: (inst) => ({ answers: [referenceAnswer(inst.data.tree)], complete: true }),
  formatAnswer: (answer) => JSON.stringify(answer),

  /** A random tetrahedron near the reference's bounding box: valid, rarely accurate. */
  randomAnswer(inst, rng) {
    const { mesh } = referenceSolid(inst.data.tree);
    const lo = [0, 1, 2].map((k) => Math.min(...mesh.vertices.map((v) => v[k] as number)));
    const hi = [0, 1, 2].map((k) => Math.max(...mesh.vertices.map((v) => v[k] as number)));
    const point = (): Vec3 =>
      [0, 1, 2].map((k) => (lo[k] as number) + rng.float() * ((hi[k] as number) - (lo[k] as number))) as Vec3;
    const [a, b, c, d] = [point(), point(), point(), point()];
    const det =
      (b[0] - a[0]) * ((c[1] - a[1]) * (d[2] - a[2]) - (c[2] - a[2]) * (d[1] - a[1])) -
      (b[1] - a[1]) * ((c[0] - a[0]) * (d[2] - a[2]) - (c[2] - a[2]) * (d[0] - a[0])) +
      (b[2] - a[2]) * ((c[0] - a[0]) * (d[1] - a[1]) - (c[1] - a[1]) * (d[0] - a[0]));
    const faces = [
      [0, 2, 1],
      [0, 1, 3],
      [1, 2, 3],
      [0, 3, 2],
    ];
    return { vertices: [a, b, c, d], faces: det > 0 ? faces : faces.map((f) => [...f].reverse()) };
  },

  render: (inst, answer) => renderCsg(inst.data, answer),
  scene: (inst, answer) => csgScene(inst.data, answer),
  meshes: (inst, answer) => [
    { name: "reference", stl: meshStl(referenceAnswer(inst.data.tree)) },
    ...(answer ? [{ name: "answer", stl: meshStl(answer) }] : []),
  ],
};

/** Binary STL of an answer's faces with valid indices (ear-clipped), for viewers and slicers. */
export function meshStl(answer: CsgAnswer): Uint8Array {
  const vertices = answer.vertices.map((v) => [v[0] ?? 0, v[1] ?? 0, v[2] ?? 0] as Vec3);
  const faces = answer.faces.filter((f) =>
    f.every((i) => Number.isInteger(i) && i >= 0 && i < vertices.length),
  );
  return stlBinary(triangulate({ vertices, faces }), "plumb scbench/csg-union");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * Per level: median time to verify the reference answer, its triangle count, and the relative
 * error of the reference volume against the case's closed form (NaN where it has none).
 */
export function benchCsgUnion(
  runs = 5,
): { level: string; triangles: number; ms: number; volumeRelErr: number }[] {
  return Object.entries(levels).map(([level, params]) => {
    const inst = csgUnionTask.generate(csgParams.parse(params), new Rng(`bench-${level}`));
    const answer = referenceAnswer(inst.data.tree);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      verifyCsg(inst.data, answer);
      times.push(performance.now() - start);
    }
    const exact = inst.data.closedFormVolume;
    const volume = referenceSolid(inst.data.tree).volume;
    return {
      level,
      triangles: answer.faces.length,
      ms: median(times),
      volumeRelErr: exact === null ? Number.NaN : Math.abs(volume - exact) / exact,
    };
  });
}
