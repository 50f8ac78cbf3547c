import { describe, expect, it } from "vitest";
import type { PaperTable } from "../core/registry.ts";
import { sample } from "../store/testing.ts";
import type { SampleRecord } from "../store/types.ts";
import { buildPaperReport, formatPaperReport } from "./paper-table.ts";

const table: PaperTable = {
  suite: "s",
  preset: "original",
  title: "Paper",
  buckets: [
    { name: "Easy", tasks: [{ id: "s/a", name: "Task A" }] },
    {
      name: "Hard",
      tasks: [
        { id: "s/b", name: "Task B" },
        { id: "s/c", name: "Task C" },
      ],
    },
  ],
};

const at = (task: string, instance: string, model: string, score: number | null, epoch = 0): SampleRecord =>
  sample({ task, instance, model, score, epoch, suite: "s", key: `${task}/${instance}/${model}/${epoch}` });

describe("buildPaperReport", () => {
  // a: 2 subtasks; b: 1 subtask; c: 3 subtasks (one whose call failed: no score).
  const run = [
    at("s/a", "1", "m", 1),
    at("s/a", "2", "m", 0.5),
    at("s/b", "1", "m", 1, 0),
    at("s/b", "1", "m", 0, 1),
    at("s/c", "1", "m", 1),
    at("s/c", "2", "m", 0),
    at("s/c", "3", "m", null),
  ];

  it("averages epochs per subtask, counts failures as 0, and sums subtasks into buckets as the paper does", () => {
    const r = buildPaperReport(table, run);
    const figure = (rows: typeof r.tasks, name: string) => rows.find((x) => x.name === name);
    expect(figure(r.tasks, "Task A")).toMatchObject({
      subtasks: 2,
      cells: { m: { percent: 75, delta: null } },
    });
    expect(figure(r.tasks, "Task B")?.cells.m?.percent).toBe(50);
    expect(figure(r.tasks, "Task C")?.cells.m?.percent).toBeCloseTo(100 / 3);
    // Hard: (0.5 + 1 + 0 + 0) / 4 subtasks, not the mean of the two task figures.
    expect(figure(r.buckets, "Hard")).toMatchObject({ subtasks: 4, cells: { m: { percent: 37.5 } } });
    expect(figure(r.tasks, "Hard subtotal")?.cells.m?.percent).toBe(37.5);
    expect(figure(r.buckets, "Overall")).toMatchObject({ subtasks: 6, cells: { m: { percent: 50 } } });
    expect(r.tasks.map((x) => x.kind)).toEqual([
      "heading",
      "task",
      "subtotal",
      "heading",
      "task",
      "task",
      "subtotal",
      "overall",
    ]);
  });

  it("gives each figure its difference from a baseline run, and none for a model the baseline lacks", () => {
    const baseline = [at("s/a", "1", "m", 0), at("s/a", "2", "m", 0), at("s/a", "1", "other", 1)];
    const r = buildPaperReport(table, [...run, at("s/a", "1", "new", 1)], baseline);
    const a = r.tasks.find((x) => x.name === "Task A");
    expect(a?.cells.m).toEqual({ percent: 75, delta: 75 });
    expect(a?.cells.new?.delta).toBeNull();
    expect(r.buckets.find((x) => x.name === "Hard")?.cells.m?.delta).toBeNull();
    const md = formatPaperReport(r, "md");
    expect(md).toContain("| Task A | 2 | 75.0 | +75.0 |");
    expect(md).toContain("| **Overall** | 6 |");
    expect(formatPaperReport(r, "csv").split("\n")[0]).toBe("table,row,Subtasks,m,Δ,new,Δ");
  });
});

