import { describe, expect, it } from "vitest";
import { sample } from "../store/testing.ts";
import type { SampleRecord } from "../store/types.ts";
import {
  buildSettingsDelta,
  formatSettingsDelta,
  paperBuckets,
  settingsPairs,
  splitTools,
} from "./settings-delta.ts";

const at = (
  task: string,
  instance: string,
  model: string,
  score: number | null,
  epoch = 0,
  run = "r1",
): SampleRecord =>
  sample({
    run,
    task,
    instance,
    model,
    score,
    epoch,
    suite: "s",
    key: `${task}/${instance}/${model}/${epoch}`,
  });

describe("splitTools and settingsPairs", () => {
  it("takes the tools setting off an id and keeps the others", () => {
    expect(splitTools("openai:gpt-5.2+tools=provider")).toEqual({
      noTools: "openai:gpt-5.2",
      tools: "provider",
    });
    expect(splitTools("m+tools=python+max-output-tokens=100")).toEqual({
      noTools: "m+max-output-tokens=100",
      tools: "python",
    });
    expect(splitTools("m")).toEqual({ noTools: "m", tools: undefined });
  });

  it("pairs within a run by the id without tools, and across runs the same id too", () => {
    expect(
      settingsPairs([
        "m",
        "m+tools=python",
        "m+max-output-tokens=100",
        "m+tools=provider+max-output-tokens=100",
      ]),
    ).toEqual([
      { model: "m", tools: "m+tools=python", setting: "python", source: "run" },
      {
        model: "m+max-output-tokens=100",
        tools: "m+tools=provider+max-output-tokens=100",
        setting: "provider",
        source: "run",
      },
    ]);
    expect(settingsPairs(["m", "k"], ["m", "k+tools=python", "z"])).toEqual([
      { model: "k", tools: "k+tools=python", setting: "python", source: "other" },
      { model: "m", tools: "m", setting: null, source: "other" },
    ]);
  });
});

describe("buildSettingsDelta", () => {
  // m against provider: s/a paired on 1 and 2 (3 only without tools, 4 only with); s/b on 1.
  // m against python: s/a paired on 1 only.
  const run = [
    at("s/a", "1", "m", 1, 0),
    at("s/a", "1", "m", 0, 1),
    at("s/a", "2", "m", 1),
    at("s/a", "3", "m", 0),
    at("s/b", "1", "m", 0),
    at("s/a", "1", "m+tools=provider", 1),
    at("s/a", "2", "m+tools=provider", null),
    at("s/a", "4", "m+tools=provider", 1),
    at("s/b", "1", "m+tools=provider", 1),
    at("s/a", "1", "m+tools=python", 0.5),
    at("s/a", "1", "n", 1),
    at("s/a", "1", "solo+tools=python", 1),
  ];

  it("pairs the settings within one run, over the subtasks both answered", () => {
    const r = buildSettingsDelta(run, { buckets: { "s/a": "Easy", "s/b": "Hard" } });
    expect(r.mode).toBe("run");
    expect(r.pairs.map((p) => [p.model, p.tools])).toEqual([
      ["m", "m+tools=provider"],
      ["m", "m+tools=python"],
    ]);
    expect(r.unpaired).toEqual(["n", "solo+tools=python"]);
    const [a, b] = r.tasks;
    expect(a?.name).toBe("s/a");
    // no tools (0.5 + 1) / 2, tools (1 + 0: an error) / 2.
    expect(a?.cells[0]).toEqual({
      model: "m",
      tools: "m+tools=provider",
      paired: 2,
      onlyNoTools: 1,
      onlyTools: 1,
      noToolsPercent: 75,
      toolsPercent: 50,
      delta: -25,
    });
    expect(a?.cells[1]).toMatchObject({
      paired: 1,
      onlyNoTools: 2,
      onlyTools: 0,
      noToolsPercent: 50,
      delta: 0,
    });
    expect(b?.cells[0]).toMatchObject({ paired: 1, noToolsPercent: 0, toolsPercent: 100, delta: 100 });
    expect(b?.cells[1]).toMatchObject({ paired: 0, onlyNoTools: 1, noToolsPercent: null, delta: null });
    // Overall pools the subtasks: (0.5 + 1 + 0) / 3 against (1 + 0 + 1) / 3.
    const all = r.overall.cells[0];
    expect(all).toMatchObject({ paired: 3, onlyNoTools: 1, onlyTools: 1, noToolsPercent: 50 });
    expect(all?.toolsPercent).toBeCloseTo(200 / 3);
    expect(all?.delta).toBeCloseTo(50 / 3);
    expect(r.buckets.map((x) => [x.name, x.cells[0]?.delta])).toEqual([
      ["Easy", -25],
      ["Hard", 100],
    ]);
  });

  it("pairs a no-tools run with a tools run by base id, the same id included", () => {
    const noTools = [
      at("s/a", "1", "m", 1),
      at("s/a", "2", "m", 0),
      at("s/a", "1", "k", 0),
      at("s/a", "9", "k", 1),
    ];
    const tools = [
      at("s/a", "1", "m+tools=provider", 0, 0, "r2"),
      at("s/a", "2", "m+tools=provider", 1, 0, "r2"),
      at("s/a", "1", "k", 1, 0, "r2"),
      at("s/a", "1", "z", 1, 0, "r2"),
    ];
    const r = buildSettingsDelta(noTools, { other: tools });
    expect(r.mode).toBe("runs");
    expect(r.pairs).toEqual([
      { model: "k", tools: "k", setting: null, source: "other" },
      { model: "m", tools: "m+tools=provider", setting: "provider", source: "other" },
    ]);
    expect(r.unpaired).toEqual(["z"]);
    expect(r.overall.cells[0]).toMatchObject({
      paired: 1,
      onlyNoTools: 1,
      noToolsPercent: 0,
      toolsPercent: 100,
      delta: 100,
    });
    expect(r.overall.cells[1]).toMatchObject({ paired: 2, noToolsPercent: 50, toolsPercent: 50, delta: 0 });
    expect(r.buckets).toEqual([]);
  });

  it("formats markdown, csv and json", () => {
    const r = buildSettingsDelta(run, {
      buckets: paperBuckets({
        suite: "s",
        preset: "p",
        title: "T",
        buckets: [
          { name: "Easy", tasks: [{ id: "s/a", name: "A" }] },
          { name: "Hard", tasks: [{ id: "s/b", name: "B" }] },
        ],
      }),
    });
    const md = formatSettingsDelta(r, "md");
    expect(md).toContain("| Overall | m | tools=provider | 3 | 50.0 | 66.7 | +16.7 | 1 / 1 |");
    expect(md).toContain("| Hard | m | tools=python | 0 | – | – | – | 1 / 0 |");
    expect(md).toContain("| s/a | m | tools=provider | 2 | 75.0 | 50.0 | -25.0 | 1 / 1 |");
    expect(md).toContain("Without a counterpart (left out): n, solo+tools=python");
    const csv = formatSettingsDelta(r, "csv").split("\n");
    expect(csv[0]).toBe(
      "scope,name,model,tools_model,setting,paired,only_no_tools,only_tools,no_tools_pct,tools_pct,delta",
    );
    expect(csv).toContain("task,s/a,m,m+tools=provider,tools=provider,2,1,1,75,50,-25");
    expect(JSON.parse(formatSettingsDelta(r, "json")).pairs).toHaveLength(2);
    expect(formatSettingsDelta(buildSettingsDelta([at("s/a", "1", "m", 1)]), "md")).toContain(
      "No model was run both with and without tools.",
    );
  });
});
