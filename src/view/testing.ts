/**
 * A run with what the seeds' analyses read, for the viewer's tests: one model without tools and
 * under `+tools=python` (with tool calls), the same model swept over two output-token caps, two
 * epochs per problem (selection strategies), a judge's picks, and failure-mode labels. Hostile
 * text (markup, script) sits in a tool call's output and a label's reason: the viewer must show
 * it as text.
 */
import type { ToolCall } from "../core/model.ts";
import type { Store } from "../store/store.ts";
import { sample } from "../store/testing.ts";
import type { LabelRecord, SampleRecord } from "../store/types.ts";

/** Markup a page must never run or render: `window.__pwned` is set if it does. */
export const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>`;

export const TOOLS_MODEL = "m+tools=python";

/** The first sample of the tools setting: its key, and its tool calls. */
export const TOOL_SAMPLE_KEY = "scbench/shikaku/2/m+tools=python/0";
export const TOOL_CALLS: ToolCall[] = [
  {
    tool: "python",
    by: "plumb",
    input: "import itertools\nprint(sum(range(10)))",
    output: `45\n${HOSTILE}`,
    ms: 120,
  },
  {
    tool: "python",
    by: "plumb",
    input: "while True: pass",
    output: "",
    error: "over its 10 s time cap",
    ms: 10_000,
  },
];

const TASKS = ["scbench/shikaku", "scbench/pipe-loop"];
const INSTANCES = ["0", "1", "2"];

/** Whether (task, instance, model, epoch) passes: tools help, and the larger cap helps. */
function passes(task: string, instance: number, model: string, epoch: number): boolean {
  const base = (instance + epoch + (task.endsWith("loop") ? 1 : 0)) % 3 === 0;
  if (model === TOOLS_MODEL) return base || instance === 1;
  if (model.endsWith("=4096")) return base || epoch === 1;
  return base;
}

/**
 * Writes the run `name` (SCBench's original preset, so it has a paper table in tools mode) into
 * `store`: samples, a judge's picks and failure labels. Returns how many samples it wrote.
 */
export async function writeAnalysisRun(store: Store, name = "analysis"): Promise<number> {
  store.openRun(name, { preset: "original", tasks: {}, models: {} });
  const models = ["m", TOOLS_MODEL, "m+max-output-tokens=1024", "m+max-output-tokens=4096"];
  const written: SampleRecord[] = [];
  for (const model of models)
    for (const task of TASKS)
      for (const [i, instance] of INSTANCES.entries())
        for (const epoch of [0, 1]) {
          const ok = passes(task, i, model, epoch);
          const key = `${task}/${instance}/${model}/${epoch}`;
          const tools = model === TOOLS_MODEL;
          written.push(
            sample({
              run: name,
              key,
              task,
              suite: "scbench",
              tags: [],
              level: null,
              instance,
              instanceHash: null,
              model,
              epoch,
              answer: null,
              verdict: {
                score: ok ? 1 : 0,
                passed: ok,
                checks: [{ name: "solved", ok }],
                ...(ok ? {} : { failure: { kind: "wrong", message: "solved: no" } }),
              },
              score: ok ? 1 : 0,
              passed: ok,
              failureKind: ok ? null : "wrong",
              finishReason: model.endsWith("=1024") && !ok ? "length" : "stop",
              usage: { input: 200, output: model.endsWith("=1024") ? 900 : 2500, reasoning: 300, cached: 0 },
              toolCalls: tools ? (key === TOOL_SAMPLE_KEY ? TOOL_CALLS : []) : null,
              toolUse: tools ? { python: key === TOOL_SAMPLE_KEY ? TOOL_CALLS.length : 0 } : null,
            }),
          );
        }
  for (const s of written) await store.save(s);
  await store.flush();
  const at = "2026-01-01T00:00:00.000Z";
  const usage = { input: 10, output: 5, reasoning: 0, cached: 0 };
  for (const task of TASKS)
    for (const instance of INSTANCES)
      store.savePick({
        run: name,
        model: "m",
        task,
        instance,
        k: 2,
        judge: "judge-model",
        picked: `${task}/${instance}/m/1`,
        candidates: [`${task}/${instance}/m/0`, `${task}/${instance}/m/1`],
        replies: ["<pick>2</pick>"],
        errors: [],
        usage,
        costUsd: 0.001,
        createdAt: at,
      });
  const labelIds = ["evasion", "near-miss", "local-only"];
  let n = 0;
  for (const s of written) {
    if (s.passed || !(s.model === "m" || s.model === TOOLS_MODEL)) continue;
    const label: LabelRecord = {
      run: name,
      sampleKey: s.key,
      taxonomy: "scbench",
      judge: "judge-model",
      label: n % 5 === 4 ? null : (labelIds[n % labelIds.length] as string),
      confidence: n % 5 === 4 ? null : 0.8,
      reason: n === 0 ? `gives up early ${HOSTILE}` : "stops before the last constraint",
      replies: ["…"],
      errors: [],
      usage,
      costUsd: 0.001,
      createdAt: at,
    };
    store.saveLabel(label);
    n++;
  }
  // The tools sample with calls is labelled too, so its page shows both.
  store.saveLabel({
    run: name,
    sampleKey: TOOL_SAMPLE_KEY,
    taxonomy: "scbench",
    judge: "judge-model",
    label: "near-miss",
    confidence: 0.9,
    reason: `close, one region off ${HOSTILE}`,
    replies: ["…"],
    errors: [],
    usage,
    costUsd: 0.001,
    createdAt: at,
  });
  store.setRunStatus(name, "done");
  return written.length;
}
