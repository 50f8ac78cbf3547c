import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { InputError } from "../../../core/errors.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { classifyBehaviourTask, enumerateEdgesTask, topologyEnumerationTask } from "./index.ts";
import { storedBehaviours } from "./original.ts";

type Rec = { id: string; prompt: string; ground_truth: unknown[]; datagen_args: Record<string, unknown> };
const records = (file: string): Rec[] =>
  readFileSync(new URL(file, import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Rec);

/** Each task, its shipped file, the count of Table A.1, and a record's stored answer in Plumb's shape. */
const CASES: [AnyTask, string, number, (gt: unknown[]) => unknown][] = [
  [topologyEnumerationTask as AnyTask, "./original-enumeration.jsonl", 10, (gt) => ({ configurations: gt })],
  [enumerateEdgesTask as AnyTask, "./original-edges.jsonl", 8, (gt) => ({ squares: gt })],
  [
    classifyBehaviourTask as AnyTask,
    "./original-behaviour.jsonl",
    13,
    (gt) => ({ behaviours: storedBehaviours(gt as Parameters<typeof storedBehaviours>[0]) }),
  ],
];

const preset = (task: AnyTask): Instance[] => task.presets?.original?.instances() ?? [];

function fieldOfError(task: AnyTask, record: unknown): string | undefined {
  try {
    task.load?.(record);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).field;
  }
  return undefined;
}

describe.each(CASES)("%#: topology original preset", (task, file, count, stored) => {
  const recs = records(file);

  it("has Table A.1's count, ids in file order, and is byte-identical on every call", () => {
    const a = preset(task);
    expect(a).toHaveLength(count);
    expect(recs).toHaveLength(count);
    expect(JSON.stringify(a)).toBe(JSON.stringify(preset(task)));
    expect(a.map((i) => i.id)).toEqual(a.map((_, n) => `${task.id}/original/${n + 1}`));
    expect(a.map((i) => (i.params as { record: string }).record)).toEqual(recs.map((r) => r.id));
    expect(a.every((i) => i.seed === null)).toBe(true);
  });

  it("accepts every stored answer and the solver's; a changed stored answer fails", () => {
    preset(task).forEach((inst, n) => {
      const gt = (recs[n] as Rec).ground_truth;
      expect(task.verify(inst, stored(gt)), inst.id).toMatchObject({ passed: true });
      const solved = task.solve?.(inst).answers[0];
      expect(task.verify(inst, solved), inst.id).toMatchObject({ passed: true });
      expect(task.verify(inst, stored(gt.slice(1))), inst.id).toMatchObject({ passed: false });
    });
  });

  it("loads Plumb's own instance lines, and names the field of a bad record", () => {
    const inst = preset(task)[0] as Instance;
    expect(task.load?.(JSON.parse(JSON.stringify(inst)))).toEqual(inst);
    const base = recs[0] as Rec;
    expect(
      fieldOfError(task, { ...base, datagen_args: { ...base.datagen_args, corner_order: ["top"] } }),
    ).toMatch(/^datagen_args\.corner_order/);
    expect(fieldOfError(task, { ...base, id: 7 })).toBe("id");
  });
});

describe("the squares of the edge tasks come from the record's prompt", () => {
  it("refuses a prompt whose square count differs from the cases", () => {
    for (const [task, file] of CASES.slice(1)) {
      const base = records(file)[0] as Rec;
      const prompt = base.prompt.replace("(1, 1, 1, 1)\n", "");
      expect(fieldOfError(task, { ...base, prompt })).toBe("prompt");
      expect(fieldOfError(task, { ...base, ground_truth: base.ground_truth.slice(1) })).toBe("ground_truth");
    }
  });
});

