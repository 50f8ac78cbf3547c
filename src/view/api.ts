/**
 * The viewer's HTTP API: every route's path, its query or body (zod, checked by the server) and its
 * response (zod, checked by the web app as it reads them). The web app and the static export share
 * this module with the server, so a drift between them fails to typecheck or fails loudly.
 *
 * Read routes are GET and answer JSON; the store is opened read-only for them. Play routes (POST)
 * write the `human` runs.
 */
import { z } from "zod";

/**
 * A GET path with its query, parameters sorted and empty ones dropped: what the web app asks for,
 * and so the key of each response a static export embeds.
 */
export function apiPath(path: string, query: Record<string, string | number | undefined> = {}): string {
  const entries = Object.entries(query)
    .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString();
  return search === "" ? path : `${path}?${search}`;
}

const usage = z.object({ input: z.number(), output: z.number(), reasoning: z.number(), cached: z.number() });
const check = z.object({ name: z.string(), ok: z.boolean(), detail: z.string().optional() });
export const verdictSchema = z.object({
  score: z.number(),
  passed: z.boolean(),
  checks: z.array(check),
  failure: z.object({ kind: z.string(), message: z.string() }).optional(),
  isolation: z.string().optional(),
  metrics: z.record(z.string(), z.number()).optional(),
});

export const renderingSchema = z.object({
  kind: z.literal("svg"),
  svg: z.string(),
  width: z.number(),
  height: z.number(),
});
export type RenderingJson = z.infer<typeof renderingSchema>;

export const sceneSchema = z.object({
  title: z.string().optional(),
  voxels: z.array(
    z.object({
      at: z.tuple([z.number(), z.number(), z.number()]),
      color: z.string(),
      group: z.string().optional(),
      opacity: z.number().optional(),
    }),
  ),
  meshes: z.array(
    z.object({
      name: z.string(),
      color: z.string(),
      positions: z.array(z.number()),
      triangles: z.array(z.number()),
      opacity: z.number().optional(),
    }),
  ),
});
export type SceneJson = z.infer<typeof sceneSchema>;

/** An image a model was given, regenerated from what the run stored, as a data: URL (PNG). */
export const imageSchema = z.object({ alt: z.string(), dataUrl: z.string() });
export type ImageJson = z.infer<typeof imageSchema>;

/** One tool call a model made while answering, in order (core/model.ts ToolCall). Model text: shown as text only. */
export const toolCallSchema = z.object({
  /** "python", "code_interpreter", "code_execution", "web_search", … */
  tool: z.string(),
  /** "provider": run on the provider's side; "plumb": run by Plumb (the python tool). */
  by: z.enum(["provider", "plumb"]),
  /** The code or the query, clipped. */
  input: z.string(),
  /** What the model was given back, clipped. */
  output: z.string(),
  error: z.string().optional(),
  ms: z.number().optional(),
});
export type ToolCallJson = z.infer<typeof toolCallSchema>;

