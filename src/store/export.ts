import type { SampleRecord, StepRecord } from "./types.ts";

type Cell = string | number | boolean | null;

const CSV_COLUMNS: readonly [string, (s: SampleRecord) => Cell][] = [
  ["run", (s) => s.run],
  ["task", (s) => s.task],
  ["level", (s) => s.level],
  ["instance", (s) => s.instance],
  ["instance_hash", (s) => s.instanceHash],
  ["model", (s) => s.model],
  ["epoch", (s) => s.epoch],
  ["status", (s) => s.status],
  ["passed", (s) => s.passed],
  ["score", (s) => s.score],
  ["failure_kind", (s) => s.failureKind],
  ["failed_checks", (s) => failedChecks(s)],
  ["finish_reason", (s) => s.finishReason],
  ["input_tokens", (s) => s.usage.input],
  ["output_tokens", (s) => s.usage.output],
  ["reasoning_tokens", (s) => s.usage.reasoning],
  ["cached_tokens", (s) => s.usage.cached],
  ["cost_usd", (s) => s.costUsd],
  ["spent_usd", (s) => s.spentUsd],
  ["calls", (s) => s.calls],
  ["latency_ms", (s) => s.latencyMs],
  ["cached", (s) => s.cached],
  ["steps", (s) => s.steps],
  ["optimal_steps", (s) => s.optimalSteps],
  ["error", (s) => s.error],
  ["text", (s) => s.text],
];

/** One turn of an episode as exported: what the model saw and said, and what came of it. */
export type TrajectoryStep = Omit<StepRecord, "run" | "sampleKey">;

/**
 * Samples as JSONL (one SampleRecord per line; an episode's also carries its `trajectory`, every
 * turn in order, when `stepsOf` is given) or as CSV (one row per sample, RFC 4180: CRLF line ends,
 * fields holding a comma, quote or line break quoted with their quotes doubled). Null becomes an
 * empty CSV field.
 */
export function exportSamples(
  samples: SampleRecord[],
  format: "jsonl" | "csv",
  stepsOf?: (s: SampleRecord) => StepRecord[],
): string {
  if (format === "jsonl") {
    return samples
      .map((s) => {
        if (s.steps === null || !stepsOf) return `${JSON.stringify(s)}\n`;
        const trajectory: TrajectoryStep[] = stepsOf(s).map(({ run: _, sampleKey: __, ...step }) => step);
        return `${JSON.stringify({ ...s, trajectory })}\n`;
      })
      .join("");
  }
  const header = CSV_COLUMNS.map(([name]) => name);
  const rows = samples.map((s) => CSV_COLUMNS.map(([, get]) => csvField(get(s))));
  return [header, ...rows].map((cells) => `${cells.join(",")}\r\n`).join("");
}

function failedChecks(s: SampleRecord): string | null {
  if (!s.verdict) return null;
  return s.verdict.checks
    .filter((c) => !c.ok)
    .map((c) => c.name)
    .join(";");
}

function csvField(value: Cell): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