describe("answers in the original's formats", () => {
  it("topology enumeration: a Python list of 4-tuples, or {'configs': …}, reads as the JSON form", () => {
    const inst = preset(topologyEnumerationTask as AnyTask)[2] as Instance;
    const json = topologyEnumerationTask.parse(
      '{"configurations": [[0, 0, 1, 2], [1, 0, 0, 2]]}',
      inst as never,
    );
    expect(
      topologyEnumerationTask.parse("<thinking>…</thinking>\n[(0, 0, 1, 2), (1, 0, 0, 2)]", inst as never),
    ).toEqual(json);
    expect(topologyEnumerationTask.parse("{'configs': [(0, 0, 1, 2), (1, 0, 0, 2)]}", inst as never)).toEqual(
      json,
    );
    const wrong = topologyEnumerationTask.parse("[(0, 0, 1, 'a')]", inst as never);
    expect(isParseFailure(wrong) && wrong.message).toMatch(/^answer\.configurations\[0\]\[3\]/);
  });

  it("enumerate edges: a Python list of lists of pairs, or {'edges': …}", () => {
    const inst = preset(enumerateEdgesTask as AnyTask)[0] as Instance;
    const text = "[[], [(2, 3)], [(1, 2)], [(1, 3)]]";
    const json = enumerateEdgesTask.parse('{"squares": [[], [[2, 3]], [[1, 2]], [[1, 3]]]}', inst as never);
    expect(enumerateEdgesTask.parse(text, inst as never)).toEqual(json);
    expect(enumerateEdgesTask.parse(`{'edges': ${text}}`, inst as never)).toEqual(json);
    expect(enumerateEdgesTask.verify(inst as never, json as never).passed).toBe(true);
  });

  it("classify behaviour: the original's label strings, quoted in a list or bare on a line", () => {
    const inst = preset(classifyBehaviourTask as AnyTask)[0] as Instance;
    const want = { behaviours: ["known", "triple", "ambiguous", "triple"] };
    const labels = "'known behaviour', 'three domains meeting', 'ambiguous', 'three domains meeting'";
    expect(classifyBehaviourTask.parse(`[${labels}]`, inst as never)).toEqual(want);
    expect(
      classifyBehaviourTask.parse(`{"labels": [${labels.replaceAll("'", '"')}]}`, inst as never),
    ).toEqual(want);
    const bare = "Answer:\nKnown behaviour, three domains meeting, ambiguous, three domains meeting\n";
    expect(classifyBehaviourTask.parse(bare, inst as never)).toEqual(want);
    expect(
      isParseFailure(classifyBehaviourTask.parse("known behaviour, three domains, ambiguous", inst as never)),
    ).toBe(true);
    const wrong = classifyBehaviourTask.parse("['known behaviour', 'triple point']", inst as never);
    expect(isParseFailure(wrong) && wrong.message).toMatch(/^answer\.behaviours\[1\]/);
  });

  it.each(CASES)("%#: hostile texts neither throw nor pass", (task, file, _count, stored) => {
    const inst = preset(task)[1] as Instance;
    const valid = JSON.stringify(stored((records(file)[1] as Rec).ground_truth));
    for (const h of hostileTexts(valid, 20_000)) {
      const parsed = task.parse(h.text, inst);
      if (isParseFailure(parsed) || h.expect !== "fail") continue;
      expect((task.verify(inst, parsed) as { passed: boolean }).passed, h.name).toBe(false);
    }
  });
});

describe("faithful default prompts", () => {
  const text = (task: AnyTask, n: number, variant?: string) =>
    task.prompt(preset(task)[n] as Instance, variant ? { variant } : {}).messages.at(-1)?.content ?? "";

  it("topology enumeration: no forcing rule by default; explained keeps it", () => {
    expect(text(topologyEnumerationTask as AnyTask, 2)).toMatch(/Python-style list of 4-tuples/);
    for (const n of [0, 2]) {
      for (const phrase of [/forced exactly when/, /crossed/, /diagonally opposite/]) {
        expect(text(topologyEnumerationTask as AnyTask, n)).not.toMatch(phrase);
      }
    }
    expect(text(topologyEnumerationTask as AnyTask, 2, "explained")).toMatch(
      /A triple point is forced exactly when three sides are crossed/,
    );
  });

  it("edge tasks: no behaviour or curve rules by default; explained keeps them", () => {
    for (const task of [enumerateEdgesTask, classifyBehaviourTask] as AnyTask[]) {
      const faithful = text(task, 1);
      expect(faithful).toContain("(2, 1, 1, 1)");
      for (const phrase of [
        /How a square behaves/,
        /crossed/,
        /Which sides are joined/,
        /rule used for grading/,
      ]) {
        expect(faithful).not.toMatch(phrase);
      }
      expect(text(task, 1, "explained")).toMatch(
        /How a square behaves \(this is the rule used for grading\)/,
      );
    }
    expect(text(enumerateEdgesTask as AnyTask, 1)).toContain(
      "The edges are numbered right=0, top=1, left=2, bottom=3.",
    );
    expect(text(classifyBehaviourTask as AnyTask, 1)).toContain("'three domains meeting'");
  });
});
