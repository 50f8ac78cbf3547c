import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { generateInstances } from "../../../core/instances.ts";
import { parsePythonLiteral } from "../../../core/python-literal/index.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure, type Verdict } from "../../../core/verdict.ts";
import { createSandbox } from "../../../sandbox/index.ts";
import type { TaskRecord } from "../common/record.ts";
import { loadStarterRecords } from "../records/load.ts";
import { targetedMutants } from "../records/mutations.ts";
import { pyRepr } from "../records/py-repr.ts";
import { comBenchConstructionTask as task } from "./index.ts";

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../../test/fixtures/combench/${name}`, import.meta.url), "utf8"));

const python = await createSandbox().environment();

const starter = loadStarterRecords().map((r) => task.load?.(r) as Instance<TaskRecord>);

/** The oracle's path: the reference answer written out, read back, verified. */
async function verifyText(inst: Instance<TaskRecord>, text: string): Promise<Verdict> {
  const parsed = task.parse(text, inst);
  if (isParseFailure(parsed)) throw new Error(parsed.message);
  return task.verify(inst, parsed);
}

const withPayload = (inst: Instance<TaskRecord>, payload: string) =>
  task.formatAnswer?.({ proof: "Proof.", construction: { payload } }, inst) ?? "";

const referenceText = (inst: Instance<TaskRecord>) =>
  task.formatAnswer?.(task.solve?.(inst).answers[0] ?? { proof: "", construction: { problem: "" } }, inst) ??
  "";

function mutant(inst: Instance<TaskRecord>): string {
  const mutate = targetedMutants[inst.id];
  if (!mutate) throw new Error(`no mutation for ${inst.id}`);
  return pyRepr(mutate(parsePythonLiteral(inst.data.ref_construction)));
}

const verified = (v: Verdict) => v.checks.find((c) => c.name === "construction.verified");

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("combench/construction: every starter reference passes, every mutation fails", () => {
  it("natively", async () => {
    vi.stubEnv("PLUMB_COMBENCH_VERIFIER", "native");
    for (const inst of starter) {
      const v = await verifyText(inst, referenceText(inst));
      expect(verified(v), inst.id).toMatchObject({ ok: true, detail: "native: True" });
      expect(v.failure?.kind).toBe("unscored");
      expect(v.isolation).toBe("native");
      expect(verified(await verifyText(inst, withPayload(inst, mutant(inst))))?.ok, inst.id).toBe(false);
    }
  });

  it.skipIf(!python.available)("through the sandboxed Python verifier on stdin", async () => {
    vi.stubEnv("PLUMB_COMBENCH_VERIFIER", "python");
    await Promise.all(
      starter.map(async (inst) => {
        const v = await verifyText(inst, referenceText(inst));
        expect(verified(v), `${inst.id}: ${verified(v)?.detail}`).toMatchObject({ ok: true });
        expect(verified(v)?.detail).toMatch(/^python in bwrap: /);
        expect(v.isolation).toBe("bwrap");
        const bad = await verifyText(inst, withPayload(inst, mutant(inst)));
        expect(verified(bad), inst.id).toMatchObject({
          ok: false,
          detail: expect.stringMatching(/^python in bwrap: /),
        });
        expect(bad.isolation).toBe("bwrap");
      }),
    );
  });
});

describe("combench/construction: official records", () => {
  it.skipIf(!python.available)(
    "loads the two ComBench fixtures as-is and verifies their references",
    async () => {
      for (const name of ["example.jsonl", "imo2016p2-staged.jsonl"]) {
        const inst = task.load?.(fixture(name)) as Instance<TaskRecord>;
        expect(task.instanceTags?.(inst)).toEqual(["type:construction"]);
        const v = await verifyText(inst, referenceText(inst));
        expect(verified(v), `${name}: ${verified(v)?.detail}`).toMatchObject({ ok: true });
        const broken = await verifyText(inst, withPayload(inst, "[[1]]"));
        expect(verified(broken)?.ok).toBe(false);
      }
    },
  );

  it("uses a native port only for the starter record's own verifier code", async () => {
    vi.stubEnv("PLUMB_COMBENCH_VERIFIER", "native");
    const first = starter[0] as Instance<TaskRecord>;
    const edited = task.load?.({
      ...first.data,
      verify_code: `${first.data.verify_code}\n`,
    }) as Instance<TaskRecord>;
    const v = await verifyText(edited, referenceText(edited));
    expect(v.checks.find((c) => c.name === "construction.unchecked")?.detail).toMatch(/no native port/);
  });

  it("does not run a missing block, and says why", async () => {
    const inst = starter[0] as Instance<TaskRecord>;
    const v = await verifyText(inst, "## Solution to Question 1\nP\n## Solution to Question 2\nNone.");
    expect(v.checks.find((c) => c.name === "construction.block")).toMatchObject({ ok: false });
    expect(verified(v)).toBeUndefined();
  });

  it("rejects a bad verifier mode", async () => {
    vi.stubEnv("PLUMB_COMBENCH_VERIFIER", "rust");
    const inst = starter[0] as Instance<TaskRecord>;
    await expect(verifyText(inst, referenceText(inst))).rejects.toThrow(/PLUMB_COMBENCH_VERIFIER.*"rust"/);
  });

  it("names the field of a bad record and rejects analysis-centric ones", () => {
    const good = fixture("example.jsonl") as Record<string, unknown>;
    expect(() => task.load?.({ ...good, query: " " })).toThrow(/field query/);
    expect(() => task.load?.({ ...good, verify_code: "" })).toThrow(InputError);
    expect(() => task.load?.({ ...good, verify_code: "" })).toThrow(/field verify_code: .*analysis-centric/);
    expect(() => task.load?.({ ...good, instruction: "" })).toThrow(/field instruction/);
  });

  it("dumps the official fields back", () => {
    const raw = fixture("example.jsonl");
    expect(task.dump?.(task.load?.(raw) as Instance<TaskRecord>)).toEqual(raw);
  });
});

describe("combench/construction: generated sets, prompts, answers", () => {
  const erased = task as unknown as AnyTask;

  it("draws each starter record once, then stops with the 'only N distinct' error", () => {
    const set = generateInstances(erased, {}, starter.length, "s");
    expect(new Set(set.map((i) => i.id)).size).toBe(starter.length);
    expect(generateInstances(erased, {}, 3, "s").map((i) => i.id)).toEqual(set.slice(0, 3).map((i) => i.id));
    expect(() => generateInstances(erased, {}, starter.length + 1, "s")).toThrow(
      new RegExp(`only ${starter.length} distinct`),
    );
  });

  it("filters by category, and names the categories when none match", () => {
    const set = generateInstances(erased, { category: "Counting" }, 2, "s");
    for (const inst of set) expect(erased.instanceTags?.(inst)).toContain("category:counting");
    expect(() => generateInstances(erased, { category: "algebra" }, 1, "s")).toThrow(
      /categories: .*extremal/,
    );
  });

  it("asks per appendix E.2, states the token cap, refuses other variants and shots", () => {
    const inst = starter[0] as Instance<TaskRecord>;
    const text = task.prompt(inst, { maxOutputTokens: 900 }).messages[0]?.content ?? "";
    expect(text).toContain('## Question 2\n"""\n');
    expect(text).toContain(inst.data.instruction.trim());
    expect(text).toContain("<construct>\n[Construction payload]\n</construct>");
    expect(text).toMatch(/at most 900 output tokens\.$/);
    expect(() => task.prompt(inst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 2 })).toThrow(InputError);
  });

  it("a random answer is well formed and fails", async () => {
    vi.stubEnv("PLUMB_COMBENCH_VERIFIER", "native");
    const inst = starter[0] as Instance<TaskRecord>;
    const random = task.randomAnswer?.(inst, new Rng(1));
    if (!random) throw new Error("no random answer");
    const v = await verifyText(inst, task.formatAnswer?.(random, inst) ?? "");
    expect(v.checks.find((c) => c.name === "construction.block")?.ok).toBe(true);
    expect(verified(v)?.ok).toBe(false);
  });
});
