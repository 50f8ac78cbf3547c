import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PickRecord, ReportSample } from "../store/types.ts";
import {
  buildSelectionReport,
  formatSelectionReport,
  passJs,
  type SelectionRow,
  type SelectionTable,
} from "./selection.ts";

type Outcome = "T" | "F" | "E";

/** A sample of (model, task, instance, epoch): "T" passed, "F" wrong, "E" a failed call. */
function sample(
  model: string,
  task: string,
  instance: string,
  epoch: number,
  outcome: Outcome,
): ReportSample {
  return {
    run: "r1",
    key: `${task}/${instance}/${model}/${epoch}`,
    task,
    suite: "chain",
    tags: [],
    level: null,
    instance,
    model,
    epoch,
    status: outcome === "E" ? "error" : "ok",
    verdict: null,
    score: outcome === "T" ? 1 : outcome === "F" ? 0 : null,
    passed: outcome === "T" ? true : outcome === "F" ? false : null,
    failureKind: outcome === "T" ? null : outcome === "F" ? "wrong" : "error",
    finishReason: outcome === "E" ? null : "stop",
    usage: { input: 1, output: 1, reasoning: 0, cached: 0 },
    costUsd: null,
    spentUsd: null,
    calls: 1,
    latencyMs: 1,
    cached: false,
    judge: null,
    steps: null,
    optimalSteps: null,
    toolUse: null,
  };
}

/** The samples of one problem, epochs in order of the outcome string ("FTFT"). */
function problem(model: string, task: string, instance: string, outcomes: string): ReportSample[] {
  return [...outcomes].map((o, epoch) => sample(model, task, instance, epoch, o as Outcome));
}

function pick(
  judge: string,
  task: string,
  instance: string,
  picked: string | null,
  over: Partial<PickRecord> = {},
): PickRecord {
  return {
    run: "r1",
    model: "m",
    task,
    instance,
    k: 4,
    judge,
    picked,
    candidates: [0, 1, 2, 3].map((e) => `${task}/${instance}/m/${e}`),
    replies: [],
    errors: [],
    usage: { input: 0, output: 0, reasoning: 0, cached: 0 },
    costUsd: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    ...over,
  };
}

const key = (task: string, instance: string, epoch: number) => `${task}/${instance}/m/${epoch}`;

function rowNamed(t: SelectionTable | undefined, strategy: string): SelectionRow {
  const row = t?.rows.find((r) => r.strategy === strategy);
  if (!row) throw new Error(`no row ${strategy}`);
  return row;
}

describe("passJs", () => {
  it("doubles from 1 and ends at k", () => {
    expect(passJs(1)).toEqual([1]);
    expect(passJs(2)).toEqual([1, 2]);
    expect(passJs(4)).toEqual([1, 2, 4]);
    expect(passJs(6)).toEqual([1, 2, 4, 6]);
    expect(passJs(8)).toEqual([1, 2, 4, 8]);
  });
});

