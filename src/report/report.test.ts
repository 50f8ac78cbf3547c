import { describe, expect, it } from "vitest";
import type { Usage } from "../core/model.ts";
import {
  type Check,
  errorVerdict,
  ParseFailure,
  parseFailureVerdict,
  type Verdict,
  verdictFromChecks,
} from "../core/verdict.ts";
import { parsePriceTable } from "../models/prices.ts";
import type { SampleRecord } from "../store/types.ts";
import { sparcReportGroups } from "../suites/sparc/report-groups.ts";
import { formatReport } from "./format.ts";
import { buildReport, type ReportRow } from "./report.ts";

type Outcome = "pass" | "wrong" | "invalid" | "parse" | "error";

interface Spec extends Partial<SampleRecord> {
  outcome: Outcome;
  /** Checks that fail (for "wrong" and "invalid"); the path checks listed in PATH are otherwise ok. */
  failed?: string[];
}

const PATH = [
  "path.start_end",
  "path.connected",
  "path.non_intersecting",
  "path.in_bounds",
  "path.no_rule_cell_crossing",
];
const INVALID = new Set(PATH);
/** The report groups the tasks declare, as a run's spec stores them. */
const groups = { sparc: sparcReportGroups };
const ZERO: Usage = { input: 0, output: 0, reasoning: 0, cached: 0 };

/** A synthetic sample; the verdict, score, passed and failureKind follow from `outcome`. */
function sample(spec: Spec): SampleRecord {
  const { outcome, failed = [], ...over } = spec;
  const base: SampleRecord = {
    run: "r1",
    key: "",
    task: "sparc",
    suite: "sparc",
    tags: [],
    level: null,
    instance: "i1",
    model: "oracle",
    epoch: 0,
    status: "ok",
    prompt: null,
    text: "",
    reasoning: null,
    answer: null,
    verdict: null,
    score: null,
    passed: null,
    failureKind: null,
    usage: ZERO,
    costUsd: null,
    latencyMs: 100,
    attempts: [],
    error: null,
    cached: false,
    judge: null,
    instanceHash: null,
    finishReason: null,
    spentUsd: null,
    calls: 0,
    steps: null,
    optimalSteps: null,
    toolCalls: null,
    toolUse: null,
    startedAt: "2025-01-01T00:00:00.000Z",
    finishedAt: "2025-01-01T00:00:01.000Z",
  };
  const s = { ...base, ...over };
  s.key = `${s.task}/${s.instance}/${s.model}/${s.epoch}`;
  if (outcome === "error") return { ...s, status: "error", text: null, error: "HTTP 500" };
  // Only SPaRC samples check paths; "rule" fails on a wrong answer.
  const names = [...(s.task === "sparc" ? PATH : []), "rule"];
  const checks = names.map(
    (name): Check => ({ name, ok: !failed.includes(name) && !(outcome === "wrong" && name === "rule") }),
  );
  const verdict =
    outcome === "parse"
      ? parseFailureVerdict(new ParseFailure("no path found"))
      : verdictFromChecks(checks, INVALID);
  return {
    ...s,
    verdict,
    score: verdict.score,
    passed: verdict.passed,
    failureKind: verdict.failure?.kind ?? null,
  };
}

function row(rows: ReportRow[], model: string, grouping: ReportRow["grouping"], group: string): ReportRow {
  const found = rows.find((r) => r.model === model && r.grouping === grouping && r.group === group);
  if (!found) throw new Error(`no row ${model} ${grouping} ${group}`);
  return found;
}

