/**
 * The analysis layer: one call of the python tool in the verifiers' jail beside the same code run
 * by a bare interpreter; the analyses of a large run beside its main report; the failure judge's
 * prompt and strict reader on long attempts.
 */
import { execFile } from "node:child_process";
import { SCBENCH_LABELS } from "../src/core/failure-modes.ts";
import { failurePrompt, readFailureLabel } from "../src/eval/failure-judge.ts";
import { pythonToolHost, pythonToolUnavailable } from "../src/eval/python-tool.ts";
import { buildAnalysis } from "../src/report/analysis.ts";
import { buildReport } from "../src/report/report.ts";
import { createSandbox } from "../src/sandbox/index.ts";
import { sample } from "../src/store/testing.ts";
import type { LabelRecord, PickRecord, SampleRecord } from "../src/store/types.ts";

type Row = [string, string, string];

const CODE = "import math\nprint(sum(math.isqrt(i) for i in range(10000)))";

function python(executable: string, code: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(executable, ["-I", "-c", code], (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
}

/** A run of `problems` instances × 4 epochs × 4 models (two of them under the python tool). */
function syntheticRun(problems: number): {
  samples: SampleRecord[];
  labels: LabelRecord[];
  picks: PickRecord[];
} {
  const models = ["m1", "m1+tools=python", "m2", "m2+tools=python"];
  const samples: SampleRecord[] = [];
  const labels: LabelRecord[] = [];
  const picks: PickRecord[] = [];
  const ids = SCBENCH_LABELS.labels.map((l) => l.id);
  let n = 0;
  for (let p = 0; p < problems; p++)
    for (const model of models) {
      const keys: string[] = [];
      for (let epoch = 0; epoch < 4; epoch++) {
        const passed = (p * 7 + epoch * 3 + model.length) % 5 === 0;
        const key = `k${n++}`;
        keys.push(key);
        samples.push(
          sample({
            key,
            task: `t${p % 5}`,
            instance: `i${p}`,
            model,
            epoch,
            passed,
            score: passed ? 1 : 0.2,
          }),
        );
        if (!passed)
          labels.push({
            run: "r1",
            sampleKey: key,
            taxonomy: "scbench",
            judge: "j",
            label: ids[n % ids.length] as string,
            confidence: 0.8,
            reason: "r",
            replies: [],
            errors: [],
            usage: { input: 0, output: 0, reasoning: 0, cached: 0 },
            costUsd: 0,
            createdAt: "",
          });
      }
      picks.push({
        run: "r1",
        model,
        task: `t${p % 5}`,
        instance: `i${p}`,
        k: 4,
        judge: "j",
        picked: keys[p % 4] as string,
        candidates: keys,
        replies: [],
        errors: [],
        usage: { input: 0, output: 0, reasoning: 0, cached: 0 },
        costUsd: 0,
        createdAt: "",
      });
    }
  return { samples, labels, picks };
}

export async function benchAnalysis(median: (xs: number[]) => number, runs: number): Promise<Row[]> {
  const rows: Row[] = [];
  const sandbox = createSandbox();
  const missing = await pythonToolUnavailable(sandbox);
  if (missing === null) {
    const tool = pythonToolHost({ sandbox });
    const signal = new AbortController().signal;
    // The interpreter itself, not a shim in front of it (pyenv's costs more than the jail).
    const executable = (await python("python3", "import sys; print(sys.executable)")).trim();
    const jailed: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < runs * 4; i++) {
      let t0 = performance.now();
      const r = await tool.python(CODE, signal);
      if (r.error !== undefined) throw new Error(`python tool: ${r.error}`);
      jailed.push(performance.now() - t0);
      t0 = performance.now();
      await python(executable, CODE);
      direct.push(performance.now() - t0);
    }
    rows.push([
      "python tool: one call in the jail vs a bare python3",
      `${median(jailed).toFixed(0)} ms vs ${median(direct).toFixed(0)} ms`,
      "what a tool call adds to a model's turn; bare: the same interpreter started directly (its site-packages load; the jail shows it none)",
    ]);
  } else rows.push(["python tool", "skipped", missing]);

  const { samples, labels, picks } = syntheticRun(2500);
  const reportMs: number[] = [];
  const analysisMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    buildReport(samples);
    reportMs.push(performance.now() - t0);
    t0 = performance.now();
    buildAnalysis(samples, { labels, picks, sets: [SCBENCH_LABELS] });
    analysisMs.push(performance.now() - t0);
  }
  rows.push([
    `analyses vs main report: ${samples.length.toLocaleString("en")} samples, ${labels.length.toLocaleString("en")} labels`,
    `${median(analysisMs).toFixed(0)} ms vs ${median(reportMs).toFixed(0)} ms`,
    "tools deltas, selection (k = 4, judge picks) and failure distributions",
  ]);

  const long = sample({ text: "x".repeat(200_000), reasoning: "y".repeat(200_000) });
  const reply = '{"label": "local-only", "confidence": 0.7, "reason": "the loop misses two cells"}';
  const promptMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    for (let j = 0; j < 200; j++) {
      failurePrompt(SCBENCH_LABELS, undefined, long, []);
      readFailureLabel(reply, SCBENCH_LABELS);
    }
    promptMs.push((performance.now() - t0) / 200);
  }
  rows.push([
    "failure judge: prompt + strict read, 400 KB attempt",
    `${median(promptMs).toFixed(2)} ms`,
    "the attempt is cut to bounded lengths before the judge sees it",
  ]);
  return rows;
}
