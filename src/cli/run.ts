import { InputError } from "../core/errors.ts";
import { generateInstances, parseOverrides, resolveParams } from "../core/instances.ts";
import type { Model } from "../core/model.ts";
import { matchTasks } from "../core/registry.ts";
import type { AnyTask, Instance } from "../core/task.ts";
import { buildPlan } from "../eval/plan.ts";
import { type Progress, runPlan } from "../eval/runner.ts";
import { loadEnvFile, resolveModel } from "../models/resolve.ts";
import { formatReport } from "../report/format.ts";
import { BUILTIN_PRICES, loadPriceTable, type PriceTable } from "../report/prices.ts";
import { buildReport } from "../report/report.ts";
import { Store } from "../store/store.ts";
import { readInstances, reportErrors } from "./lines.ts";

export const DEFAULT_DB = ".plumb/plumb.db";

export interface RunFlags {
  model: string[];
  instances?: string;
  level?: string;
  set: string[];
  count: number;
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
  db: string;
  retryErrors?: boolean;
  budgetTokens?: number;
  budgetUsd?: number;
  prices?: string;
  baseUrl?: string;
  envFile?: string;
  variant?: string;
  shots?: number;
  gym?: boolean;
  history: number;
  maxSteps?: number;
  traceback?: boolean;
  judge?: string;
  judgeAttempts: number;
  format: "md" | "json" | "csv";
  progress: boolean;
  maxResponseBytes?: number;
  unsafeVerifiers?: boolean;
}

export function pricesFrom(file?: string): PriceTable {
  return file ? loadPriceTable(file) : BUILTIN_PRICES;
}

function instancesFor(tasks: AnyTask[], f: RunFlags): { task: AnyTask; instances: Instance[] }[] {
  if (f.instances) {
    if (tasks.length !== 1)
      throw new InputError("--instances needs exactly one task", { field: "--instances" });
    const task = tasks[0] as AnyTask;
    const { items, errors } = readInstances(task, f.instances);
    reportErrors(errors);
    if (items.length === 0) throw new InputError("no usable instance in the file", { source: f.instances });
    return [{ task, instances: items }];
  }
  const overrides = parseOverrides(f.set);
  return tasks.map((task) => ({
    task,
    instances: generateInstances(task, resolveParams(task, f.level, overrides), f.count, f.seed),
  }));
}

