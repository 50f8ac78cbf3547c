import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { InputError } from "../../../core/errors.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { halfSubdivisionTask as task } from "./index.ts";
import { loadHalfSubdivision } from "./original.ts";

type Rec = { id: string; prompt: string; ground_truth: string[]; runtime: { target_label: string } };
const records = readFileSync(new URL("./original.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Rec);
const preset = () => task.presets?.original?.instances() ?? [];

function fieldOfError(record: unknown): string | undefined {
  try {
    loadHalfSubdivision(record);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).field;
  }
  return undefined;
}

describe("scbench/half-subdivision-neighbours original preset", () => {
  it("is the 17 trees of Table A.1, in file order, byte-identical on every call", () => {
    const a = preset();
    expect(a).toHaveLength(17);
    expect(JSON.stringify(a)).toBe(JSON.stringify(preset()));
    expect(a.map((i) => i.id)).toEqual(
      a.map((_, n) => `scbench/half-subdivision-neighbours/original/${n + 1}`),
    );
    expect(a.map((i) => (i.params as { record: string }).record)).toEqual(records.map((r) => r.id));
    expect(a.map((i) => i.data.dim).join("")).toBe("33333223323323323");
    expect(a[4]?.data).toMatchObject({
      cycle: "ZXY",
      target: "000",
      leaves: ["000", "0010", "0011", "010", "011", "100", "1010", "10110", "10111", "110", "111"],
    });
  });

  it("agrees with every stored neighbour list, and rejects it with one neighbour left out or added", () => {
    preset().forEach((inst, n) => {
      const gt = (records[n] as Rec).ground_truth;
      expect(task.verify(inst, { neighbours: gt }).passed, inst.id).toBe(true);
      expect(task.solve?.(inst).answers[0]?.neighbours).toEqual([...gt].sort());
      expect(task.verify(inst, { neighbours: gt.slice(1) }).passed, inst.id).toBe(false);
      expect(task.verify(inst, { neighbours: [...gt, inst.data.target] }).passed, inst.id).toBe(false);
    });
  });

  it("loads Plumb's own instance lines, and names the field of a bad record", () => {
    const inst = preset()[0];
    expect(loadHalfSubdivision(JSON.parse(JSON.stringify(inst)))).toEqual(inst);
    const base = records[4] as Rec & { datagen_args: Record<string, unknown> };
    expect(fieldOfError({ ...base, runtime: { target_label: "00" } })).toBe("data.target");
    expect(fieldOfError({ ...base, prompt: base.prompt.replace("│       └── 011\n", "") })).toBe(
      "data.leaves",
    );
    expect(fieldOfError({ ...base, prompt: "no tree" })).toBe("prompt");
    expect(fieldOfError({ ...base, datagen_args: { ...base.datagen_args, axis_cycle: ["w"] } })).toBe(
      "datagen_args.axis_cycle[0]",
    );
  });
});

describe("half-subdivision answers in the original's format", () => {
  const inst = preset()[5];
  if (!inst) throw new Error("no instance");
  const json = { neighbours: ["00110", "00111", "1010", "1100", "11010"] };

  it("reads comma-separated labels, quoted or not, Python lists and {'neighbors': …}", () => {
    const texts = [
      "<thinking>the target is 100</thinking>\n00110, 00111, 1010, 1100, 11010",
      "Neighbours: \n'00110', '00111', \"1010\", 1100, 11010.",
      "['00110', '00111', '1010', '1100', '11010']",
      "[00110, 00111, 1010, 1100, 11010]",
      '{"neighbors": ["00110", "00111", "1010", "1100", "11010"]}',
    ];
    for (const text of texts) expect(task.parse(text, inst), text).toEqual(json);
    expect(task.verify(inst, json).passed).toBe(true);
  });

  it("a line with anything but labels is not read as the list; hostile texts never pass", () => {
    expect(isParseFailure(task.parse("00110, 00111, and 1010", inst))).toBe(true);
    for (const h of hostileTexts(JSON.stringify(json), 20_000)) {
      const parsed = task.parse(h.text, inst);
      if (isParseFailure(parsed) || h.expect !== "fail") continue;
      expect(task.verify(inst, parsed).passed, h.name).toBe(false);
    }
  });
});

describe("half-subdivision faithful prompt", () => {
  const inst = preset()[4];
  if (!inst) throw new Error("no instance");
  const text = (variant?: string) =>
    task.prompt(inst, variant ? { variant } : {}).messages.at(-1)?.content ?? "";

  it("gives the tree, the cycle, the target and the question, but no address rules or contact rule", () => {
    expect(text()).toContain("z → x → y");
    expect(text()).toContain(`\n${"  ".repeat(5)}10110\n`);
    expect(text()).toContain("Target leaf: 000");
    expect(text()).toMatch(/shares a face with the target.*comma-separated/);
    for (const phrase of [/lower half/, /only at a corner/, /For example/, /\[0, 1\]/])
      expect(text()).not.toMatch(phrase);
  });

  it("keeps the explained wording", () => {
    expect(text("explained")).toMatch(/only along an edge segment or only at a corner point/);
    expect(text("explained")).toMatch(/For example, the address/);
  });
});
