import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import type { PrintablePrimeAnswer } from "./generate.ts";
import { printablePrimeTask as task } from "./index.ts";

const preset = () => task.presets?.original?.instances() ?? [];
const first = () => {
  const inst = preset()[0];
  if (!inst) throw new Error("no instance");
  return inst;
};

describe("scbench/printable-prime original preset", () => {
  it("is the one subtask of Table A.1, byte-identical on every call, with the original's parameters", () => {
    const a = preset();
    expect(a).toHaveLength(1);
    expect(JSON.stringify(a)).toBe(JSON.stringify(preset()));
    expect(a[0]).toMatchObject({
      id: "scbench/printable-prime/original/1",
      seed: null,
      params: { targetDigits: 42, maxDigits: null, minHeightMm: 70 },
    });
    expect(task.level?.(first())).toBe("default");
  });

  it("has a reference answer that verifies with score 1", () => {
    const inst = first();
    const answer = task.solve?.(inst).answers[0];
    if (!answer) throw new Error("no answer");
    expect(task.verify(inst, answer)).toMatchObject({ passed: true, score: 1 });
  });
});

describe("scbench/printable-prime answers as Python literals", () => {
  const inst = first();
  const seq: PrintablePrimeAnswer["numberSequence"] = [
    { digit: 1, orientation: "flat" },
    { digit: 7, orientation: "rotate90Y" },
  ];

  it("reads a dict literal like the JSON object", () => {
    const json = task.parse(JSON.stringify({ numberSequence: seq }), inst);
    const py = `{'numberSequence': [${seq.map((s) => `{'digit': ${s.digit}, 'orientation': '${s.orientation}'}`).join(", ")}], 'reasoning': None}`;
    expect(isParseFailure(json)).toBe(false);
    const read = task.parse(`Here it is:\n\`\`\`python\n${py}\n\`\`\``, inst) as PrintablePrimeAnswer;
    expect(read.numberSequence).toEqual((json as PrintablePrimeAnswer).numberSequence);
  });

  it("names the field of a wrong shape, and never passes a hostile text", () => {
    const wrong = task.parse("{'numberSequence': [{'digit': 1, 'orientation': 'sideways'}]}", inst);
    expect(isParseFailure(wrong) && wrong.message).toMatch(/numberSequence\[0\]\.orientation/);
    const good = task.solve?.(inst).answers[0];
    for (const h of hostileTexts(JSON.stringify(good), 20_000)) {
      const parsed = task.parse(h.text, inst);
      if (isParseFailure(parsed) || h.expect !== "fail") continue;
      expect(task.verify(inst, parsed).passed, h.name).toBe(false);
    }
  });
});

describe("scbench/printable-prime prompts", () => {
  const text = (variant?: string) =>
    task.prompt(first(), variant ? { variant } : {}).messages.at(-1)?.content ?? "";

  it("by default gives the original's information: the concept, the font, 17 and 331, the triplets, the gap, 7 cm", () => {
    for (const s of [
      "7-segment",
      "17 is printable",
      "331 is printable",
      "123,111,231",
      "0.2 mm",
      "70 mm",
      "numberSequence",
    ])
      expect(text()).toContain(s);
  });

  it("does not spell out the stacking rules, the layer heights or the score", () => {
    for (const s of [
      /Stacking rules/,
      /subset/,
      /21\.2 mm/,
      /11\.2 mm/,
      /Only a 1/,
      /Scoring/,
      /\/ 42/,
      /0\.9/,
      /Baillie/,
    ])
      expect(text()).not.toMatch(s);
  });

  it("keeps Plumb's first wording under --variant explained", () => {
    for (const s of ["Stacking rules", "21.2 mm", "Baillie–PSW", "multiplied by 0.9"])
      expect(text("explained")).toContain(s);
  });
});