/** `plumb run`: plan, ask, verify, store, report. */
export async function runCommand(target: string, f: RunFlags): Promise<void> {
  const tasks = matchTasks(target);
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
  const models: Model[] = f.model.map((id) => resolveModel(id, { baseURL: f.baseUrl, env, retry }));
  const judged = tasks.filter((t) => t.judge);
  if (judged.length > 0 && !f.judge) {
    throw new InputError(
      `${judged.map((t) => t.id).join(", ")} ${judged.length === 1 ? "is" : "are"} graded by a judge model: pass --judge PROVIDER:MODEL`,
      { field: "--judge" },
    );
  }
  const judge = f.judge
    ? { model: resolveModel(f.judge, { baseURL: f.baseUrl, env, retry }), attempts: f.judgeAttempts }
    : undefined;
  const work = instancesFor(tasks, f);
  const episode = f.gym === true;
  if (episode && !tasks.some((t) => t.env))
    throw new InputError(`--gym: ${target} has no interactive environment`);
  const generation = {
    maxOutputTokens: f.maxOutputTokens,
    temperature: f.temperature,
    topP: f.topP,
    reasoningEffort: f.reasoningEffort,
    thinkingBudget: f.thinkingBudget,
  };
  const prompt = { variant: f.variant, shots: f.shots };
  // Bad prompt options fail here, before any call is made.
  for (const { task, instances } of work) {
    const first = instances[0];
    if (first && !episode) task.prompt(first, { ...prompt, maxOutputTokens: f.maxOutputTokens });
  }
  const plan = buildPlan(work, models, f.epochs, episode);
  const name = f.run ?? defaultRunName(target);
  const store = Store.open(f.db);
  const config = {
    target,
    models: f.model,
    epochs: f.epochs,
    instances: f.instances ?? { level: f.level ?? null, set: f.set, count: f.count, seed: f.seed },
    generation,
    prompt,
    episode: episode ? { history: f.history, maxSteps: f.maxSteps, traceback: f.traceback ?? false } : null,
    ...(judge ? { judge: { model: f.judge, attempts: f.judgeAttempts } } : {}),
  };
  const { resumed } = store.openRun(name, config);
  const prices = pricesFrom(f.prices);

  let stop = false;
  const hard = new AbortController();
  const onSigint = () => {
    if (!stop) {
      stop = true;
      process.stderr.write("\nstopping: finishing the calls in flight (Ctrl-C again to abandon them)\n");
    } else hard.abort();
  };
  process.on("SIGINT", onSigint);
  const bar = progressBar(f.progress, () => retryWaits);
  try {
    if (resumed) process.stderr.write(`resuming run "${name}"\n`);
    const summary = await runPlan({
      run: name,
      store,
      plan,
      concurrency: f.concurrency,
      generation,
      prompt,
      retryErrors: f.retryErrors === true,
      budgetTokens: f.budgetTokens,
      budgetUsd: f.budgetUsd,
      prices,
      history: f.history,
      maxSteps: f.maxSteps,
      judge,
      // Episodes see pictures of their state with the vision wording.
      envOptions: episode
        ? { ...(f.traceback ? { traceback: true } : {}), ...(f.variant === "vision" ? { vision: true } : {}) }
        : undefined,
      maxResponseBytes: f.maxResponseBytes,
      stopRequested: () => stop,
      signal: hard.signal,
      onProgress: bar.update,
    });
    bar.end();
    const finished = summary.stoppedBy === "done" && store.sampleStatus(name).size >= plan.length;
    store.setRunStatus(name, finished ? "done" : "stopped");
    process.stdout.write(`${formatReport(buildReport(store.samples(name), { prices }), f.format)}\n`);
    const t = store.totals(name);
    process.stderr.write(
      `run "${name}": ${summary.answered} answered now, ${summary.skipped} already in the store; ` +
        `${t.samples} samples, ${t.calls} calls, ${t.usage.input + t.usage.output} tokens, ` +
        `$${t.costUsd.toFixed(4)}, ${(t.latencyMs / 1000).toFixed(1)} s of model time in all\n`,
    );
    if (summary.stoppedBy !== "done") {
      const why = summary.stoppedBy === "budget" ? "the budget was reached" : "interrupted";
      process.stderr.write(`stopped (${why}); resume with:\n  ${resumeCommand(name)}\n`);
      if (summary.stoppedBy === "interrupt") process.exitCode = 130;
    }
  } finally {
    process.off("SIGINT", onSigint);
    store.close();
  }
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
    if (a.startsWith("--run=")) continue;
    out.push(/^[\w./:=@+-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);
  }
  return ["plumb", ...out, "--run", name].join(" ");
}

/** One status line on stderr, redrawn in place on a terminal and every 10% otherwise. */
function progressBar(
  enabled: boolean,
  retries: () => number,
): { update: (p: Progress) => void; end: () => void } {
  const tty = process.stderr.isTTY === true;
  let lastTenth = -1;
  let lastDraw = 0;
  let drawn = false;
  const line = (p: Progress) => {
    const width = 24;
    const filled = p.total === 0 ? width : Math.round((p.done / p.total) * width);
    const judged = Math.max(1, p.done);
    return (
      `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${p.done}/${p.total}` +
      `  pass ${((100 * p.passed) / judged).toFixed(1)}%  errors ${p.errors}` +
      `  tokens ${(p.usage.input + p.usage.output).toLocaleString("en")}  $${p.costUsd.toFixed(4)}` +
      `  in flight ${p.inFlight}  retries ${retries()}`
    );
  };
  return {
    update(p) {
      if (!enabled) return;
      if (tty) {
        const now = Date.now();
        if (now - lastDraw < 100 && p.done < p.total) return;
        lastDraw = now;
        process.stderr.write(`\r${line(p)}`);
        drawn = true;
        return;
      }
      const tenth = p.total === 0 ? 10 : Math.floor((10 * p.done) / p.total);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        process.stderr.write(`${line(p)}\n`);
      }
    },
    end() {
      if (drawn) process.stderr.write("\n");
    },
  };
}
