import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { PASS_ACCURACY } from "./cells.ts";
import { curveFittingTask as task } from "./index.ts";
import { ORIGINAL_GRIDS } from "./original-grids.ts";

const preset = task.presets!.original!;
const instances = preset.instances();

describe("curve fitting: the original preset", () => {
  it("holds the original's nine grids in its order, identical on every call", () => {
    expect(instances).toHaveLength(9);
    expect(JSON.stringify(preset.instances())).toBe(JSON.stringify(instances));
    expect(instances.map((i) => i.id)).toEqual(
      Array.from({ length: 9 }, (_, i) => `scbench/polynomial-curve-fitting/original/${i + 1}`),
    );
    expect(instances.map((i) => i.data.size)).toEqual([8, 12, 24, 24, 48, 64, 96, 50, 128]);
    expect(instances.every((i) => i.seed === null)).toBe(true);
    expect(instances[7]!.params).toMatchObject({ label: "Asteroid", seed: 86, freqLimit: 8, fillRatio: 0.3 });
    for (const inst of instances) expect(task.data.parse(inst.data)).toEqual(inst.data);
  });

  it("keeps the original's first grid exactly (8.py seed 11)", () => {
    expect(ORIGINAL_GRIDS[0]!.rows).toEqual([
      "........",
      "........",
      "..####..",
      "..#####.",
      ".######.",
      "..######",
      "..#####.",
      "...####.",
    ]);
    expect(instances[0]!.data.rows[2]).toBe("00111100");
  });

  it("every grid Plumb's fitter reaches has a reference that passes; the one it cannot has none", () => {
    const without = instances.filter((i) => i.data.reference === null).map((i) => i.params);
    expect(without).toEqual([expect.objectContaining({ label: "Ellipse" })]);
    for (const inst of instances) {
      const refs = task.references!(inst);
      if (inst.data.reference === null) {
        expect(refs).toEqual([]);
        continue;
      }
      expect(inst.data.reference.accuracy).toBeGreaterThanOrEqual(PASS_ACCURACY);
      const verdict = task.verify(inst, refs[0]!);
      expect(verdict.passed, inst.id).toBe(true);
    }
  });
});

describe("curve fitting: the faithful prompt", () => {
  it("shows the grid as the original did and asks for a Python function, without the grading rule", () => {
    const p = task.prompt(instances[0]!);
    const text = p.messages.map((m) => m.content).join("\n");
    for (const row of ORIGINAL_GRIDS[0]!.rows) expect(text).toContain(row);
    expect(text).toContain("def f(x, y)");
    expect(text).toContain("**");
    expect(p.outputSchema).toMatchObject({ required: ["reasoning", "function"] });
    for (const giveaway of ["a^4", "0.75", "0.99", "passes", "score", "accuracy", "class 1"])
      expect(text).not.toContain(giveaway);
    const explained = task.prompt(instances[0]!, { variant: "explained" }).messages[1]!.content;
    expect(explained).toContain("a^4");
    expect(explained).toContain("0.99");
  });

  it("shows grids above 40×40 as a black and white image", () => {
    const p = task.prompt(instances[4]!);
    expect(p.images).toHaveLength(1);
    const text = p.messages[0]!.content;
    expect(text).toContain("black when f(x, y) > 0");
    expect(text).not.toContain("#");
  });
});

describe("curve fitting: answers as the original asked for them", () => {
  const inst = instances[0]!;
  const expression = "(x-4.5)**2 + (y-4.6)**2 - 9";
  const forms = [
    `{"expression": "${expression}"}`,
    `{"reasoning": "a disc", "function": "def f(x, y):\\n    return ${expression}"}`,
    `{'reasoning': 'a disc', 'function': 'def f(x,y): return ${expression}'}`,
    `Here it is:\n\n\`\`\`python\ndef f(x, y):\n    return ${expression}\n\`\`\`\n`,
    `def f(x, y):\n    return ((x-4.5)**2\n            + (y-4.6)**2 - 9)`,
    `def f(x, y):\n    return (x-4.5)**2 + \\\n        (y-4.6)**2 - 9`,
  ];

  it("reads JSON, the original's {'function': ...} and a bare definition to the same verdict", () => {
    const want = task.verify(inst, { expression });
    for (const text of forms) {
      const answer = task.parse(text, inst);
      expect(isParseFailure(answer), text).toBe(false);
      if (isParseFailure(answer)) continue;
      const got = task.verify(inst, answer);
      expect(got.score, text).toBe(want.score);
      expect(got.passed, text).toBe(want.passed);
    }
  });

  it("refuses near misses with a message naming what is wrong", () => {
    const cases: [string, string][] = [
      ['{"function": "def g(x, y): return x - y"}', "def f(x, y)"],
      ['{"function": "def f(x, y): return x^2 - y"}', "XOR"],
      ['{"function": "def f(x, y):\\n    return "}', "function"],
      ["def f(x, y):\n    z = x * y\n    return z", "def f(x, y)"],
      ["I cannot do this.", "no JSON or Python literal"],
    ];
    for (const [text, message] of cases) {
      const answer = task.parse(text, inst);
      expect(isParseFailure(answer), text).toBe(true);
      if (isParseFailure(answer)) expect(answer.message, text).toContain(message);
    }
    const sneaky = task.parse('{"function": "def f(x, y): return __import__(\'os\')"}', inst);
    expect(isParseFailure(sneaky) || !task.verify(inst, sneaky).passed).toBe(true);
  });

  it("never throws or passes on hostile texts", () => {
    const valid = `{"function": "def f(x, y):\\n    return ${expression}"}`;
    for (const h of hostileTexts(valid, 20_000)) {
      const answer = task.parse(h.text, inst);
      if (isParseFailure(answer) || h.expect !== "fail") continue;
      expect(task.verify(inst, answer).passed, h.name).toBe(false);
    }
  });
});
