import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { interlockingPartsTask as task } from "./index.ts";
import { CRITERIA } from "./verify.ts";

const preset = () => task.presets?.original?.instances() ?? [];

describe("scbench/interlocking-parts original preset", () => {
  const insts = preset();

  it("is the 9 subtasks of Table A.1, one per criterion in the original's subpass order, byte-identical", () => {
    expect(insts).toHaveLength(9);
    expect(JSON.stringify(insts)).toBe(JSON.stringify(preset()));
    expect(insts.map((i) => i.id)).toEqual(
      insts.map((_, n) => `scbench/interlocking-parts/original/${n + 1}`),
    );
    expect(insts.map((i) => i.data.subpass)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(insts.map((i) => (i.params as { criterion: string }).criterion)).toEqual([...CRITERIA]);
    for (const i of insts) {
      expect(i.seed).toBeNull();
      expect(i.data).toMatchObject({ innerWidth: 350, innerHeight: 700, build: [400, 400, 50] });
    }
  });

  it("the reference cage prints on the 50 mm tall printer and passes every subtask with score 1", () => {
    const answer = task.solve?.(insts[0] as (typeof insts)[number]).answers[0];
    if (!answer) throw new Error("no reference");
    for (const inst of insts) {
      const v = task.verify(inst, answer);
      expect(v, inst.id).toMatchObject({ passed: true, score: 1 });
      expect(v.checks?.map((c) => c.name)).toEqual(
        inst.data.subpass === 0 ? ["basic"] : ["basic", CRITERIA[inst.data.subpass ?? 0]],
      );
    }
  }, 120_000);

  it("grades each subtask on its own criterion only, and fails them all when basic validity fails", () => {
    const ref = task.solve?.(insts[0] as (typeof insts)[number]).answers[0];
    if (!ref) throw new Error("no reference");
    // Raised 45 mm off the bed: unprintable, but the assembly is unchanged.
    const floating = {
      ...ref,
      parts: ref.parts.map((p) => ({
        ...p,
        vertices: p.vertices.map(([x, y, z]) => [x, y, z + 45] as [number, number, number]),
        // The translation gives back what M moved: t − M · (0, 0, 45).
        transform: p.transform.map((row) => [
          row[0],
          row[1],
          row[2],
          row[3] - 45 * row[2],
        ]) as typeof p.transform,
      })),
    };
    const [basic, printability, , assembly] = insts;
    if (!basic || !printability || !assembly) throw new Error("no instance");
    expect(task.verify(printability, floating)).toMatchObject({ passed: false, score: 0 });
    expect(task.verify(assembly, floating)).toMatchObject({ passed: true, score: 1 });
    const nine = { ...ref, parts: ref.parts.slice(0, 9) };
    for (const inst of [basic, assembly]) {
      const v = task.verify(inst, nine);
      expect(v).toMatchObject({ passed: false, score: 0, failure: { kind: "invalid" } });
      expect(v.failure?.message).toMatch(/9 parts, exactly 10 needed/);
    }
  }, 120_000);
});

describe("scbench/interlocking-parts answers and prompts", () => {
  const inst = preset()[0];
  if (!inst) throw new Error("no instance");
  const text = (variant?: string) =>
    task.prompt(inst, variant ? { variant } : {}).messages.at(-1)?.content ?? "";

  it("reads a Python-literal answer (tuples, single quotes) like the JSON one", () => {
    const json =
      '{"parts": [{"name": "a", "vertices": [[0, 0, 0]], "faces": [[0, 0, 0]], "transform": [[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]]}], "rods": [{"x": 180, "y": 180}]}';
    const py =
      "{'parts': [{'name': 'a', 'vertices': [(0, 0, 0)], 'faces': [(0, 0, 0)], 'transform': ((1,0,0,0),(0,1,0,0),(0,0,1,0),(0,0,0,1))}], 'rods': [{'x': 180, 'y': 180}]}";
    expect(task.parse(py, inst)).toEqual(task.parse(json, inst));
    const wrong = task.parse(
      "{'parts': [{'name': 'a', 'vertices': [(0, 0)], 'faces': [], 'transform': []}], 'rods': []}",
      inst,
    );
    expect(isParseFailure(wrong) && wrong.message).toMatch(/parts\[0\]\.vertices\[0\]/);
  });

  it("refuses the original's file parts by name, not as a missing mesh", () => {
    const file = task.parse("{'parts': [{'fileContents': 'cube([10, 10, 10]);'}], 'rods': []}", inst);
    expect(isParseFailure(file) && file.message).toMatch(
      /parts\[0\]\.fileContents: parts given as file contents/,
    );
  });

  it("never passes a hostile text", () => {
    for (const h of hostileTexts('{"parts": [], "rods": []}', 20_000)) {
      const parsed = task.parse(h.text, inst);
      if (isParseFailure(parsed)) continue;
      expect(task.verify(inst, parsed).passed, h.name).toBe(false);
    }
  });

  it("by default gives the original's brief and the 400 × 400 × 50 mm printer, not the part count or the criteria", () => {
    for (const s of [
      "350 × 350 × 700",
      "400 × 400 × 50",
      "M6",
      "as few parts as possible",
      "no door and no lid",
      "5–10 cm",
    ])
      expect(text()).toContain(s);
    for (const s of [
      /exactly 10/,
      /Grading/,
      /criteri/i,
      /101 mm cube/,
      /16 mm/,
      /overhang/i,
      /four quadrants/,
    ])
      expect(text()).not.toMatch(s);
  });

  it("keeps Plumb's first wording under --variant explained", () => {
    for (const s of ["exactly 10 separate parts", "Grading: 9 criteria", "101 mm cube"])
      expect(text("explained")).toContain(s);
  });
});
