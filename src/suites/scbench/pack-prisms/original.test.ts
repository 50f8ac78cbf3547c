import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { packPrismsTask as task } from "./index.ts";
import type { PackAnswer } from "./schema.ts";

const preset = task.presets!.original!;
const instances = preset.instances();

describe("pack prisms: the original preset", () => {
  it("holds the original's nine growing lists in its order, identical on every call", () => {
    expect(instances).toHaveLength(9);
    expect(JSON.stringify(preset.instances())).toBe(JSON.stringify(instances));
    expect(instances.map((i) => i.id)).toEqual(
      Array.from({ length: 9 }, (_, i) => `scbench/pack-prisms/original/${i + 1}`),
    );
    expect(instances.map((i) => i.data.classes.length)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(instances[8]!.params).toMatchObject({
      subpass: 8,
      prisms: [
        [7, 5, 3, 2],
        [11, 7, 5, 3],
        [14, 11, 7, 5],
        [17, 13, 11, 7],
        [19, 17, 13, 11],
        [23, 19, 17, 13],
        [15, 5, 5, 1],
        [2, 17, 10, 2],
        [50, 50, 50, 50],
      ],
    });
    // The paper's Figure 22 instance: 167,593, not a product of three sides every prism fits.
    expect(instances.map((i) => i.data.totalVolume)).toEqual([
      210, 1365, 6755, 23772, 69961, 166538, 166913, 167593, 6417593,
    ]);
    for (const inst of instances) {
      expect(inst.seed).toBeNull();
      expect(task.data.parse(inst.data)).toEqual(inst.data);
    }
  });

  it("scores as the original did: efficiency on the first two, efficiency / 0.95 after", () => {
    expect(instances.map((i) => i.data.target)).toEqual([1, 1, 0.95, 0.95, 0.95, 0.95, 0.95, 0.95, 0.95]);
  });

  it("every subtask's stored reference passes with score 1, and the solver returns it", () => {
    for (const inst of instances) {
      const [ref] = task.references!(inst);
      expect(ref, inst.id).toBeDefined();
      const verdict = task.verify(inst, ref!);
      expect(verdict.passed, inst.id).toBe(true);
      expect(verdict.score, inst.id).toBe(1);
      expect(task.solve!(inst).answers[0]).toEqual(ref);
      // An instance line written by `plumb generate --preset original` keeps its reference.
      expect(task.references!(JSON.parse(JSON.stringify(inst)))).toEqual([ref]);
    }
  });

  it("a packing one box short, or with two boxes overlapping, fails", () => {
    const inst = instances[2]!;
    const ref = task.references!(inst)[0]!;
    expect(task.verify(inst, { boxes: ref.boxes.slice(1) }).passed).toBe(false);
    const moved = ref.boxes.map((b) => ({ min: [...b.min], max: [...b.max] }) as PackAnswer["boxes"][number]);
    moved[1] = moved[0]!;
    expect(task.verify(inst, { boxes: moved }).passed).toBe(false);
  });
});

describe("pack prisms: faithful prompt and answers", () => {
  it("lists the prisms as the original did, without the total volume or the score", () => {
    const p = task.prompt(instances[1]!);
    const text = p.messages.map((m) => m.content).join("\n");
    expect(text).toContain("7 prisms of 5x3x2");
    expect(text).toContain("11 prisms of 7x5x3");
    expect(text).toContain('"XyzMin"');
    for (const giveaway of ["1365", "total volume", "score", "0.95", "interiors", "≥ 0"])
      expect(text).not.toContain(giveaway);
    const explained = task.prompt(instances[1]!, { variant: "explained" }).messages[1]!.content;
    expect(explained).toContain("total volume 1365");
    expect(explained).toContain("Scoring");
  });

  it("reads the original's XyzMin/XyzMax boxes, JSON or Python, like Plumb's min/max", () => {
    const inst = instances[0]!;
    const ref = task.references!(inst)[0]!;
    const xyz = ref.boxes.map((b) => ({ XyzMin: b.min, XyzMax: b.max }));
    const texts = [
      JSON.stringify(ref),
      JSON.stringify({ boxes: xyz }),
      `Packed:\n{'boxes': [${ref.boxes.map((b) => `{'XyzMin': (${b.min.join(", ")}), 'XyzMax': [${b.max.join(", ")}]}`).join(", ")}]}`,
    ];
    for (const text of texts) expect(task.parse(text, inst), text).toEqual(ref);
  });

  it("refuses wrong shapes by field and never passes hostile texts", () => {
    const inst = instances[0]!;
    for (const text of [
      '{"boxes": [{"XyzMin": [0, 0], "XyzMax": [1, 1, 1]}]}',
      '{"boxes": [{"XyzMin": [0, 0, 0]}]}',
      '{"prisms": []}',
    ]) {
      const answer = task.parse(text, inst);
      expect(isParseFailure(answer), text).toBe(true);
      if (isParseFailure(answer)) expect(answer.message, text).toMatch(/boxes/);
    }
    const ref = task.references!(inst)[0]!;
    const valid = JSON.stringify({ boxes: ref.boxes.map((b) => ({ XyzMin: b.min, XyzMax: b.max })) });
    for (const h of hostileTexts(valid, 20_000)) {
      const answer = task.parse(h.text, inst);
      if (isParseFailure(answer) || h.expect !== "fail") continue;
      expect(task.verify(inst, answer).passed, h.name).toBe(false);
    }
  });
});