/** A stored sample as the store gives it (store/types.ts SampleRecord). */
export const sampleSchema = z.object({
  run: z.string(),
  key: z.string(),
  task: z.string(),
  suite: z.string(),
  tags: z.array(z.string()),
  level: z.string().nullable(),
  instance: z.string(),
  instanceHash: z.string().nullable(),
  model: z.string(),
  epoch: z.number(),
  status: z.enum(["ok", "error"]),
  prompt: z.unknown(),
  text: z.string().nullable(),
  reasoning: z.string().nullable(),
  answer: z.unknown(),
  verdict: verdictSchema.nullable(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  failureKind: z.string().nullable(),
  finishReason: z.string().nullable(),
  usage,
  costUsd: z.number().nullable(),
  spentUsd: z.number().nullable(),
  calls: z.number(),
  latencyMs: z.number(),
  attempts: z.array(z.unknown()),
  error: z.string().nullable(),
  cached: z.boolean(),
  judge: z.unknown().nullable(),
  steps: z.number().nullable(),
  optimalSteps: z.number().nullable(),
  /** The tool calls of a sample run under a tools setting, in order; null without tools. */
  toolCalls: z.array(toolCallSchema).nullable(),
  /** Tool use by tool name (calls, or the units a provider bills); null without tools. */
  toolUse: z.record(z.string(), z.number()).nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
});
export type SampleJson = z.infer<typeof sampleSchema>;

/** One row of a sample list: what a table shows, not the prompt or the reply. */
export const sampleSummarySchema = sampleSchema.pick({
  key: true,
  task: true,
  suite: true,
  level: true,
  instance: true,
  model: true,
  epoch: true,
  status: true,
  score: true,
  passed: true,
  failureKind: true,
  steps: true,
  usage: true,
  costUsd: true,
  latencyMs: true,
});
export type SampleSummary = z.infer<typeof sampleSummarySchema>;

export const runSummarySchema = z.object({
  name: z.string(),
  createdAt: z.string(),
  status: z.enum(["running", "done", "stopped", "interrupted"]),
  samples: z.number(),
  passed: z.number(),
  errors: z.number(),
  tasks: z.array(z.string()),
  suites: z.array(z.string()),
  models: z.array(z.string()),
  tags: z.array(z.string()),
  /** The preset the run was made on (e.g. "original"), if any. */
  preset: z.string().nullable(),
  /** The output-token cap the run was made with, if any (token-budget curves). */
  maxOutputTokens: z.number().nullable(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

// ---- GET /api/runs
export const runsQuery = z.object({
  task: z.string().optional(),
  suite: z.string().optional(),
  model: z.string().optional(),
  tag: z.string().optional(),
  /** ISO dates, inclusive. */
  since: z.string().optional(),
  until: z.string().optional(),
});
export const runsResponse = z.object({ runs: z.array(runSummarySchema) });

// ---- GET /api/runs/:run
/** The report's JSON (report/report.ts Report; report/paper-table.ts PaperReport), as `plumb report --format json` prints it. */
export const runDetailResponse = z.object({
  run: runSummarySchema,
  spec: z.unknown(),
  totals: z.object({
    samples: z.number(),
    ok: z.number(),
    errors: z.number(),
    passed: z.number(),
    usage,
    costUsd: z.number(),
    spentUsd: z.number(),
    savedUsd: z.number(),
    unpricedSamples: z.number(),
    latencyMs: z.number(),
    calls: z.number(),
  }),
  /** The values the run's samples take, for filters. */
  facets: z.object({
    tasks: z.array(z.string()),
    models: z.array(z.string()),
    levels: z.array(z.string()),
    failureKinds: z.array(z.string()),
  }),
});

// ---- GET /api/runs/:run/report
/**
 * The run's report apart from its detail: the detail is a few SQL aggregates, while the report reads
 * every sample (seconds for 100,000, then cached until the run changes), so a run's page opens at once.
 */
export const runReportResponse = z.object({
  report: z.record(z.string(), z.unknown()),
  paper: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The seeds' analyses (report/analysis.ts AnalysisReport: tools minus no tools, budget sweep,
   * selection strategies, failure-mode distributions), null when the run has none of them.
   */
  analysis: z.record(z.string(), z.unknown()).nullable(),
  /** The budget sweep's figure (report/sweep.ts sweepSvg: SCBench's Figure 3), when there is a sweep. */
  sweepPlot: renderingSchema.nullable(),
});

// ---- GET /api/leaderboard?suite=
export const leaderboardQuery = z.object({ suite: z.string().optional() });
export const leaderboardResponse = z.object({
  suites: z.array(z.string()),
  suite: z.string().nullable(),
  /** One row per (run, model) with samples of the suite: the report's overall row over those samples. */
  rows: z.array(
    z.object({
      run: z.string(),
      model: z.string(),
      createdAt: z.string(),
      maxOutputTokens: z.number().nullable(),
      row: z.record(z.string(), z.unknown()),
    }),
  ),
  /** Accuracy by level per (run, model), for the chart. */
  levels: z.array(
    z.object({
      run: z.string(),
      model: z.string(),
      level: z.string(),
      accuracy: z.number(),
      samples: z.number(),
    }),
  ),
});

// ---- GET /api/runs/:run/samples
export const samplesQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  task: z.string().optional(),
  model: z.string().optional(),
  level: z.string().optional(),
  status: z.enum(["ok", "error"]).optional(),
  /** "passed", or a failure kind: parse, invalid, wrong, unscored, error. */
  outcome: z.string().optional(),
});
export const samplesResponse = z.object({
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
  samples: z.array(sampleSummarySchema),
});

/** A failure-mode label a judge gave a sample (store/types.ts LabelRecord, with the label's name). */
export const sampleLabelSchema = z.object({
  /** The label set's id ("scbench") and title (null for a set the viewer does not know). */
  taxonomy: z.string(),
  taxonomyTitle: z.string().nullable(),
  /** The judge model's id. */
  judge: z.string(),
  /** The label's id and name; null when no reply of the judge read as a label. */
  label: z.string().nullable(),
  name: z.string().nullable(),
  confidence: z.number().nullable(),
  /** The judge's one-line reason (model text). */
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type SampleLabelJson = z.infer<typeof sampleLabelSchema>;

// ---- GET /api/runs/:run/samples/:key
export const sampleDetailResponse = z.object({
  sample: sampleSchema,
  /** The instance as stored with the run; null for runs stored before instances were kept. */
  instance: z.unknown().nullable(),
  /**
   * The task's renders: the instance alone, with the sample's answer (an episode's: the state it
   * ended in, replayed), with the reference answer.
   */
  renders: z.object({
    instance: renderingSchema.nullable(),
    answer: renderingSchema.nullable(),
    reference: renderingSchema.nullable(),
    /** Why a render is missing when the task has a renderer (its code failed on this answer). */
    error: z.string().nullable(),
  }),
  /** The reference answer (the task's solver or the instance's own), when there is one. */
  reference: z.unknown().nullable(),
  /** Which scenes `/scene?which=` can give (tasks with a 3D view). */
  scenes: z.array(z.enum(["instance", "answer", "reference"])),
  /** Stored episode steps. */
  steps: z.number(),
  /**
   * The prompt's images, drawn again by the task with the run's prompt options; only when their alt
   * texts equal the stored prompt's, in order (at most 8, 4 MB of base64).
   */
  promptImages: z.array(imageSchema),
  /** Why the stored prompt's images are not (all) shown; null when they are, or when it had none. */
  promptImagesNote: z.string().nullable(),
  /** The failure-mode labels judges gave this sample (`plumb analyse failures`), by taxonomy then judge. */
  labels: z.array(sampleLabelSchema),
});

// ---- GET /api/runs/:run/samples/:key/episode
export const episodeStepSchema = z.object({
  index: z.number(),
  observation: z.string(),
  reply: z.string(),
  action: z.unknown(),
  reward: z.number(),
  error: z.string().nullable(),
  usage,
  /** The state after this step, replayed in the task's environment. */
  render: renderingSchema.nullable(),
  hasScene: z.boolean(),
});
export const episodeResponse = z.object({
  /** The state before the first step. */
  initial: z.object({ render: renderingSchema.nullable(), hasScene: z.boolean() }),
  steps: z.array(episodeStepSchema),
  /** Why the replay stopped short (a stored action the environment no longer takes). */
  replayError: z.string().nullable(),
  /** Only the states of the first this many steps are rendered; later steps have render null. */
  renderLimit: z.number(),
  /** The run's environment gave the model images: each step's are at `/episode/:step/images`. */
  observationImages: z.boolean(),
});

// ---- GET /api/runs/:run/samples/:key/episode/:step/images
/** The images of the observation the model was given before step N's action, replayed. */
export const stepImagesResponse = z.object({
  images: z.array(imageSchema),
  /** Why they are missing or fewer than the model was given. */
  note: z.string().nullable(),
});

// ---- GET /api/runs/:run/samples/:key/scene?which=…&step=N
export const sceneQuery = z.object({
  which: z.enum(["instance", "answer", "reference", "step"]),
  /** For which=step: the state after step N (-1: before the first). */
  step: z.coerce.number().int().min(-1).optional(),
});
export const sceneResponse = sceneSchema;

// ---- GET /api/compare?a=&b=
export const compareQuery = z.object({ a: z.string(), b: z.string() });
/** report/compare.ts Comparison, as `plumb compare --format json` prints it. */
export const compareResponse = z.object({
  a: runSummarySchema,
  b: runSummarySchema,
  comparison: z.record(z.string(), z.unknown()),
});

/** Every error the API answers: HTTP 4xx/5xx with this body. */
export const errorResponse = z.object({ error: z.string() });