describe("buildPaperReport with tools settings", () => {
  // In one run: k and m without tools, k with provider tools, m with provider and python tools,
  // and solo only with tools.
  const run = [
    at("s/a", "1", "k", 0),
    at("s/a", "1", "k+tools=provider", 1),
    at("s/a", "1", "m", 1),
    at("s/a", "2", "m", 0.5),
    at("s/a", "1", "m+tools=provider", 1),
    at("s/a", "2", "m+tools=provider", 1),
    at("s/a", "1", "m+tools=python", 0),
    at("s/b", "1", "m", 0),
    at("s/b", "1", "m+tools=provider", 1),
    at("s/c", "1", "solo+tools=python", 1),
  ];

  it("shows each model without tools and Δ = with tools minus without, a column per tools setting", () => {
    const r = buildPaperReport(table, run);
    expect(r.mode).toBe("tools");
    expect(r.toolsFrom).toBe("run");
    expect(r.hasBaseline).toBe(true);
    expect(r.models).toEqual(["k", "m (vs tools=provider)", "m (vs tools=python)"]);
    expect(r.columns[1]).toEqual({
      key: "m (vs tools=provider)",
      model: "m",
      against: "m+tools=provider",
      setting: "provider",
    });
    expect(r.unpaired).toEqual(["solo+tools=python"]);
    const a = r.tasks.find((x) => x.name === "Task A");
    // s/a has 2 subtasks: k 0 → 1/2; m 1.5/2 → 2/2 with provider tools, 0/2 with python.
    expect(a?.cells).toEqual({
      k: { percent: 0, delta: 50 },
      "m (vs tools=provider)": { percent: 75, delta: 25 },
      "m (vs tools=python)": { percent: 75, delta: -75 },
    });
    const b = r.tasks.find((x) => x.name === "Task B");
    expect(b?.cells["m (vs tools=provider)"]).toEqual({ percent: 0, delta: 100 });
    // Neither python tools nor k's tools answered s/b: no Δ.
    expect(b?.cells["m (vs tools=python)"]).toEqual({ percent: 0, delta: null });
    expect(b?.cells.k).toEqual({ percent: 0, delta: null });
    // Hard: s/b and s/c, 2 subtasks: m 0/2 → 1/2.
    expect(r.buckets.find((x) => x.name === "Hard")?.cells["m (vs tools=provider)"]).toEqual({
      percent: 0,
      delta: 50,
    });
    const md = formatPaperReport(r, "md");
    expect(md).toContain("Δ: the same model with tools (its +tools=… setting in this run) minus without");
    expect(md).toContain(
      "| Task | Subtasks | k | Δ tools=provider | m (vs tools=provider) | Δ tools=provider |",
    );
    expect(md).toContain("| Task A | 2 | 0.0 | +50.0 | 75.0 | +25.0 | 75.0 | -75.0 |");
    expect(md).toContain("Not shown (no model without tools to pair with): solo+tools=python");
  });

  it("shows every setting as a column of its own when asked not to pair them", () => {
    const r = buildPaperReport(table, run, { pairSettings: false });
    expect(r.mode).toBe("plain");
    expect(r.hasBaseline).toBe(false);
    expect(r.models).toContain("m+tools=python");
    expect(r.tasks.find((x) => x.name === "Task A")?.cells["m+tools=provider"]).toEqual({
      percent: 100,
      delta: null,
    });
  });

  it("pairs a no-tools run with a tools run by base id", () => {
    const noTools = [
      at("s/a", "1", "m", 1),
      at("s/a", "2", "m", 0.5),
      at("s/b", "1", "m", 0),
      at("s/a", "1", "k", 1),
    ];
    const tools = [
      at("s/a", "1", "m+tools=provider", 0),
      at("s/a", "2", "m+tools=provider", 0),
      at("s/a", "1", "k", 0),
      at("s/a", "2", "k", 1),
      at("s/a", "1", "z+tools=python", 1),
    ];
    const r = buildPaperReport(table, noTools, { tools });
    expect(r).toMatchObject({
      mode: "tools",
      toolsFrom: "runs",
      models: ["k", "m"],
      unpaired: ["z+tools=python"],
    });
    expect(r.columns.map((c) => [c.against, c.setting])).toEqual([
      ["k", null],
      ["m+tools=provider", "provider"],
    ]);
    const a = r.tasks.find((x) => x.name === "Task A");
    expect(a?.cells).toEqual({ k: { percent: 50, delta: 0 }, m: { percent: 75, delta: -75 } });
    expect(r.buckets.find((x) => x.name === "Hard")?.cells.m).toEqual({ percent: 0, delta: null });
    const md = formatPaperReport(r, "md");
    expect(md).toContain("Δ: the tools run minus this run");
    expect(md).toContain("| Bucket | Subtasks | k | Δ tools run | m | Δ tools=provider |");
    expect(() => buildPaperReport(table, noTools, { tools, baseline: noTools })).toThrow(/not both/);
  });

  it("matches a baseline's models by base id, and keeps the baseline mode in a run with tools settings", () => {
    const mine = [
      at("s/a", "1", "m+tools=provider", 1),
      at("s/a", "2", "m+tools=provider", 1),
      at("s/a", "1", "m", 1),
    ];
    const baseline = [
      at("s/a", "1", "m", 0),
      at("s/a", "2", "m", 0.5),
      at("s/a", "1", "m+max-output-tokens=9", 1),
    ];
    const r = buildPaperReport(table, mine, { baseline });
    expect(r.mode).toBe("baseline");
    expect(r.columns.map((c) => [c.key, c.against])).toEqual([
      ["m", "m"],
      ["m+tools=provider", "m"],
    ]);
    const a = r.tasks.find((x) => x.name === "Task A");
    expect(a?.cells).toEqual({
      m: { percent: 50, delta: 25 },
      "m+tools=provider": { percent: 100, delta: 75 },
    });
    expect(formatPaperReport(r, "md")).toContain(
      "Δ: this run minus the baseline run, in points (models matched by id, else by base id)",
    );
    // Only by base id, when that is the one candidate.
    const other = buildPaperReport(
      table,
      [at("s/a", "1", "x+tools=python", 1)],
      [at("s/a", "1", "x+max-output-tokens=9", 0)],
    );
    expect(other.columns[0]?.against).toBe("x+max-output-tokens=9");
    expect(other.tasks.find((t) => t.name === "Task A")?.cells["x+tools=python"]?.delta).toBe(100);
  });
});
