import { describe, expect, it } from "vitest";
import { SCBENCH_LABELS } from "../core/failure-modes.ts";
import { sample } from "../store/testing.ts";
import type { LabelRecord, SampleRecord } from "../store/types.ts";
import { buildFailureReport, formatFailureReport } from "./failure-modes.ts";

const at = (key: string, model: string, task: string, run = "r1"): SampleRecord =>
  sample({ run, key, model, task, suite: "s", instance: key });

const label = (
  sampleKey: string,
  id: string | null,
  confidence: number | null,
  over: Partial<LabelRecord> = {},
): LabelRecord => ({
  run: "r1",
  sampleKey,
  taxonomy: "scbench",
  judge: "j1",
  label: id,
  confidence,
  reason: null,
  replies: [],
  errors: [],
  usage: { input: 0, output: 0, reasoning: 0, cached: 0 },
  costUsd: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  ...over,
});

const samples = [
  at("k1", "m", "s/a"),
  at("k2", "m", "s/a"),
  at("k3", "m", "s/b"),
  at("k4", "m", "s/b"),
  at("k5", "m+tools=provider", "s/a"),
  at("k6", "m+tools=provider", "s/b"),
  at("k7", "n", "s/a"),
];

const labels = [
  label("k1", "evasion", 0.8),
  label("k2", "evasion", 0.6),
  label("k3", "near-miss", null),
  label("k4", null, null),
  label("k5", "evasion", 1),
  label("k6", "local-only", 0.5),
  label("k7", "runaway", 0.9),
  label("k99", "evasion", 1),
  label("k1", "near-miss", 0.7, { judge: "j2" }),
  label("k1", "foo", null, { taxonomy: "custom" }),
];

describe("buildFailureReport", () => {
  const r = buildFailureReport(samples, labels, [SCBENCH_LABELS]);
  const scbench = r.analyses.find((a) => a.taxonomy === "scbench" && a.judge === "j1");

  it("makes one analysis per taxonomy and judge, naming labels from the set or by their id", () => {
    expect(r.analyses.map((a) => [a.taxonomy, a.judge, a.title])).toEqual([
      ["custom", "j1", null],
      ["scbench", "j1", "SCBench failure modes"],
      ["scbench", "j2", "SCBench failure modes"],
    ]);
    expect(r.analyses[0]?.labels).toEqual([{ id: "foo", name: "foo" }]);
    expect(scbench?.labels.map((l) => l.name)).toEqual([
      "Evasion/Forfeit",
      "Trivialized/Misframed",
      "Runaway Overthinking",
      "Local-Only",
      "Near-Miss",
    ]);
    expect(r.analyses[2]?.byModel).toHaveLength(1);
  });

  it("counts each model's labels, unreadable ones apart, and labels whose sample is gone apart", () => {
    expect(scbench?.records).toBe(7);
    expect(scbench?.orphans).toBe(1);
    const m = scbench?.byModel.find((d) => d.model === "m");
    expect(m).toMatchObject({
      setting: "no tools",
      task: null,
      labelled: 3,
      unreadable: 1,
      meanConfidence: 0.7,
    });
    expect(m?.labels.evasion?.count).toBe(2);
    expect(m?.labels.evasion?.percent).toBeCloseTo(200 / 3);
    expect(m?.labels["near-miss"]?.percent).toBeCloseTo(100 / 3);
    expect(m?.labels.runaway).toEqual({ count: 0, percent: 0 });
    const tools = scbench?.byModel.find((d) => d.model === "m+tools=provider");
    expect(tools).toMatchObject({
      setting: "tools=provider",
      labelled: 2,
      unreadable: 0,
      meanConfidence: 0.75,
      labels: { evasion: { count: 1, percent: 50 }, "local-only": { count: 1, percent: 50 } },
    });
    expect(scbench?.byModel.map((d) => d.model)).toEqual(["m", "m+tools=provider", "n"]);
  });

  it("pools models per task and per setting, and keeps model × task", () => {
    expect(scbench?.byTask.map((d) => [d.task, d.labelled, d.unreadable, d.labels.evasion?.percent])).toEqual(
      [
        ["s/a", 4, 0, 75],
        ["s/b", 2, 1, 0],
      ],
    );
    const none = scbench?.bySetting.find((d) => d.setting === "no tools");
    expect(none).toMatchObject({
      labelled: 4,
      unreadable: 1,
      labels: { evasion: { count: 2, percent: 50 }, "near-miss": { percent: 25 }, runaway: { percent: 25 } },
    });
    expect(scbench?.bySetting.map((d) => d.setting)).toEqual(["no tools", "tools=provider"]);
    const mb = scbench?.byModelTask.find((d) => d.model === "m" && d.task === "s/b");
    expect(mb).toMatchObject({
      labelled: 1,
      unreadable: 1,
      labels: { "near-miss": { count: 1, percent: 100 } },
    });
    expect(scbench?.byModelTask).toHaveLength(5);
  });

  it("gives each label's shift under tools per model, in points", () => {
    const shifts = scbench?.shifts ?? [];
    expect(shifts).toHaveLength(5);
    expect(
      shifts.every(
        (s) => s.model === "m" && s.tools === "m+tools=provider" && s.setting === "tools=provider",
      ),
    ).toBe(true);
    const evasion = shifts.find((s) => s.label === "evasion");
    expect(evasion?.name).toBe("Evasion/Forfeit");
    expect(evasion?.without.percent).toBeCloseTo(200 / 3);
    expect(evasion?.with).toEqual({ count: 1, percent: 50 });
    expect(evasion?.delta).toBeCloseTo(50 - 200 / 3);
    expect(shifts.find((s) => s.label === "local-only")?.delta).toBe(50);
    expect(shifts.find((s) => s.label === "trivialized")?.delta).toBe(0);
  });

  it("finds a label's sample by key when none of the samples is of its run, and not otherwise", () => {
    const moved = buildFailureReport(
      samples,
      [label("k1", "evasion", null, { run: "copy" }), label("k404", "evasion", null)],
      [SCBENCH_LABELS],
    );
    expect(moved.analyses[0]).toMatchObject({ records: 1, orphans: 1 });
    const other = buildFailureReport(
      [...samples, at("k1", "x", "s/a", "r2")],
      [label("k1", "evasion", null)],
      [],
    );
    expect(other.analyses[0]?.byModel.map((d) => d.model)).toEqual(["m"]);
    expect(other.analyses[0]?.labels).toEqual([{ id: "evasion", name: "evasion" }]);
  });

  it("marks a model with only unreadable labels as having no shares", () => {
    const only = buildFailureReport(samples, [label("k4", null, null)], [SCBENCH_LABELS]);
    expect(only.analyses[0]?.byModel[0]).toMatchObject({
      labelled: 0,
      unreadable: 1,
      meanConfidence: null,
      labels: { evasion: { count: 0, percent: null } },
    });
  });
});

