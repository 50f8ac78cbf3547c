import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { bodyVertices } from "./bodies.ts";
import { originalCoverage } from "./coverage.ts";
import { tetraShadowTask as task } from "./index.ts";
import { toOriginalPose } from "./original-frame.ts";
import { ORIGINAL_SHAPES } from "./original-shapes.ts";
import type { TetraAnswer, TetraData } from "./schema.ts";
import { axisAngle, originalWorldVertices, shadow, worldVertices } from "./tetra.ts";

const preset = (): Instance<TetraData>[] => task.presets?.original?.instances() ?? [];
const at = (subpass: number): Instance<TetraData> => preset()[subpass] as Instance<TetraData>;
const reference = (inst: Instance<TetraData>): TetraAnswer => task.solve?.(inst).answers[0] as TetraAnswer;
const one = (x: number, y: number, z: number, q: number[]): TetraAnswer => ({
  tetrahedra: [{ position: [x, y, z], quaternion: q as [number, number, number, number] }],
});

describe("scbench/tetra-shadow original preset", () => {
  it("is the original's 20 subtasks in its order, byte-identical on every call", () => {
    const a = preset();
    expect(a).toHaveLength(20);
    expect(JSON.stringify(preset())).toBe(JSON.stringify(a));
    expect(a.map((i) => i.id)).toEqual(a.map((_, k) => `scbench/tetra-shadow/original/${k + 1}`));
    expect(a.map((i) => i.data.shape)).toEqual([...ORIGINAL_SHAPES]);
    for (const [k, inst] of a.entries()) {
      expect(inst.seed).toBeNull();
      expect(inst.data.original?.subpass).toBe(k);
      expect(inst.params).toMatchObject({ subpass: k, shape: ORIGINAL_SHAPES[k] });
      expect(task.data.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
      expect(inst.data.edgeLength).toBe(1);
    }
  });

  it("has the original's target areas and renormalisation (4.py postProcessScore)", () => {
    const r3 = Math.sqrt(3);
    const circle = (r: number, n: number) => 0.5 * n * r * r * Math.sin((2 * Math.PI) / n);
    const areas = [
      16,
      circle(2, 100),
      32,
      4 * r3,
      circle(2, 6),
      12,
      8,
      7,
      7,
      circle(2, 100) - circle(1, 100),
      circle(2, 5),
      10 * 0.5 * 2 * 0.8 * Math.sin(Math.PI / 5),
      circle(1, 100) * 2,
      circle(2, 100) / 2,
      8,
      8,
      6,
      circle(2, 8),
      4,
      2,
    ];
    preset().forEach((inst, k) => {
      expect(inst.data.area, inst.data.shape).toBeCloseTo(areas[k] as number, 5);
    });
    expect(preset().map((i) => i.data.bar)).toEqual([
      1, 0.9, 1, 1, 1, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.4, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6,
    ]);
    expect(at(13).data.rings[0]).toContainEqual([-2, 0]);
    expect(at(15).data.rings[0]).toEqual([
      [-2.25, -1],
      [1.75, -1],
      [2.75, 1],
      [-1.25, 1],
    ]);
  });

  it("renders a subtask in the original's frame", () => {
    const inst = at(2);
    const rendering = task.render?.(inst, reference(inst)) as { svg: string } | undefined;
    const svg = rendering?.svg ?? "";
    expect(svg).toContain("score 1.0000 (the original&#39;s rule");
  });

  it("has a reference that scores 1 on every subtask", () => {
    for (const inst of preset()) {
      const v = task.verify(inst, reference(inst));
      expect(v.failure?.message ?? "", inst.id).toBe("");
      expect(v.score).toBe(1);
    }
  });
});

describe("scbench/tetra-shadow original tetrahedron and score", () => {
  it("turns the original's tetrahedron about vertex 0, and re-poses Plumb's centred one exactly", () => {
    const half = shadow(originalWorldVertices([0, 0, 0], [0, 0, 0, 1]));
    expect(half.map(([x, y]) => [Math.round(x * 1e9) / 1e9 || 0, Math.round(y * 1e9) / 1e9 || 0])).toEqual(
      expect.arrayContaining([
        [0, 0],
        [-1, 0],
        [-0.5, -0.866025404],
      ]),
    );
    const q = axisAngle([0.2, -0.7, 0.4], 2.3);
    const pose = toOriginalPose([0.3, -1, 2], q);
    const key = (v: number[]) => v.map((x) => x.toFixed(9)).join(",");
    expect(originalWorldVertices(pose.position, pose.quaternion).map(key).sort()).toEqual(
      worldVertices(1, [0.3, -1, 2], q).map(key).sort(),
    );
  });

  it("applies one penalty only: ×0.25 for a squared norm off by more than 0.01, else ×0.5 for an intersection", () => {
    const inst = at(0);
    const ref = reference(inst);
    const scaled = (s: number): TetraAnswer => ({
      tetrahedra: ref.tetrahedra.map((t, i) =>
        i === 0 ? { ...t, quaternion: t.quaternion.map((v) => v * s) as typeof t.quaternion } : t,
      ),
    });
    // |q| = 1.004: |q|² − 1 = 0.008, within the original's tolerance.
    expect(task.verify(inst, scaled(1.004)).score).toBe(1);
    // |q| = 1.006: |q|² − 1 = 0.012 — Plumb's own rule (| |q| − 1 | ≤ 0.01) would not penalise it.
    const off = task.verify(inst, scaled(1.006));
    expect(off.score).toBeCloseTo(0.25, 6);
    expect(off.failure?.message).toMatch(/quaternions\.unit/);
    const first = ref.tetrahedra[0] as TetraAnswer["tetrahedra"][number];
    const clash = { tetrahedra: [...scaled(1.006).tetrahedra, first] };
    const both = task.verify(inst, clash);
    expect(both.failure?.message).toMatch(/no further penalty/);
    expect(both.score).toBeCloseTo(0.25, 6);
    const intersecting = task.verify(inst, { tetrahedra: [...ref.tetrahedra, first] });
    expect(intersecting.score).toBeCloseTo(0.5, 6);
  });

  it("takes covered / target less half the difference, forgiving 0.05 around the covered part, then renormalises", () => {
    const inst = at(3);
    const shifted = (dx: number): TetraAnswer => ({
      tetrahedra: reference(inst).tetrahedra.map((t) => ({
        ...t,
        position: [t.position[0] + dx, t.position[1], t.position[2]],
      })),
    });
    // Shifted by 0.03 along its base, the triangle still covers a triangle of side 3.97; the
    // missed sliver and the excess lie within 0.05 of it, so no difference is subtracted.
    expect(task.verify(inst, shifted(0.03)).score).toBeCloseTo((3.97 / 4) ** 2, 7);
    // Shifted by 0.5, a quarter of the target is missed and the difference costs more.
    expect(task.verify(inst, shifted(0.5)).score).toBeLessThan(0.75 - 0.1);
    // A lone tetrahedron: the missed target counts in the difference, and the score stops at 0.
    expect(task.verify(at(0), one(-0.5, -0.5, 0, [1, 0, 0, 0])).score).toBe(0);
    // The rectangle divides by 0.6.
    const rect = at(5);
    const left: TetraAnswer = {
      tetrahedra: reference(rect).tetrahedra.filter((t) => bodyVertices(rect.data, t)[0]![0] < 0.5),
    };
    const cov = originalCoverage(
      rect.data.rings,
      left.tetrahedra.map((t) => shadow(bodyVertices(rect.data, t))),
    );
    const raw = cov.covered / cov.target - (0.5 * cov.difference) / cov.target;
    expect(raw).toBeGreaterThan(0.1);
    expect(raw).toBeLessThan(0.5);
    expect(task.verify(rect, left).score).toBeCloseTo(raw / 0.6, 9);
  });
});

describe("scbench/tetra-shadow original answers", () => {
  const inst = at(3);
  const answer: TetraAnswer = {
    tetrahedra: [
      { position: [-2, -1.1547005383792515, 0], quaternion: [1, 0, 0, 0] },
      { position: [-0.5, 0.5, 2], quaternion: [Math.SQRT1_2, 0, 0, -Math.SQRT1_2] },
    ],
  };
  const json = task.formatAnswer?.(answer, inst) ?? "";

  it("are written and read in the original's form, also as a Python literal and in Plumb's form", () => {
    expect(JSON.parse(json)).toEqual({
      tetrahedrons: [
        { x: -2, y: -1.1547005383792515, z: 0, q0: 1, q1: 0, q2: 0, q3: 0 },
        { x: -0.5, y: 0.5, z: 2, q0: Math.SQRT1_2, q1: 0, q2: 0, q3: -Math.SQRT1_2 },
      ],
    });
    const python =
      "Here it is:\n{'tetrahedrons': [{'x': -2, 'y': -1.1547005383792515, 'z': 0, 'q0': 1, 'q1': 0, 'q2': 0, 'q3': 0}, " +
      "{'x': -0.5, 'y': 0.5, 'z': 2, 'q0': 0.7071067811865476, 'q1': 0, 'q2': 0, 'q3': -0.7071067811865476}]}";
    expect(task.parse(json, inst)).toEqual(answer);
    expect(task.parse(python, inst)).toEqual(answer);
    expect(task.parse(JSON.stringify(answer), inst)).toEqual(answer);
    expect(task.parse(`\`\`\`python\n${python.slice(12)}\n\`\`\``, inst)).toEqual(answer);
  });

  it("name the field of a wrong shape and never pass hostile texts", () => {
    const wrong = task.parse("{'tetrahedrons': [{'x': 0, 'y': 0, 'z': 0, 'q0': 1, 'q1': 0, 'q2': 0}]}", inst);
    expect(isParseFailure(wrong) && wrong.message).toMatch(/tetrahedrons\[0\]\.q3/);
    const bare = task.parse("{'answer': []}", inst);
    expect(isParseFailure(bare) && bare.message).toMatch(/tetrahedrons/);
    for (const text of ["{'tetrahedrons': [(0, 0, 0, 1, 0, 0, 0)]}", "[{'x': 0}]", "{'tetrahedrons': None}"])
      expect(isParseFailure(task.parse(text, inst)), text).toBe(true);
    const valid = task.formatAnswer?.(reference(inst), inst) ?? "";
    expect(task.verify(inst, task.parse(valid, inst) as TetraAnswer).passed).toBe(true);
    for (const h of hostileTexts(valid, 20_000)) {
      const parsed = task.parse(h.text, inst);
      if (isParseFailure(parsed) || h.expect !== "fail") continue;
      expect(task.verify(inst, parsed).passed, h.name).toBe(false);
    }
  });
});

describe("scbench/tetra-shadow original prompts", () => {
  const text = (inst: Instance<TetraData>, variant?: string) =>
    task.prompt(inst, variant ? { variant } : {}).messages.at(-1)?.content ?? "";

  it("by default give the original's information: the solid, the pose, the target in words", () => {
    const p = text(at(13));
    for (const s of [
      "(0.5, √3/6, √(2/3))",
      "(0, 2, 1)",
      "NOT its centre",
      "a semicircle of radius 2 whose flat edge lies along the X axis",
      "centred at the origin",
      "as many tetrahedra as you need",
      '{"tetrahedrons": [{"x"',
    ])
      expect(p).toContain(s);
    for (const hidden of [
      /scalar/,
      /Hamilton/,
      /square of side 1\/√2/,
      /Score =/,
      /0\.05/,
      /\(-?2, 0\)/,
      /redundant/,
    ])
      expect(p).not.toMatch(hidden);
    expect(task.prompt(at(13)).outputSchema).toMatchObject({ required: ["tetrahedrons"] });
  });

  it("explained states the convention, the exact target, the square shadow and the score", () => {
    const p = text(at(5), "explained");
    for (const s of [
      "q0 is the scalar part",
      "(-3, -1), (3, -1), (3, 1), (-3, 1)",
      "square of side 1/√2",
      "multiplied by 0.25",
      "multiplied by 0.5",
      "/ 0.6",
      "0.05",
      '{"tetrahedrons": [{"x"',
    ])
      expect(p).toContain(s);
  });

  it("for Plumb's own sets, the default drops the square-shadow trick and the formula that explained keeps", () => {
    const inst = task.generate(task.params.parse(task.levels["level-1"]), new Rng("p"));
    const def = text(inst);
    const exp = text(inst, "explained");
    for (const trick of [
      "the shadow is the axis-aligned square",
      "accuracy = 1 −",
      "Every shadow is a triangle or a quadrilateral",
    ]) {
      expect(def).not.toContain(trick);
      expect(exp).toContain(trick);
    }
    expect(def).toContain(`between 1 and ${inst.data.maxCount} tetrahedra`);
  });
});
