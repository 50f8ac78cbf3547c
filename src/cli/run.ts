import { writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { InputError } from "../core/errors.ts";
import { generateInstances, parseOverrides, resolveParams } from "../core/instances.ts";
import { type GenerationOptions, type Model, type ToolHost, ZERO_USAGE } from "../core/model.ts";
import { svgToPng } from "../core/png.ts";
import { buildPrompt, readPromptTemplate } from "../core/prompt-template.ts";
import { loadTasks } from "../core/registry.ts";
import type { AnyTask, Instance, PromptOptions } from "../core/task.ts";
import { builtinAgent } from "../eval/agents.ts";
import type { CacheMode } from "../eval/cache-mode.ts";
import { claimRun, type SampleClaims } from "../eval/claim.ts";
import { historyOf } from "../eval/history.ts";
import { buildPlan } from "../eval/plan.ts";
import { createChecker } from "../eval/pool/index.ts";
import { pythonToolHost, pythonToolUnavailable } from "../eval/python-tool.ts";
import { runPlan } from "../eval/runner.ts";
import type { RunContext } from "../eval/sample.ts";
import {
  modelsUnderSettings,
  parseTokenList,
  parseToolSettings,
  type SettingOptions,
} from "../eval/settings.ts";
import {
  instanceHash,
  provenance,
  type RunSpec,
  reportGroupsOf,
  storedReportGroups,
  taskEntry,
} from "../eval/spec.ts";
import { BUILTIN_PRICES, costOf, loadPriceTable, type PriceTable } from "../models/prices.ts";
import { checkOptions, loadEnvFile, resolveModels } from "../models/resolve.ts";
import { formatReport } from "../report/format.ts";
import { buildReport } from "../report/report.ts";
import { buildSweepReport, formatSweepReport, sweepSvg } from "../report/sweep.ts";
import { Store, storeError } from "../store/store.ts";
import { CATALOG_MODULE } from "../suites/catalog.ts";
import { fromPreset } from "./commands.ts";
import { DEFAULT_COUNT, DEFAULT_TOOL_CALLS } from "./defaults.ts";
import { readInstances, reportErrors } from "./lines.ts";
import { progressBar } from "./progress.ts";

export interface RunFlags {
  model: string[];
  models?: string;
  instances?: string;
  level?: string;
  preset?: string;
  set: string[];
  count?: number;
  seed: string;
  epochs: number;
  concurrency: number;
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  reasoningEffort?: "minimal" | "low" | "medium" | "high";
  thinkingBudget?: number;
  timeout: number;
  retries: number;
  retryAfter: boolean;
  run?: string;
  newRun?: boolean;
  wait?: boolean;
  db: string;
  cache: CacheMode;
  retryErrors?: boolean;
  maxErrorRate: number;
  budgetTokens?: number;
  budgetUsd?: number;
  prices?: string;
  baseUrl?: string;
  envFile?: string;
  variant?: string;
  shots?: number;
  promptTemplate?: string;
  gym?: boolean;
  history?: number;
  maxSteps?: number;
  traceback?: boolean;
  judge?: string;
  judgeAttempts: number;
  format: "md" | "json" | "csv";
  progress: boolean;
  maxResponseBytes?: number;
  unsafeVerifiers?: boolean;
  workers?: number;
  tools?: string;
  webSearch?: boolean;
  toolCalls?: number;
}

/** `plumb sweep`: the run's options, with a list of output-token caps instead of one. */
export interface SweepFlags extends Omit<RunFlags, "maxOutputTokens"> {
  maxOutputTokens: string;
  plot?: string;
}

export function pricesFrom(file?: string): PriceTable {
  return file ? loadPriceTable(file) : BUILTIN_PRICES;
}

function instancesFor(tasks: AnyTask[], f: RunFlags): { task: AnyTask; instances: Instance[] }[] {
  if (f.preset !== undefined) {
    if (f.instances)
      throw new InputError("--preset and --instances are two instance sets: give one", { field: "--preset" });
    const without = tasks.filter((t) => !Object.hasOwn(t.presets ?? {}, f.preset as string));
    if (without.length > 0)
      throw new InputError(`no preset "${f.preset}" for ${without.map((t) => t.id).join(", ")}`, {
        field: "--preset",
      });
    const preset = f.preset;
    // --count takes the first N of each task's set, as with --instances.
    return tasks.map((task) => ({ task, instances: fromPreset(task, preset, f).slice(0, f.count) }));
  }
  if (f.instances) {
    if (tasks.length !== 1)
      throw new InputError("--instances needs exactly one task", { field: "--instances" });
    const task = tasks[0] as AnyTask;
    const { items, errors } = readInstances(task, f.instances);
    reportErrors(errors);
    if (items.length === 0) throw new InputError("no usable instance in the file", { source: f.instances });
    // --count takes the first N of the file, as it says.
    return [{ task, instances: f.count === undefined ? items : items.slice(0, f.count) }];
  }
  const overrides = parseOverrides(f.set);
  return tasks.map((task) => ({
    task,
    instances: generateInstances(
      task,
      resolveParams(task, f.level, overrides),
      f.count ?? DEFAULT_COUNT,
      f.seed,
    ),
  }));
}

/** `plumb run`: plan, ask, verify, store, report. */
export async function runCommand(target: string, f: RunFlags): Promise<void> {
  try {
    await run(target, f, []);
  } catch (e) {
    throw storeError(e, f.db) ?? e;
  }
}

/**
 * `plumb sweep`: one run in which every model is a model per output-token cap
 * (`openai:gpt-5.2+max-output-tokens=4096`), on the same instances; then the sweep's table, and its
 * plot when asked.
 */
export async function sweepCommand(target: string, f: SweepFlags): Promise<void> {
  const caps = parseTokenList(f.maxOutputTokens, "--max-output-tokens");
  if (caps.length < 2)
    throw new InputError("a sweep needs two or more caps, e.g. --max-output-tokens 1k,2k,4k", {
      field: "--max-output-tokens",
    });
  const { maxOutputTokens: _list, plot, ...rest } = f;
  try {
    const name = await run(target, rest, caps);
    withOpenStore(f.db, (store) => {
      const sweep = buildSweepReport(store.reportSamples(name));
      process.stdout.write(`\n${formatSweepReport(sweep, f.format)}\n`);
      if (plot !== undefined) writePlot(plot, sweepSvg(sweep, { title: `Budget sweep: ${name}` }));
    });
  } catch (e) {
    throw storeError(e, f.db) ?? e;
  }
}

/** Writes an SVG, or the PNG of it when the file's name ends in .png. */
export function writePlot(path: string, svg: string): void {
  writeFileSync(path, path.toLowerCase().endsWith(".png") ? svgToPng(svg) : svg);
  process.stderr.write(`wrote ${path}\n`);
}

function withOpenStore(db: string, fn: (store: Store) => void): void {
  const store = Store.open(db, { create: false });
  try {
    fn(store);
  } finally {
    store.close();
  }
}

/** Runs the target; returns the run's name. `caps`: the output-token caps of a sweep (none: a plain run). */
async function run(target: string, f: RunFlags, caps: readonly number[]): Promise<string> {
  const tasks = await loadTasks(target);
  if (f.model.length === 0) throw new InputError("give at least one --model", { field: "--model" });
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...(f.envFile ? loadEnvFile(f.envFile) : {}),
  };
  let retryWaits = 0;
  const retry = {
    retries: f.retries,
    timeoutMs: f.timeout * 1000,
    honourRetryAfter: f.retryAfter,
    onWait: () => {
      retryWaits++;
    },
  };
  const prices = pricesFrom(f.prices);
  const resolveOptions = {
    modelsFile: f.models,
    baseURL: f.baseUrl,
    env,
    retry,
    prices,
    builtin: builtinAgent,
  };
  const settingOptions: SettingOptions = {
    tools: f.tools === undefined ? ["none"] : parseToolSettings(f.tools),
    maxOutputTokens: caps,
    webSearch: f.webSearch === true,
    toolCalls: f.toolCalls ?? DEFAULT_TOOL_CALLS,
  };
  const models = modelsUnderSettings(resolveModels(f.model, resolveOptions), settingOptions);
  if (f.gym && models.some((m) => m.tools))
    throw new InputError(
      "--tools: episodes are played without tools; the tools setting is for single prompts",
      {
        field: "--tools",
      },
    );
  const judged = tasks.filter((t) => t.judge);
  if (judged.length > 0 && !f.judge) {
    throw new InputError(
      `${judged.map((t) => t.id).join(", ")} ${judged.length === 1 ? "is" : "are"} graded by a judge model: pass --judge PROVIDER:MODEL`,
      { field: "--judge" },
    );
  }
  const judgeModel = f.judge ? (resolveModels([f.judge], resolveOptions)[0] as Model) : undefined;
  const judge = judgeModel ? { model: judgeModel, attempts: f.judgeAttempts } : undefined;
  const flags: GenerationOptions = dropUndefined({
    maxOutputTokens: f.maxOutputTokens,
    temperature: f.temperature,
    topP: f.topP,
    reasoningEffort: f.reasoningEffort,
    thinkingBudget: f.thinkingBudget,
  });
  // The run's flags over each model's own options; what a provider cannot take is refused now.
  const generation = (m: Model): GenerationOptions => ({ ...m.options, ...flags });
  for (const m of models) checkOptions(m, generation(m), m.tools);
  const python = models.some((m) => m.tools?.kind === "python");
  if (python) {
    const why = await pythonToolUnavailable();
    if (why !== null) throw new InputError(`--tools python: ${why}`, { field: "--tools" });
  }
  const costFor = (m: Model, usage: typeof ZERO_USAGE, toolUse?: Readonly<Record<string, number>>) =>
    costOf(m, usage, prices, toolUse);
  if (f.budgetUsd !== undefined) {
    const unpriced = [...models, ...(judgeModel ? [judgeModel] : [])].filter(
      (m) => costFor(m, ZERO_USAGE) === null,
    );
    if (unpriced.length > 0) {
      throw new InputError(
        `--budget-usd cannot be kept: no price for ${unpriced.map((m) => m.id).join(", ")}; give one with --prices (or a models file)`,
        { field: "--budget-usd" },
      );
    }
  }

  const work = instancesFor(tasks, f).map((w) => ({ ...w, hashes: w.instances.map(instanceHash) }));
  const episode = f.gym === true;
  if (episode && !tasks.some((t) => t.env))
    throw new InputError(`--gym: ${target} has no interactive environment`);
  if (episode && f.promptTemplate)
    throw new InputError("--prompt-template words single prompts; an episode's words are its environment's", {
      field: "--prompt-template",
    });
  const prompt: PromptOptions = dropUndefined({
    variant: f.variant,
    shots: f.shots,
    template: f.promptTemplate === undefined ? undefined : readPromptTemplate(f.promptTemplate),
  });
  // Bad prompt options fail here, before any call is made.
  for (const { task, instances } of work) {
    const first = instances[0];
    if (first && !episode)
      buildPrompt(task, first, { ...prompt, maxOutputTokens: caps[0] ?? f.maxOutputTokens });
  }
  const plan = buildPlan(work, models, { epochs: f.epochs, episode, prompt, generation });
  // The step cap reaches the environment too, so its budget, its text and its end agree with it.
  const envOptions = episode
    ? {
        ...(f.traceback ? { traceback: true } : {}),
        ...(f.variant === "vision" ? { vision: true } : {}),
        // CHAIN's vision-first condition: the images, and no state in the text.
        ...(f.variant === "image-only" ? { vision: true, imageOnly: true } : {}),
        ...(f.maxSteps !== undefined ? { maxSteps: f.maxSteps } : {}),
      }
    : undefined;
  // Environment options a task's environment does not take (a variant, --traceback) fail here too.
  for (const { task, instances } of work) {
    const first = instances[0];
    if (episode && first && task.env) task.env(first, envOptions);
  }
  const settings = Object.fromEntries(
    work.flatMap(({ task }) => (task.settings ? [[task.id, task.settings()] as const] : [])),
  );
  const spec: RunSpec = {
    plumb: provenance(),
    tasks: Object.fromEntries(work.map((w) => [w.task.id, taskEntry(w.task, w.hashes)])),
    models: Object.fromEntries(models.map((m) => [m.id, { ...m.spec, generation: generation(m) }])),
    epochs: f.epochs,
    prompt,
    generation: flags,
    episode: episode
      ? {
          history: Object.fromEntries(work.map(({ task }) => [task.id, historyOf(task, f.history)])),
          maxSteps: f.maxSteps ?? null,
          envOptions,
        }
      : null,
    judge: judgeModel ? { model: judgeModel.spec, attempts: f.judgeAttempts } : null,
    maxResponseBytes: f.maxResponseBytes ?? null,
    ...(f.preset !== undefined ? { preset: f.preset } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
    reportGroups: reportGroupsOf(work.map((w) => w.task)),
  };
  const name = f.run ?? defaultRunName(target);
  const store = Store.open(f.db);
  const checker = createChecker({ tasks: CATALOG_MODULE, size: f.workers ?? defaultWorkers() });
  try {
    const claim = await claimRun(store, name, spec, {
      newRun: f.newRun,
      wait: f.wait,
      onWait: (h) =>
        process.stderr.write(`waiting for process ${h.pid} on ${h.host} to finish run "${name}"\n`),
      onNote: (note) => process.stderr.write(`note: ${note}\n`),
    });
    try {
      await runClaimed(name, f, store, {
        resumed: claim.resumed,
        ...(claim.samples ? { shared: claim.samples } : {}),
        plan,
        work,
        models,
        judge,
        prompt,
        envOptions,
        checker,
        costFor,
        retryWaits: () => retryWaits,
        prices,
        ...(python ? { toolHost: pythonToolHost() } : {}),
      });
    } finally {
      claim.release();
    }
  } finally {
    await checker.close();
    store.close();
  }
  return name;
}

type Claimed = {
  resumed: boolean;
  /** The run is shared with other processes (a PostgreSQL store): its samples are claimed. */
  shared?: SampleClaims;
  plan: ReturnType<typeof buildPlan>;
  work: { task: AnyTask; instances: Instance[]; hashes: string[] }[];
  models: Model[];
  judge?: { model: Model; attempts: number };
  prompt: PromptOptions;
  envOptions?: Record<string, unknown>;
  checker: ReturnType<typeof createChecker>;
  costFor: RunContext["costOf"];
  retryWaits: () => number;
  prices: PriceTable;
  toolHost?: ToolHost;
};

async function runClaimed(name: string, f: RunFlags, store: Store, c: Claimed): Promise<void> {
  store.setRunStatus(name, "running");
  store.saveInstances(
    name,
    c.work.flatMap((w) => w.instances.map((instance, i) => ({ hash: w.hashes[i] as string, instance }))),
  );
  let stop: NodeJS.Signals | null = null;
  const hard = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop === null) {
      stop = signal;
      process.stderr.write(`\nstopping: finishing the calls in flight (${signal} again to abandon them)\n`);
    } else hard.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const bar = progressBar(f.progress, c.retryWaits);
  try {
    if (c.resumed) process.stderr.write(`resuming run "${name}"\n`);
    if (c.shared) process.stderr.write(`sharing run "${name}" with any other process working on it\n`);
    const limits = new Map(c.models.map((m) => [m.provider, m.concurrency ?? f.concurrency]));
    const summary = await runPlan({
      run: name,
      store,
      plan: c.plan,
      concurrency: (group) => limits.get(group) ?? f.concurrency,
      cache: f.cache,
      checker: c.checker,
      prompt: c.prompt,
      retryErrors: f.retryErrors === true,
      budgetTokens: f.budgetTokens,
      budgetUsd: f.budgetUsd,
      costOf: c.costFor,
      ...(c.toolHost ? { toolHost: c.toolHost } : {}),
      history: f.history,
      maxSteps: f.maxSteps,
      judge: c.judge,
      envOptions: c.envOptions,
      maxResponseBytes: f.maxResponseBytes,
      stopRequested: () => stop !== null,
      signal: hard.signal,
      onProgress: bar.update,
      ...(c.shared ? { claims: c.shared } : {}),
    });
    bar.end();
    const samples = store.samples(name);
    const finished = summary.stoppedBy === "done" && samples.length >= c.plan.length;
    // A shared run stopped here goes on in the other processes: its status stays theirs to set.
    if (finished || !c.shared) store.setRunStatus(name, finished ? "done" : "stopped");
    const groups = storedReportGroups(store.getRun(name)?.config);
    const report = buildReport(samples, { prices: c.prices, groups });
    process.stdout.write(`${formatReport(report, f.format)}\n`);
    process.stderr.write(`${summaryLine(name, summary, store)}\n`);
    if (summary.stoppedBy !== "done") {
      const why = summary.stoppedBy === "budget" ? "the budget was reached" : "interrupted";
      process.stderr.write(`stopped (${why}); resume with:\n  ${resumeCommand(name)}\n`);
      if (summary.stoppedBy === "interrupt") process.exitCode = stop === "SIGTERM" ? 143 : 130;
      return;
    }
    const errored = samples.filter((s) => s.status === "error" || s.failureKind === "error").length;
    if (samples.length > 0 && errored / samples.length > f.maxErrorRate) {
      process.stderr.write(
        `${errored} of ${samples.length} samples ended in error (${((100 * errored) / samples.length).toFixed(1)}%), ` +
          `over --max-error-rate ${f.maxErrorRate}; rerun with --retry-errors to retry the failed calls\n`,
      );
      process.exitCode = 1;
    }
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

/** What the run made, spent and saved, in the report's terms. */
function summaryLine(name: string, summary: Awaited<ReturnType<typeof runPlan>>, store: Store): string {
  const t = store.totals(name);
  const money =
    t.unpricedSamples > 0
      ? `cost unknown for ${t.unpricedSamples} sample${t.unpricedSamples === 1 ? "" : "s"} (no price: give one with --prices)`
      : `$${t.spentUsd.toFixed(4)} spent, $${t.savedUsd.toFixed(4)} saved by the cache`;
  return (
    `run "${name}": ${summary.answered} answered now, ${summary.skipped} already in the store; ` +
    `${t.samples} samples, ${t.calls} calls, ${(t.usage.input + t.usage.output).toLocaleString("en")} tokens, ` +
    `${money}, ${(t.latencyMs / 1000).toFixed(1)} s of model time in all`
  );
}

/** PLUMB_WORKERS, else one verifying thread per core. */
function defaultWorkers(): number {
  const env = process.env.PLUMB_WORKERS;
  if (env === undefined || env === "") return availableParallelism();
  const n = Number(env);
  if (!Number.isInteger(n) || n < 0)
    throw new InputError(`PLUMB_WORKERS must be a whole number ≥ 0, got "${env}"`, {
      field: "PLUMB_WORKERS",
    });
  return n;
}

function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

function defaultRunName(target: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "");
  return `${target.replace(/[^\w.-]+/g, "_")}-${stamp}`;
}

/** The command line that was given, with `--run NAME` so that it resumes this run. */
function resumeCommand(name: string): string {
  const args = process.argv.slice(2);
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--run") {
      i++;
      continue;
    }
    if (a.startsWith("--run=") || a === "--new-run") continue;
    out.push(/^[\w./:=@+-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);
  }
  return ["plumb", ...out, "--run", name].join(" ");
}