describe("formatFailureReport", () => {
  const r = buildFailureReport(samples, labels, [SCBENCH_LABELS]);

  it("prints a table per grouping with label names as columns, and the shifts", () => {
    const md = formatFailureReport(r, "md");
    expect(md).toContain("## Failure modes: SCBench failure modes (scbench), judged by j1");
    expect(md).toContain("7 labels; 1 more whose sample is gone, left out.");
    expect(md).toContain(
      "| Model | Labelled | Evasion/Forfeit | Trivialized/Misframed | Runaway Overthinking | Local-Only | Near-Miss | Unreadable | Mean confidence |",
    );
    expect(md).toContain("| m | 3 | 66.7% (2) | 0.0% (0) | 0.0% (0) | 0.0% (0) | 33.3% (1) | 1 | 0.70 |");
    expect(md).toContain(
      "| no tools | 4 | 50.0% (2) | 0.0% (0) | 25.0% (1) | 0.0% (0) | 25.0% (1) | 1 | 0.77 |",
    );
    expect(md).toContain("| m | tools=provider | Evasion/Forfeit | 66.7% (2) | 50.0% (1) | -16.7 |");
    expect(formatFailureReport({ analyses: [] }, "md")).toContain("No failure-mode labels.");
  });

  it("writes csv rows per grouping and label, and the shifts", () => {
    const csv = formatFailureReport(r, "csv").split("\n");
    expect(csv[0]).toBe(
      "taxonomy,judge,scope,model,task,setting,label,name,count,percent,labelled,unreadable,mean_confidence,without_count,without_percent,delta",
    );
    const task = csv.find((l) => l.startsWith("scbench,j1,task,,s/a,,evasion,"))?.split(",");
    expect(task?.slice(7, 12)).toEqual(["Evasion/Forfeit", "3", "75", "4", "0"]);
    expect(Number(task?.[12])).toBeCloseTo(0.825);
    expect(csv).toContain("scbench,j1,shift,m,,tools=provider,local-only,Local-Only,1,50,,,,0,0,50");
    expect(JSON.parse(formatFailureReport(r, "json")).analyses).toHaveLength(3);
  });
});