describe("buildSelectionReport", () => {
  // Task a: a1 FTFT, a2 TFFF, a3 FFFF. Task b: b1 FFFT, b2 ETTT, b3 a single sample (left out).
  const samples = [
    ...problem("m", "b", "b2", "ETTT"),
    ...problem("m", "a", "a1", "FTFT").reverse(),
    ...problem("m", "a", "a2", "TFFF"),
    ...problem("m", "a", "a3", "FFFF"),
    ...problem("m", "b", "b1", "FFFT"),
    ...problem("m", "b", "b3", "T"),
  ];
  const picks = [
    // J1: a3 unreadable, b2 missing.
    pick("J1", "a", "a1", key("a", "a1", 1)),
    pick("J1", "a", "a2", key("a", "a2", 2)),
    pick("J1", "a", "a3", null),
    pick("J1", "b", "b1", key("b", "b1", 3)),
    // J2 picked at k = 2 only: no row at k = 4.
    pick("J2", "a", "a1", key("a", "a1", 1), { k: 2 }),
    // J3: a1's pick names a sample of another run; an older pick of b2 is superseded.
    pick("J3", "a", "a1", key("a", "a1", 1), { run: "other" }),
    pick("J3", "a", "a2", key("a", "a2", 0)),
    pick("J3", "a", "a3", key("a", "a3", 0)),
    pick("J3", "b", "b1", key("b", "b1", 3)),
    pick("J3", "b", "b2", key("b", "b2", 0), { createdAt: "2024-01-01T00:00:00.000Z" }),
    pick("J3", "b", "b2", key("b", "b2", 1)),
    // Another model's pick is not this model's.
    pick("J4", "a", "a1", key("a", "a1", 1), { model: "other" }),
  ];
  const r = buildSelectionReport(samples, picks);
  const t = r.tables[0];

  it("takes k as the fewest samples of a problem with two or more, and leaves out shorter problems", () => {
    expect(r.tasks).toEqual(["a", "b"]);
    expect(t?.k).toBe(4);
    expect(t?.excluded).toBe(1);
    expect(t?.problems).toEqual({ a: 3, b: 2 });
    expect(t?.rows.map((row) => row.strategy)).toEqual([
      "Avg@4",
      "Pass@1",
      "Pass@2",
      "Pass@4",
      "Judge Best-of-4 (J1)",
      "Judge Best-of-4 (J3)",
    ]);
  });

  it("Avg@k: the mean pass of the first k samples, per task, All the mean of the tasks", () => {
    const avg = rowNamed(t, "Avg@4");
    // a: (2/4 + 1/4 + 0) / 3; b: (1/4 + 3/4) / 2, the failed call counting as not passed.
    expect(avg.tasks.a).toBeCloseTo(0.25, 12);
    expect(avg.tasks.b).toBeCloseTo(0.5, 12);
    expect(avg.all).toBeCloseTo(0.375, 12);
    expect(avg.delta).toBe(0);
    expect(avg.fallbacks).toBeNull();
  });

  it("Pass@j: one of the first j samples in epoch order passed", () => {
    const p1 = rowNamed(t, "Pass@1");
    expect(p1.tasks).toEqual({ a: 1 / 3, b: 0 });
    expect(p1.all).toBeCloseTo(1 / 6, 12);
    expect(p1.delta).toBeCloseTo((1 / 6 - 0.375) * 100, 9);
    const p2 = rowNamed(t, "Pass@2");
    expect(p2.tasks).toEqual({ a: 2 / 3, b: 0.5 });
    expect(p2.all).toBeCloseTo(7 / 12, 12);
    const p4 = rowNamed(t, "Pass@4");
    expect(p4.tasks).toEqual({ a: 2 / 3, b: 1 });
    expect(p4.all).toBeCloseTo(5 / 6, 12);
    expect(p4.delta).toBeCloseTo((5 / 6 - 0.375) * 100, 9);
  });

  it("Judge Best-of-k: the picked sample's pass, the first sample when the pick is missing or unreadable", () => {
    const j1 = rowNamed(t, "Judge Best-of-4 (J1)");
    // a: a1 picks T, a2 picks F, a3 falls back to F; b: b1 picks T, b2 falls back to its failed call.
    expect(j1.tasks).toEqual({ a: 1 / 3, b: 0.5 });
    expect(j1.all).toBeCloseTo(5 / 12, 12);
    expect(j1.delta).toBeCloseTo((5 / 12 - 0.375) * 100, 9);
    expect(j1.fallbacks).toEqual({ missing: 1, unreadable: 1, unmatched: 0 });
    expect(j1.judge).toBe("J1");
    const j3 = rowNamed(t, "Judge Best-of-4 (J3)");
    // a: a1's pick is unmatched (first sample F), a2 T, a3 F; b: b1 T, b2 the newer pick, T.
    expect(j3.tasks).toEqual({ a: 1 / 3, b: 1 });
    expect(j3.fallbacks).toEqual({ missing: 0, unreadable: 0, unmatched: 1 });
  });

  it("takes k when given, leaving out problems with fewer samples", () => {
    const three = buildSelectionReport(
      [
        ...problem("m", "a", "a1", "FFT"),
        ...problem("m", "a", "a2", "FFTT"),
        ...problem("m", "b", "b1", "TF"),
      ],
      [],
      { k: 3 },
    );
    const table = three.tables[0];
    expect(table?.k).toBe(3);
    expect(table?.excluded).toBe(1);
    expect(table?.problems).toEqual({ a: 2, b: 0 });
    // b has no problem left: its column is empty and All is a's alone.
    const avg = rowNamed(table, "Avg@3");
    expect(avg.tasks).toEqual({ a: 1 / 3, b: null });
    expect(avg.all).toBeCloseTo(1 / 3, 12);
    expect(table?.rows.map((row) => row.strategy)).toEqual(["Avg@3", "Pass@1", "Pass@2", "Pass@3"]);
    expect(() => buildSelectionReport([], [], { k: 0 })).toThrow(/positive integer/);
  });

  it("says so when no problem has two samples", () => {
    const single = buildSelectionReport(
      [...problem("m", "a", "a1", "T"), ...problem("n", "a", "a1", "TT")],
      [],
    );
    expect(single.tables.map((x) => x.model)).toEqual(["m", "n"]);
    expect(single.tables[0]).toMatchObject({ k: null, rows: [], excluded: 1 });
    expect(single.tables[0]?.note).toMatch(/no problem has two or more samples/);
    expect(single.tables[1]?.k).toBe(2);
    expect(formatSelectionReport(single, "md")).toContain("No table: no problem has two or more samples");
  });

  it("formats like CHAIN's Table 4, and as JSON and CSV", () => {
    const md = formatSelectionReport(r, "md");
    expect(md).toContain("## m (k = 4)");
    expect(md).toContain("| Strategy | a (%) | b (%) | All (%) | Δ vs Avg@4 |");
    expect(md).toContain("| Avg@4 | 25.0 | 50.0 | 37.5 | ±0.0 |");
    expect(md).toContain("| Pass@1 | 33.3 | 0.0 | 16.7 | −20.8 |");
    expect(md).toContain("| Pass@4 | 66.7 | 100.0 | 83.3 | +45.8 |");
    expect(md).toContain("| Judge Best-of-4 (J1) | 33.3 | 50.0 | 41.7 | +4.2 |");
    expect(md).toContain("1 problem with fewer than 4 samples left out.");
    expect(md).toContain(
      "Judge Best-of-4 (J1): first sample used for 1 without a pick, 1 with an unreadable pick.",
    );
    expect(JSON.parse(formatSelectionReport(r, "json"))).toEqual(JSON.parse(JSON.stringify(r)));
    const csv = formatSelectionReport(r, "csv").trimEnd().split("\r\n");
    expect(csv[0]).toBe(
      "model,k,strategy,kind,j,judge,a,b,all,delta_points,problems,excluded,fallback_missing,fallback_unreadable,fallback_unmatched",
    );
    expect(csv).toHaveLength(7);
    expect(csv[1]).toBe("m,4,Avg@4,avg,,,0.25,0.5,0.375,0,5,1,,,");
  });
});

