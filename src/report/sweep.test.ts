import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { svgToPng } from "../core/png.ts";
import type { ReportSample } from "../store/types.ts";
import { buildSweepReport, capLabel, formatSweepReport, sweepModelOf, sweepSvg } from "./sweep.ts";

interface Spec extends Partial<ReportSample> {
  output?: number;
  reasoning?: number;
}

let serial = 0;

/** A report sample: ok and wrong unless told, its usage from `output` and `reasoning`. */
function sample(spec: Spec): ReportSample {
  const { output = 0, reasoning = 0, ...over } = spec;
  const s: ReportSample = {
    run: "sweep",
    key: `k${serial++}`,
    task: "t",
    suite: "s",
    tags: [],
    level: null,
    instance: "i1",
    model: "m",
    epoch: 0,
    status: "ok",
    verdict: null,
    score: 0,
    passed: false,
    failureKind: "wrong",
    finishReason: "stop",
    usage: { input: 10, output, reasoning, cached: 0 },
    costUsd: null,
    spentUsd: null,
    calls: 1,
    latencyMs: 100,
    cached: false,
    judge: null,
    steps: null,
    optimalSteps: null,
    toolUse: null,
    ...over,
  };
  if (s.status === "error")
    return { ...s, passed: null, score: null, failureKind: "error", finishReason: null };
  return s;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function expectRenderable(svg: string): void {
  expect(XMLValidator.validate(svg)).toBe(true);
  const png = svgToPng(svg);
  expect(png.length).toBeGreaterThan(1000);
  expect([...png.slice(0, 8)]).toEqual(PNG_SIGNATURE);
}

describe("sweepModelOf", () => {
  it("takes the cap off the id, keeping the tools setting", () => {
    expect(sweepModelOf("openai:gpt-5.2+max-output-tokens=4096")).toEqual({
      model: "openai:gpt-5.2",
      cap: 4096,
    });
    expect(sweepModelOf("openai:gpt-5.2+tools=provider+max-output-tokens=512")).toEqual({
      model: "openai:gpt-5.2+tools=provider",
      cap: 512,
    });
    expect(sweepModelOf("openai:gpt-5.2+tools=python")).toBeNull();
    expect(sweepModelOf("oracle")).toBeNull();
  });
});

describe("buildSweepReport", () => {
  const A = "openai:gpt-5.2";
  const B = "anthropic:claude-sonnet-4-5+tools=provider";
  const samples = [
    // A at 1024: 4 samples over 2 problems; 1 passed, 1 error, 2 truncated.
    sample({
      model: `${A}+max-output-tokens=1024`,
      instance: "i1",
      passed: true,
      score: 1,
      output: 400,
      reasoning: 300,
    }),
    sample({
      model: `${A}+max-output-tokens=1024`,
      instance: "i1",
      epoch: 1,
      score: 0.5,
      output: 1024,
      reasoning: 1000,
      finishReason: "length",
    }),
    sample({
      model: `${A}+max-output-tokens=1024`,
      instance: "i2",
      output: 1024,
      reasoning: 1024,
      finishReason: "length",
      failureKind: "parse",
    }),
    sample({ model: `${A}+max-output-tokens=1024`, instance: "i2", epoch: 1, status: "error", output: 0 }),
    // A at 256 (listed after 1024 to check the ordering): 2 samples, both passed.
    sample({ model: `${A}+max-output-tokens=256`, passed: true, score: 1, output: 100, reasoning: 50 }),
    sample({
      model: `${A}+max-output-tokens=256`,
      instance: "i2",
      passed: true,
      score: 1,
      output: 200,
      reasoning: 150,
    }),
    // B, with its tools setting before the cap.
    sample({ model: `${B}+max-output-tokens=4096`, output: 3000, reasoning: 2000 }),
    // Left out: no cap.
    sample({ model: A, passed: true, score: 1, output: 5 }),
    sample({ model: `${A}+tools=python`, output: 5 }),
  ];
  const r = buildSweepReport(samples);

  it("makes a series per model, the cap taken off, by model id", () => {
    expect(r.series.map((s) => s.model)).toEqual([B, A]);
    expect(r.caps).toEqual([256, 1024, 4096]);
    expect(r.samples).toBe(7);
    expect(r.uncapped).toBe(2);
    expect(r.runs).toEqual(["sweep"]);
  });

  it("gives a point per cap, ascending, with figures checked by hand", () => {
    const a = r.series[1];
    expect(a?.points.map((p) => p.cap)).toEqual([256, 1024]);
    expect(a?.points[0]).toEqual({
      cap: 256,
      samples: 2,
      problems: 2,
      answered: 2,
      passed: 2,
      accuracy: 1,
      meanScore: 1,
      meanOutputTokens: 150,
      meanReasoningTokens: 100,
      truncated: 0,
    });
    // 1 of 4 passed (the error counts as a failure); scores 1 + 0.5 + 0 + 0 (error) over 4;
    // tokens over the 3 answered: (400 + 1024 + 1024) / 3 and (300 + 1000 + 1024) / 3.
    expect(a?.points[1]).toEqual({
      cap: 1024,
      samples: 4,
      problems: 2,
      answered: 3,
      passed: 1,
      accuracy: 0.25,
      meanScore: 0.375,
      meanOutputTokens: 816,
      meanReasoningTokens: 774.6666666666666,
      truncated: 0.5,
    });
    expect(r.series[0]?.points).toEqual([
      {
        cap: 4096,
        samples: 1,
        problems: 1,
        answered: 1,
        passed: 0,
        accuracy: 0,
        meanScore: 0,
        meanOutputTokens: 3000,
        meanReasoningTokens: 2000,
        truncated: 0,
      },
    ]);
  });

  it("has no token means at a cap where every call failed", () => {
    const only = buildSweepReport([sample({ model: "m+max-output-tokens=64", status: "error" })]);
    expect(only.series[0]?.points[0]).toMatchObject({ answered: 0, meanOutputTokens: null, accuracy: 0 });
  });

  it("has no series without capped samples", () => {
    const none = buildSweepReport([sample({ model: "m" }), sample({ model: "m+tools=provider" })]);
    expect(none.series).toEqual([]);
    expect(none.caps).toEqual([]);
    expect(none.uncapped).toBe(2);
    expect(formatSweepReport(none, "md")).toContain("No samples under an output-token cap");
  });

  it("formats as Markdown, JSON and CSV", () => {
    const md = formatSweepReport(r, "md");
    expect(md).toContain(
      "| Model | Cap | n | Problems | Accuracy | Score | Output tok | Reasoning tok | Truncated |",
    );
    expect(md).toContain(`| ${A} | 1k | 4 | 2 | 25.0% | 37.5% | 816 | 775 | 50.0% |`);
    expect(md).toContain(`| ${B} | 4k | 1 | 1 | 0.0% | 0.0% | 3,000 | 2,000 | 0.0% |`);
    expect(md).toContain("2 samples without an output-token cap left out.");
    expect(JSON.parse(formatSweepReport(r, "json"))).toEqual(JSON.parse(JSON.stringify(r)));
    const csv = formatSweepReport(r, "csv").trimEnd().split("\r\n");
    expect(csv[0]).toBe(
      "model,cap,samples,problems,answered,passed,accuracy,mean_score,mean_output_tokens,mean_reasoning_tokens,truncated",
    );
    expect(csv).toHaveLength(4);
    expect(csv[2]).toBe(`${A},256,2,2,2,2,1,1,150,100,0`);
  });
});

describe("capLabel", () => {
  it("names binary multiples compactly", () => {
    expect([256, 512, 1024, 4096, 65536, 1 << 20, 1000, 1536].map(capLabel)).toEqual([
      "256",
      "512",
      "1k",
      "4k",
      "64k",
      "1M",
      "1000",
      "1536",
    ]);
  });
});

describe("sweepSvg", () => {
  const caps = [256, 512, 1024, 4096, 65536];
  const models = ["openai:gpt-5.2", `evil</text><script>alert("x")</script>&amp;\u0001'model`];
  const samples = models.flatMap((m, mi) =>
    caps.flatMap((cap, ci) =>
      [0, 1, 2].map((i) =>
        sample({
          model: `${m}+max-output-tokens=${cap}`,
          instance: `i${i}`,
          passed: i < ci + mi,
          output: Math.min(cap, 300 * (ci + 1)),
        }),
      ),
    ),
  );
  const r = buildSweepReport(samples);
  const svg = sweepSvg(r, { title: "Budget <sweep>" });

  it("is well-formed XML with the model names escaped", () => {
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain("<script>");
    expect(svg).not.toContain("\u0001");
    const doc = new XMLParser({ ignoreAttributes: false, htmlEntities: true }).parse(svg);
    expect(doc.svg["@_width"]).toBe("900");
    // The full, escaped id is the legend entry's tooltip and reads back as given (bar the control character).
    const titles = (doc.svg.g as { title: string }[]).map((g) => g.title);
    expect(titles).toContain(`evil</text><script>alert("x")</script>&amp;?'model`);
  });

  it("draws a line per model in each panel, ticks at powers of two with compact labels", () => {
    // Two panels × two models, plus each panel's axes.
    expect(svg.match(/<polyline[^>]*stroke-width="2"/g)).toHaveLength(4);
    for (const label of [">256<", ">512<", ">1k<", ">4k<", ">64k<"]) expect(svg).toContain(label);
    expect(svg).toContain("(a) Accuracy");
    expect(svg).toContain("(b) Realised output tokens");
    expect(svg).toContain("Budget &lt;sweep&gt;");
  });

  it("renders to a PNG, and so does an empty sweep or a single cap", () => {
    expectRenderable(svg);
    expectRenderable(sweepSvg(buildSweepReport([])));
    expectRenderable(sweepSvg(buildSweepReport([sample({ model: "m+max-output-tokens=2048", output: 9 })])));
  });

  it("grows to fit a long legend", () => {
    const many = buildSweepReport(
      Array.from({ length: 30 }, (_, i) => sample({ model: `model-${i}+max-output-tokens=1024` })),
    );
    const out = sweepSvg(many);
    const height = Number(/height="(\d+)"/.exec(out)?.[1]);
    expect(height).toBeGreaterThan(30 * 18);
    expectRenderable(out);
  });
});
