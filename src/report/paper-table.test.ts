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