describe("buildReport", () => {
  it("keeps errors in the denominator and counts parse failures apart from wrong answers", () => {
    const samples = [
      sample({ instance: "a", outcome: "pass" }),
      sample({ instance: "b", outcome: "wrong" }),
      sample({ instance: "c", outcome: "parse" }),
      sample({ instance: "d", outcome: "error" }),
      sample({ instance: "e", outcome: "invalid", failed: ["path.connected"] }),
    ];
    const r = row(buildReport(samples, { groups }).rows, "oracle", "overall", "all");
    expect(r.samples).toBe(5);
    expect(r.problems).toBe(5);
    expect(r.accuracy).toBe(0.2);
    expect(r.meanScore).toBe(0.2);
    expect(r.rates).toEqual({ parse: 0.2, invalid: 0.2, wrong: 0.2, unscored: 0, error: 0.2 });
    expect(r.judged).toBe(4);
    expect(r.atK).toEqual([{ k: 1, passAtK: 0.2, passHatK: 0.2, bestAtK: 0.2 }]);
    expect(r.constructionPassRate).toBeNull();
  });

  it("rates constructions over the judged samples of construction tasks, and counts unscored samples and judge cost", () => {
    const verdict = (ok: boolean | null, kind?: "wrong" | "unscored") => ({
      score: kind ? 0 : 1,
      passed: !kind,
      checks:
        ok === null ? [{ name: "construction.block", ok: false }] : [{ name: "construction.verified", ok }],
      ...(kind ? { failure: { kind, message: kind } } : {}),
    });
    const judge = {
      model: "j",
      grade: 7,
      replies: [],
      errors: [],
      usage: { ...ZERO, input: 10, output: 2 },
      costUsd: 0.5,
    };
    const base = { outcome: "pass" as const, task: "combench/construction", judge };
    // The helper derives verdicts from outcomes; these carry their own.
    const own = (instance: string, v: ReturnType<typeof verdict>) => ({
      ...sample({ ...base, instance }),
      verdict: v,
      score: v.score,
      passed: v.passed,
      failureKind: v.failure?.kind ?? null,
    });
    const samples = [
      own("a", verdict(true)),
      own("b", verdict(false, "wrong")),
      own("c", verdict(null, "wrong")),
      own("d", verdict(true, "unscored")),
      sample({ outcome: "pass", instance: "e" }),
    ];
    const all = row(buildReport(samples, { groups }).rows, "oracle", "overall", "all");
    expect(all.rates.unscored).toBe(0.2);
    expect(all.constructionPassRate).toBe(0.5);
    expect(all.judgeTokens.input + all.judgeTokens.output).toBe(48);
    expect(all.judgeCost).toBe(2);
    expect(
      row(buildReport(samples, { groups }).rows, "oracle", "task", "sparc").constructionPassRate,
    ).toBeNull();
  });

  it("groups by model × task, level and tag, plus an overall row per model", () => {
    const samples = [
      sample({ model: "m1", task: "sparc", tags: ["path", "grid"], level: "difficulty-1", outcome: "pass" }),
      sample({
        model: "m1",
        task: "sparc",
        instance: "i2",
        tags: ["path"],
        level: "difficulty-2",
        outcome: "wrong",
      }),
      sample({ model: "m1", task: "chain/stacking", tags: ["grid"], outcome: "pass" }),
      sample({ model: "m2", task: "sparc", tags: ["path"], level: "difficulty-1", outcome: "error" }),
    ];
    const report = buildReport(samples, { groups });
    expect(
      report.rows.map((r) => `${r.model} ${r.grouping} ${r.group} ${r.samples} ${r.accuracy.toFixed(3)}`),
    ).toEqual([
      "m1 overall all 3 0.667",
      "m1 task chain/stacking 1 1.000",
      "m1 task sparc 2 0.500",
      "m1 level difficulty-1 1 1.000",
      "m1 level difficulty-2 1 0.000",
      "m1 tag grid 2 1.000",
      "m1 tag path 2 0.500",
      "m2 overall all 1 0.000",
      "m2 task sparc 1 0.000",
      "m2 level difficulty-1 1 0.000",
      "m2 tag path 1 0.000",
    ]);
    // The same instance id under two tasks is two problems.
    expect(row(report.rows, "m1", "overall", "all").problems).toBe(3);
  });

  it("computes pass@k, Pass^k and Best@k per problem over epochs, undefined where a problem has fewer than k", () => {
    const samples = [
      ...["pass", "wrong", "wrong"].map((o, epoch) =>
        sample({ instance: "a", epoch, outcome: o as Outcome }),
      ),
      ...[0, 1, 2].map((epoch) => sample({ instance: "b", epoch, outcome: "pass" })),
      ...["pass", "error"].map((o, epoch) =>
        sample({ task: "other", instance: "c", epoch, outcome: o as Outcome }),
      ),
    ];
    const report = buildReport(samples, { groups });
    expect(report.ks).toEqual([1, 3]);
    const sparc = row(report.rows, "oracle", "task", "sparc");
    expect(sparc.epochs).toBe(3);
    expect(sparc.atK[0]?.passAtK).toBeCloseTo((1 / 3 + 1) / 2, 12);
    expect(sparc.atK[1]).toEqual({ k: 3, passAtK: 1, passHatK: 0.5, bestAtK: 1 });
    const other = row(report.rows, "oracle", "task", "other");
    expect(other.atK[0]).toEqual({ k: 1, passAtK: 0.5, passHatK: 0.5, bestAtK: 0.5 });
    expect(other.atK[1]).toEqual({ k: 3, passAtK: null, passHatK: null, bestAtK: null });
    expect(row(report.rows, "oracle", "overall", "all").atK[1]?.passAtK).toBeNull();
    expect(buildReport(samples, { groups, ks: [2] }).ks).toEqual([2]);
    expect(() => buildReport(samples, { groups, ks: [0] })).toThrow(
      /field ks: k must be a positive integer, got 0/,
    );
  });

  it("reports path rates as the SPaRC CLI counts them, and Plumb's among the paths read", () => {
    const samples = [
      sample({ instance: "a", outcome: "pass" }),
      sample({ instance: "b", outcome: "wrong" }),
      sample({ instance: "c", outcome: "invalid", failed: ["path.connected"] }),
      sample({ instance: "d", outcome: "invalid", failed: ["path.start_end", "path.no_rule_cell_crossing"] }),
      // Outside the grid: invalid for Plumb, but none of the CLI's criteria fails.
      sample({ instance: "h", outcome: "invalid", failed: ["path.in_bounds"] }),
      sample({ instance: "e", outcome: "parse" }),
      sample({ instance: "f", outcome: "error" }),
      // Another task without path checks stays out of the path rates.
      sample({ task: "chain/stacking", instance: "g", outcome: "wrong" }),
      // So does a task whose "path.*" checks judge something else than a line from S to E.
      {
        ...sample({ task: "scbench/pipe-loop", instance: "p", outcome: "pass" }),
        verdict: verdictFromChecks([{ name: "path.no_backtracking", ok: false }], new Set()),
        passed: false,
        failureKind: "wrong",
      },
    ];
    const report = buildReport(samples, { groups });
    const stacking = row(report.rows, "oracle", "task", "chain/stacking");
    expect(stacking.pathErrors["path.connected"]).toBeNull();
    expect(stacking.cliPathErrors.connected_line).toBeNull();
    expect(stacking.wellFormedPath).toBeNull();
    expect(stacking.cliFullyValidPath).toBeNull();
    expect(report.pathChecks).toEqual([
      "path.connected",
      "path.in_bounds",
      "path.no_rule_cell_crossing",
      "path.non_intersecting",
      "path.start_end",
    ]);
    const r = row(report.rows, "oracle", "overall", "all");
    expect(r.judged).toBe(8);
    expect(r.pathJudged).toBe(6);
    expect(row(report.rows, "oracle", "task", "scbench/pipe-loop").pathJudged).toBe(0);
    expect(r.pathRead).toBe(5);
    // The CLI: the unparseable answer e fails every criterion, over all six answers.
    expect(r.cliPathErrors).toEqual({
      starts_at_start_ends_at_exit: 2 / 6,
      connected_line: 2 / 6,
      non_intersecting_line: 1 / 6,
      no_rule_crossing: 2 / 6,
    });
    expect(r.cliFullyValidPath).toBe(3 / 6);
    // Plumb: failures among the five paths read; well-formed over all six answers.
    expect(r.pathErrors).toEqual({
      "path.connected": 0.2,
      "path.in_bounds": 0.2,
      "path.no_rule_cell_crossing": 0.2,
      "path.non_intersecting": 0,
      "path.start_end": 0.2,
    });
    expect(r.wellFormedPath).toBe(2 / 6);
    const md = formatReport(report, "md");
    expect(md).toMatch(/## Path errors, as the SPaRC CLI counts them/);
    expect(md).toMatch(/\| oracle \| all \| 6 \| 33\.3% \| 33\.3% \| 16\.7% \| 33\.3% \| 50\.0% \|/);

    // An episode cut off before its line was judged has no path to count as valid.
    const cut = sample({ instance: "k", outcome: "wrong" });
    const unjudged = {
      ...cut,
      verdict: verdictFromChecks([{ name: "episode.success", ok: false }], new Set()),
    };
    const withCut = row(buildReport([...samples, unjudged], { groups }).rows, "oracle", "overall", "all");
    expect(withCut.cliPathErrors.connected_line).toBe(3 / 7);
    expect(withCut.cliFullyValidPath).toBe(3 / 7);
  });

  it("shows group tables only for the tasks that declare them: a pipe-loop run has no path errors", () => {
    // scbench/pipe-loop checks "path.*" too (and a start and end of its own), but declares no group.
    const pipe = (instance: string, ok: boolean) => ({
      ...sample({ task: "scbench/pipe-loop", suite: "scbench", instance, outcome: ok ? "pass" : "wrong" }),
      verdict: verdictFromChecks(
        [
          { name: "path.start_end", ok: true },
          { name: "path.no_backtracking", ok },
          { name: "path.simple", ok: true },
        ],
        new Set(),
      ),
    });
    const samples = [pipe("a", true), pipe("b", true), pipe("c", true), pipe("d", false)];
    for (const opts of [{ groups }, {}]) {
      const report = buildReport(samples, opts);
      expect(report.group).toBeNull();
      expect(report.pathChecks).toEqual([]);
      const r = row(report.rows, "oracle", "overall", "all");
      expect(r.pathJudged).toBe(0);
      expect(r.cliPathErrors).toEqual({});
      expect(r.cliFullyValidPath).toBeNull();
      expect(r.pathErrors).toEqual({});
      const md = formatReport(report, "md");
      expect(md).not.toMatch(/Path errors|Fully valid|path\.no_backtracking/);
      expect(formatReport(report, "csv")).not.toMatch(/starts_at_start|path\.no_backtracking/);
    }
    // Beside SPaRC, which declares its path errors, pipe-loop's rows stay out of them.
    const mixed = buildReport([...samples, sample({ instance: "s", outcome: "pass" })], { groups });
    expect(mixed.pathChecks).not.toContain("path.no_backtracking");
    expect(row(mixed.rows, "oracle", "task", "scbench/pipe-loop").pathJudged).toBe(0);
    expect(row(mixed.rows, "oracle", "task", "sparc").cliFullyValidPath).toBe(1);
  });

  it("averages each verdict metric over the samples of the tasks that give it, a sample without it counting 0", () => {
    const graded = (instance: string, value: number) => {
      const s = sample({ task: "combench/analysis", instance, outcome: "wrong" });
      return { ...s, verdict: { ...(s.verdict as Verdict), metrics: { "proof before gating": value } } };
    };
    const samples = [
      graded("a", 1),
      graded("b", 6 / 7),
      sample({ task: "combench/analysis", instance: "c", outcome: "parse" }),
      sample({ task: "combench/analysis", instance: "d", outcome: "error" }),
      sample({ task: "sparc", instance: "e", outcome: "pass" }),
    ];
    const report = buildReport(samples, { groups });
    expect(report.metrics).toEqual(["proof before gating"]);
    const analysis = row(report.rows, "oracle", "task", "combench/analysis");
    expect(analysis.metrics["proof before gating"]).toBeCloseTo((1 + 6 / 7 + 0) / 3, 12);
    expect(row(report.rows, "oracle", "task", "sparc").metrics["proof before gating"]).toBeNull();
    const md = formatReport(report, "md");
    expect(md).toMatch(/\| Proof before gating \|/);
    expect(md).toContain("| 61.9% |");
    expect(formatReport(report, "csv").split("\r\n")[0]).toContain(",proof_before_gating,");
  });

  it("sums tokens and cost, and is unknown rather than 0 when a price is missing", () => {
    const u = (input: number, output: number, reasoning = 0, cached = 0) => ({
      input,
      output,
      reasoning,
      cached,
    });
    const samples = [
      sample({
        model: "openai:gpt-4.1",
        instance: "a",
        outcome: "pass",
        usage: u(400_000, 100_000, 50_000, 200_000),
      }),
      sample({ model: "openai:gpt-4.1", instance: "b", outcome: "wrong", usage: u(400_000, 100_000) }),
      sample({ model: "acme:m1", outcome: "pass", usage: u(1000, 1000) }),
      sample({ model: "oracle", outcome: "pass" }),
    ];
    const gpt = row(buildReport(samples, { groups }).rows, "openai:gpt-4.1", "overall", "all");
    expect(gpt.tokens).toEqual(u(800_000, 200_000, 50_000, 200_000));
    // 600K fresh input × $2 + 200K cached × $0.50 + 200K output × $8.
    expect(gpt.cost).toBeCloseTo(1.2 + 0.1 + 1.6, 12);
    expect(gpt.solvedPerUsd).toBeCloseTo(1 / 2.9, 12);
    expect(gpt.solvedPer1MTokens).toBe(1);
    expect(gpt.cachedInputShare).toBe(0.25);

    const unknown = row(buildReport(samples, { groups }).rows, "acme:m1", "overall", "all");
    expect(unknown.cost).toBeNull();
    expect(unknown.solvedPerUsd).toBeNull();
    expect(unknown.solvedPer1MTokens).toBe(500);

    const oracle = row(buildReport(samples, { groups }).rows, "oracle", "overall", "all");
    expect(oracle.cost).toBe(0);
    expect(oracle.solvedPerUsd).toBeNull();
    expect(oracle.solvedPer1MTokens).toBeNull();

    const prices = parsePriceTable({ "acme:m1": { input: 1, output: 3 } });
    expect(row(buildReport(samples, { groups, prices }).rows, "acme:m1", "overall", "all").cost).toBeCloseTo(
      0.004,
      15,
    );
  });

  it("averages latency over calls made, and reports response-cache hits", () => {
    const samples = [
      sample({ instance: "a", outcome: "pass", latencyMs: 300 }),
      sample({ instance: "b", outcome: "pass", latencyMs: 100 }),
      sample({ instance: "c", outcome: "pass", latencyMs: 0, cached: true }),
    ];
    const r = row(buildReport(samples, { groups }).rows, "oracle", "overall", "all");
    expect(r.meanLatencyMs).toBe(200);
    expect(r.medianLatencyMs).toBe(200);
    expect(r.cachedShare).toBeCloseTo(1 / 3, 12);
  });

  it("gives the median latency next to the mean, in every format (SPaRC's human study times)", () => {
    const samples = [
      sample({ instance: "a", outcome: "pass", latencyMs: 1_000 }),
      sample({ instance: "b", outcome: "pass", latencyMs: 3_000 }),
      sample({ instance: "c", outcome: "wrong", latencyMs: 20_000 }),
    ];
    const report = buildReport(samples, { groups });
    const r = row(report.rows, "oracle", "overall", "all");
    expect(r.meanLatencyMs).toBe(8_000);
    expect(r.medianLatencyMs).toBe(3_000);
    expect(formatReport(report, "md")).toMatch(/\| Mean latency \(ms\) \| Median latency \(ms\) \|/);
    expect(formatReport(report, "md")).toContain("| 8,000 | 3,000 |");
    const [header, first] = formatReport(report, "csv").split("\r\n");
    const cells = (line = "") => line.split(",");
    const at = cells(header).indexOf("median_latency_ms");
    expect(cells(first)[at]).toBe("3000");
    expect(JSON.parse(formatReport(report, "json")).rows[0].medianLatencyMs).toBe(3_000);
  });

  it("tables people's solve times by level, as SPaRC's human study did, and only for the human model", () => {
    const human = (instance: string, level: string, outcome: "pass" | "wrong", latencyMs: number) =>
      sample({ model: "human", instance, level, outcome, latencyMs });
    const samples = [
      human("a", "1", "pass", 10_000),
      human("b", "1", "pass", 30_000),
      human("c", "1", "wrong", 110_000),
      human("d", "2", "pass", 60_000),
      sample({ instance: "a", level: "1", outcome: "pass", latencyMs: 5 }),
    ];
    const md = formatReport(buildReport(samples, { groups }), "md");
    const table = md.slice(md.indexOf("## Time to answer (human)"));
    expect(table).toContain("| all | 4 | 75.0% | 45.0 | 52.5 |");
    expect(table).toContain("| 1 | 3 | 66.7% | 30.0 | 50.0 |");
    expect(table).toContain("| 2 | 1 | 100.0% | 60.0 | 60.0 |");
    expect(table).not.toContain("oracle");
    expect(formatReport(buildReport(samples.slice(4), { groups }), "md")).not.toContain("Time to answer");
  });

  it("reports CHAIN plan efficiency for episodes, over solved ones only", () => {
    const samples = [
      sample({ task: "chain/stacking", instance: "a", outcome: "pass", steps: 6, optimalSteps: 3 }),
      sample({ task: "chain/stacking", instance: "b", outcome: "pass", steps: 15, optimalSteps: 10 }),
      sample({ task: "chain/stacking", instance: "c", outcome: "wrong", steps: 50, optimalSteps: 4 }),
      sample({ task: "sparc", instance: "d", outcome: "pass" }),
    ];
    const report = buildReport(samples, { groups });
    expect(row(report.rows, "oracle", "task", "chain/stacking").episodes).toEqual({
      count: 3,
      solved: 2,
      avgSteps: 10.5,
      dist2Opt: 4,
      normDist: 0.75,
    });
    expect(row(report.rows, "oracle", "task", "sparc").episodes).toBeNull();
  });
});

describe("formatReport", () => {
  const u = (input: number, output: number) => ({ input, output, reasoning: 0, cached: 0 });
  const samples = [
    sample({ model: "openai:gpt-4.1", instance: "a", epoch: 0, outcome: "pass", usage: u(12_000, 3_000) }),
    sample({ model: "openai:gpt-4.1", instance: "a", epoch: 1, outcome: "wrong", usage: u(12_000, 2_500) }),
    sample({
      model: "openai:gpt-4.1",
      instance: "b",
      epoch: 0,
      outcome: "invalid",
      failed: ["path.connected"],
      usage: u(11_000, 4_000),
    }),
    sample({ model: "openai:gpt-4.1", instance: "b", epoch: 1, outcome: "parse", usage: u(11_000, 8_000) }),
    sample({
      model: "acme:m|1",
      task: "chain/stacking",
      instance: "c",
      outcome: "pass",
      steps: 5,
      optimalSteps: 3,
    }),
  ];
  const report = buildReport(samples, { groups });

  it("writes Markdown tables", () => {
    expect(formatReport(report, "md")).toMatchInlineSnapshot(`
      "# Report

      Runs: r1 · 5 samples · k = 1, 2

      ## Overall

      | Model | n | Problems | Epochs | Accuracy | Score | pass@1 | Pass^1 | Best@1 | pass@2 | Pass^2 | Best@2 | Parse | Invalid | Wrong | Error |
      |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
      | acme:m\\|1 | 1 | 1 | 1 | 100.0% | 100.0% | 100.0% | 100.0% | 100.0% | – | – | – | 0.0% | 0.0% | 0.0% | 0.0% |
      | openai:gpt-4.1 | 4 | 2 | 2 | 25.0% | 25.0% | 25.0% | 25.0% | 25.0% | 50.0% | 0.0% | 50.0% | 25.0% | 25.0% | 25.0% | 0.0% |

      ## By task

      | Model | Task | n | Problems | Epochs | Accuracy | Score | pass@1 | Pass^1 | Best@1 | pass@2 | Pass^2 | Best@2 | Parse | Invalid | Wrong | Error |
      |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
      | acme:m\\|1 | chain/stacking | 1 | 1 | 1 | 100.0% | 100.0% | 100.0% | 100.0% | 100.0% | – | – | – | 0.0% | 0.0% | 0.0% | 0.0% |
      | openai:gpt-4.1 | sparc | 4 | 2 | 2 | 25.0% | 25.0% | 25.0% | 25.0% | 25.0% | 50.0% | 0.0% | 50.0% | 25.0% | 25.0% | 25.0% | 0.0% |

      ## Path errors, as the SPaRC CLI counts them

      | Model | Task | Answers | start/end | disconnected | intersecting | rules | Fully valid paths |
      |---|---|---:|---:|---:|---:|---:|---:|
      | openai:gpt-4.1 | all | 4 | 25.0% | 50.0% | 25.0% | 25.0% | 50.0% |
      | openai:gpt-4.1 | sparc | 4 | 25.0% | 50.0% | 25.0% | 25.0% | 50.0% |

      ## Path errors among the paths read (Plumb)

      | Model | Task | Paths read | path.connected | path.in_bounds | path.no_rule_cell_crossing | path.non_intersecting | path.start_end | Well-formed path |
      |---|---|---:|---:|---:|---:|---:|---:|---:|
      | openai:gpt-4.1 | all | 3 | 33.3% | 0.0% | 0.0% | 0.0% | 0.0% | 50.0% |
      | openai:gpt-4.1 | sparc | 3 | 33.3% | 0.0% | 0.0% | 0.0% | 0.0% | 50.0% |

      ## Tokens and cost

      | Model | Task | Input tok | Output tok | Reasoning tok | Cached tok | Cost (USD) | Calls | Spent (USD) | Cache saved (USD) | Solved/1M tok | Solved/USD | Mean latency (ms) | Median latency (ms) | Cache hits |
      |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
      | acme:m\\|1 | all | 0 | 0 | 0 | 0 | – | 0 | – | – | – | – | 100 | 100 | 0.0% |
      | acme:m\\|1 | chain/stacking | 0 | 0 | 0 | 0 | – | 0 | – | – | – | – | 100 | 100 | 0.0% |
      | openai:gpt-4.1 | all | 46,000 | 17,500 | 0 | 0 | 0.2320 | 0 | – | – | 15.75 | 4.31 | 100 | 100 | 0.0% |
      | openai:gpt-4.1 | sparc | 46,000 | 17,500 | 0 | 0 | 0.2320 | 0 | – | – | 15.75 | 4.31 | 100 | 100 | 0.0% |

      ## Episodes

      | Model | Task | Episodes | Solved | AvgSteps | Dist2Opt | NormDist |
      |---|---|---:|---:|---:|---:|---:|
      | acme:m\\|1 | all | 1 | 1 | 5.00 | 2.00 | 0.67 |
      | acme:m\\|1 | chain/stacking | 1 | 1 | 5.00 | 2.00 | 0.67 |
      "
    `);
  });

  it("counts truncated replies apart, and money spent apart from what the cache saved", () => {
    const m = "openai:gpt-4.1";
    const usage = { input: 1_000_000, output: 0, reasoning: 0, cached: 0 };
    const samples = [
      {
        ...sample({ outcome: "parse", model: m, instance: "i1" }),
        finishReason: "length",
        usage,
        calls: 1,
        spentUsd: 2,
      },
      {
        ...sample({ outcome: "pass", model: m, instance: "i2" }),
        finishReason: "stop",
        usage,
        calls: 1,
        spentUsd: 2,
      },
      {
        ...sample({ outcome: "pass", model: m, instance: "i3" }),
        cached: true,
        usage,
        calls: 0,
        spentUsd: 0,
      },
    ];
    const all = row(buildReport(samples, { groups }).rows, m, "overall", "all");
    expect(all.truncated).toBe(1 / 3);
    expect(all.rates.parse).toBe(1 / 3);
    expect(all).toMatchObject({ cost: 6, calls: 2, spentUsd: 4, savedUsd: 2 });
    expect(formatReport(buildReport(samples, { groups }), "md")).toContain("| Truncated |");
    // One unpriced sample makes the spend unknown, not smaller.
    expect(
      row(
        buildReport([...samples, { ...(samples[1] as SampleRecord), instance: "i4", spentUsd: null }], {
          groups,
        }).rows,
        m,
        "overall",
        "all",
      ).spentUsd,
    ).toBeNull();
  });

  it("counts where untrusted verifiers ran, and counts task errors as errors", () => {
    const ran = (isolation: string | undefined, i: string): SampleRecord => {
      const s = sample({ outcome: "wrong", task: "combench/construction", instance: i });
      return { ...s, verdict: s.verdict && { ...s.verdict, ...(isolation ? { isolation } : {}) } };
    };
    const broken = sample({ outcome: "wrong", instance: "i9" });
    const samples = [
      ran("bwrap", "i1"),
      ran("bwrap", "i2"),
      ran("native", "i3"),
      ran(undefined, "i4"),
      { ...broken, failureKind: "error", verdict: errorVerdict("verification", new Error("bug")) },
    ];
    const r = buildReport(samples, { groups });
    const all = row(r.rows, "oracle", "overall", "all");
    expect(all.isolation).toEqual({ bwrap: 2, native: 1 });
    expect(all.rates.error).toBe(1 / 5);
    const md = formatReport(r, "md");
    expect(md).toContain("Verifiers ran under");
    expect(md).toContain("bwrap 2, native 1");
    expect(formatReport(r, "csv")).toContain('"bwrap 2, native 1"');
  });

  it("writes RFC 4180 CSV, one line per row", () => {
    const text = formatReport(report, "csv");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.split("\r\n").length - 1).toBe(report.rows.length + 1);
    expect(text).toMatchInlineSnapshot(`
      "model,grouping,group,samples,problems,epochs,accuracy,mean_score,pass@1,pass^1,best@1,pass@2,pass^2,best@2,parse_rate,invalid_rate,wrong_rate,unscored_rate,error_rate,truncated_rate,construction_pass_rate,isolation,judged,path_judged,starts_at_start_ends_at_exit_error,connected_line_error,non_intersecting_line_error,no_rule_crossing_error,fully_valid_path,path_read,path.connected,path.in_bounds,path.no_rule_cell_crossing,path.non_intersecting,path.start_end,well_formed_path,tokens_input,tokens_output,tokens_reasoning,tokens_cached,cost_usd,calls,spent_usd,cache_saved_usd,solved_per_1m_tokens,solved_per_usd,mean_latency_ms,median_latency_ms,cached_share,cached_input_share,episodes,avg_steps,dist2opt,norm_dist,judge_tokens,judge_cost_usd
      acme:m|1,overall,all,1,1,1,1,1,1,1,1,,,,0,0,0,0,0,0,,,1,0,,,,,,0,,,,,,,0,0,0,0,,0,,,,,100,100,0,,1,5,2,0.6666666666666666,0,0
      acme:m|1,task,chain/stacking,1,1,1,1,1,1,1,1,,,,0,0,0,0,0,0,,,1,0,,,,,,0,,,,,,,0,0,0,0,,0,,,,,100,100,0,,1,5,2,0.6666666666666666,0,0
      openai:gpt-4.1,overall,all,4,2,2,0.25,0.25,0.25,0.25,0.25,0.5,0,0.5,0.25,0.25,0.25,0,0,0,,,4,4,0.25,0.5,0.25,0.25,0.5,3,0.3333333333333333,0,0,0,0,0.5,46000,17500,0,0,0.23199999999999998,0,,,15.748031496062993,4.310344827586207,100,100,0,0,,,,,0,0
      openai:gpt-4.1,task,sparc,4,2,2,0.25,0.25,0.25,0.25,0.25,0.5,0,0.5,0.25,0.25,0.25,0,0,0,,,4,4,0.25,0.5,0.25,0.25,0.5,3,0.3333333333333333,0,0,0,0,0.5,46000,17500,0,0,0.23199999999999998,0,,,15.748031496062993,4.310344827586207,100,100,0,0,,,,,0,0
      "
    `);
  });

  it("quotes CSV fields with commas, quotes and line breaks", () => {
    const odd = buildReport([sample({ model: 'x,"y"', task: "t\nu", outcome: "pass" })], { groups });
    const lines = formatReport(odd, "csv").split("\r\n");
    expect(lines[1]?.startsWith('"x,""y""",overall,all,1,')).toBe(true);
    expect(formatReport(odd, "csv")).toContain('"x,""y""",task,"t\nu",1,');
  });

  it("writes the report itself as JSON", () => {
    expect(JSON.parse(formatReport(report, "json"))).toEqual(report);
  });
});