describe("buildSelectionReport, brute force", () => {
  /** Random runs: per task, problems with k outcomes each; per judge, a pick, null or none per problem. */
  const fixture = fc.integer({ min: 2, max: 6 }).chain((k) =>
    fc.record({
      k: fc.constant(k),
      tasks: fc.array(
        fc.array(fc.array(fc.constantFrom<Outcome>("T", "F", "E"), { minLength: k, maxLength: k }), {
          minLength: 1,
          maxLength: 4,
        }),
        { minLength: 1, maxLength: 3 },
      ),
      picks: fc.array(fc.array(fc.integer({ min: -2, max: k - 1 }), { minLength: 12, maxLength: 12 }), {
        maxLength: 3,
      }),
    }),
  );

  it("Pass@j grows with j, Pass@k bounds every judge, Avg@k is the mean per-epoch accuracy", () => {
    fc.assert(
      fc.property(fixture, ({ k, tasks, picks }) => {
        const samples: ReportSample[] = [];
        const records: PickRecord[] = [];
        for (const [ti, problems] of tasks.entries()) {
          for (const [pi, outcomes] of problems.entries()) {
            const task = `t${ti}`;
            const instance = `p${pi}`;
            samples.push(...problem("m", task, instance, outcomes.join("")));
            picks.forEach((choices, ji) => {
              // -2: no pick; -1: unreadable; else the epoch picked.
              const choice = choices[(ti * 4 + pi) % choices.length] as number;
              if (choice === -2) return;
              records.push(
                pick(`J${ji}`, task, instance, choice === -1 ? null : key(task, instance, choice), { k }),
              );
            });
          }
        }
        const table = buildSelectionReport(samples, records).tables[0] as SelectionTable;
        expect(table.k).toBe(k);
        const ids = tasks.map((_, ti) => `t${ti}`);
        const passRows = table.rows.filter((r) => r.kind === "pass");
        expect(passRows.map((r) => r.j)).toEqual(passJs(k));
        const passK = passRows.at(-1) as SelectionRow;
        const columns = [
          ...ids.map((id) => (r: SelectionRow) => r.tasks[id] as number),
          (r: SelectionRow) => r.all as number,
        ];
        for (const col of columns) {
          for (let i = 1; i < passRows.length; i++)
            expect(col(passRows[i] as SelectionRow)).toBeGreaterThanOrEqual(
              col(passRows[i - 1] as SelectionRow) - 1e-12,
            );
          for (const judge of table.rows.filter((r) => r.kind === "judge"))
            expect(col(judge)).toBeLessThanOrEqual(col(passK) + 1e-12);
        }
        // Avg@k per task is the mean over epochs of that epoch's accuracy, computed from the fixture.
        const avg = table.rows[0] as SelectionRow;
        const epochAccuracy = (problems: Outcome[][], e: number) =>
          problems.filter((o) => o[e] === "T").length / problems.length;
        const perTask = tasks.map((problems) => {
          let sum = 0;
          for (let e = 0; e < k; e++) sum += epochAccuracy(problems, e);
          return sum / k;
        });
        for (const [ti, v] of perTask.entries()) expect(avg.tasks[`t${ti}`]).toBeCloseTo(v, 12);
        expect(avg.all).toBeCloseTo(perTask.reduce((a, b) => a + b, 0) / perTask.length, 12);
        // Pass@j from the fixture directly, and the judges' fallbacks add up to the unusable picks.
        for (const row of passRows) {
          const j = row.j as number;
          for (const [ti, problems] of tasks.entries())
            expect(row.tasks[`t${ti}`]).toBeCloseTo(
              problems.filter((o) => o.slice(0, j).includes("T")).length / problems.length,
              12,
            );
        }
        for (const judge of table.rows.filter((r) => r.kind === "judge")) {
          const mine = records.filter((p) => p.judge === judge.judge);
          const problems = tasks.reduce((n, p) => n + p.length, 0);
          expect(judge.fallbacks).toEqual({
            missing: problems - mine.length,
            unreadable: mine.filter((p) => p.picked === null).length,
            unmatched: 0,
          });
        }
      }),
      { numRuns: 200 },
    );
  });
});
