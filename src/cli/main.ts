import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { Command, InvalidArgumentError } from "commander";
import { InputError } from "../core/errors.ts";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../core/grade.ts";
import { allowUnisolatedCode } from "../core/untrusted.ts";
import { CACHE_MODES } from "../eval/cache-mode.ts";
import { registerAllTasks } from "../suites/catalog.ts";
import { DEFAULT_COUNT, DEFAULT_DB, DEFAULT_MAX_SOLUTIONS, DEFAULT_TOOL_CALLS } from "./defaults.ts";
import { listCommand } from "./list.ts";

// Each command's module is imported when that command runs, so that `plumb --help` and `plumb list`
// load none of them (nor, through them, the model SDKs, SQLite, the runner or any task's code).
// Everything imported above must stay light: test/startup.test.ts checks what `--help` loads.
const commands = () => import("./commands.ts");
const results = () => import("./results.ts");
const runner = () => import("./run.ts");
const demo = () => import("./demo.ts");
const viewer = () => import("./view.ts");
const analyse = () => import("./analyse.ts");
const serve = () => import("./serve.ts");

const int = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} must be a non-negative integer`);
  return n;
};
const collect = (v: string, prev: string[]) => [...prev, v];
const port = (v: string) => {
  const n = int("--port")(v);
  if (n > 65535) throw new InvalidArgumentError("--port must be at most 65535");
  return n;
};
const num = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`${name} must be a non-negative number`);
  return n;
};
const oneOf =
  <T extends string>(name: string, values: readonly T[]) =>
  (v: string): T => {
    if (!(values as readonly string[]).includes(v))
      throw new InvalidArgumentError(`${name} must be one of ${values.join(", ")}`);
    return v as T;
  };

const TEMPLATE_HELP =
  "your own prompt wording: a text file with {{field}} placeholders (an unknown one is refused with the list of fields), optionally ===system=== and ===user=== sections";
const UNSAFE_HELP =
  "run untrusted verifiers (ComBench records' Python) even where they cannot be isolated (no bubblewrap): they then run as you, with your files";
const RESPONSE_HELP = `read at most this many bytes of each response (default ${DEFAULT_MAX_RESPONSE_BYTES}); longer ones are parse failures`;

/** Applies --unsafe-verifiers before a command that may run untrusted verifiers. */
function verifierPolicy<T extends { unsafeVerifiers?: boolean }>(o: T): T {
  if (o.unsafeVerifiers) {
    allowUnisolatedCode(true);
    process.stderr.write(
      "warning: --unsafe-verifiers: verifiers that cannot be isolated run with your user's access\n",
    );
  }
  return o;
}

/** The options `plumb run` and `plumb sweep` share: instances, models, generation, store, report. */
function runOptions(command: Command): Command {
  return command
    .option(
      "--model <id>",
      "openai:M, anthropic:M, google:M, openai-compatible:M[@URL], an id from --models, oracle, random, astar, replay:FILE (repeatable)",
      collect,
      [],
    )
    .option(
      "--models <file>",
      "JSON models file: ids with provider, model, baseURL, keyVariable, price, options",
    )
    .option("--instances <file>", "instances JSONL (one task)")
    .option("--level <level>", "generate with this parameter level")
    .option("--preset <name>", "run each task's fixed instance set of this name, e.g. original")
    .option("--set <k=v>", "generate with this parameter (repeatable)", collect, [])
    .option(
      "--count <n>",
      `instances per task: generated (default ${DEFAULT_COUNT}), or the first n of --instances or --preset`,
      int("--count"),
    )
    .option("--seed <seed>", "generation seed", "0")
    .option("--epochs <k>", "samples per instance and model", int("--epochs"), 1)
    .option("--concurrency <c>", "calls in flight per provider", int("--concurrency"), 8)
    .option("--temperature <t>", "sampling temperature", num("--temperature"))
    .option("--top-p <p>", "nucleus sampling", num("--top-p"))
    .option(
      "--reasoning-effort <e>",
      "minimal, low, medium or high",
      oneOf("--reasoning-effort", ["minimal", "low", "medium", "high"] as const),
    )
    .option("--thinking-budget <t>", "thinking tokens (Anthropic, Google)", int("--thinking-budget"))
    .option("--timeout <s>", "seconds per attempt", num("--timeout"), 300)
    .option(
      "--retries <r>",
      "retries on 429, 5xx, timeouts and dropped connections (0: fail fast)",
      int("--retries"),
      5,
    )
    .option("--no-retry-after", "ignore Retry-After and use plain exponential backoff")
    .option("--run <name>", "run name; the same name resumes (with the same options only)")
    .option("--new-run", "discard the stored run of that name and start it afresh with these options")
    .option("--wait", "if another process is writing the run, wait for it instead of refusing")
    .option("--db <store>", "the store: a SQLite file, or a PostgreSQL URL (postgres://…)", DEFAULT_DB)
    .option(
      "--cache <mode>",
      "response cache: read-write (default), read, write (fresh samples, stored), off",
      oneOf("--cache", CACHE_MODES),
      "read-write",
    )
    .option("--retry-errors", "re-run the samples whose calls failed, and judge again those left unscored")
    .option(
      "--max-error-rate <r>",
      "exit 1 when more than this share of samples ended in error (default 0)",
      num("--max-error-rate"),
      0,
    )
    .option("--budget-tokens <n>", "start no new sample past this many tokens", int("--budget-tokens"))
    .option(
      "--budget-usd <x>",
      "start no new sample once this much was spent (cache hits are free; every model needs a price)",
      num("--budget-usd"),
    )
    .option("--prices <file>", "JSON price table over the built-in one")
    .option(
      "--base-url <url>",
      "endpoint of the openai-compatible models that name none (PROVIDER:MODEL@URL gives each its own)",
    )
    .option("--env-file <file>", "read API keys from this file")
    .option("--variant <name>", "prompt wording")
    .option("--shots <k>", "worked examples in the prompt", int("--shots"))
    .option("--prompt-template <file>", TEMPLATE_HELP)
    .option(
      "--tools <settings>",
      "none (default), provider (the provider's hosted code execution), python (Plumb's sandboxed python tool), or a list: none,provider runs every model under both",
    )
    .option("--web-search", "with --tools provider: also the provider's hosted web search")
    .option(
      "--tool-calls <n>",
      `tool calls allowed per answer (default ${DEFAULT_TOOL_CALLS})`,
      int("--tool-calls"),
    )
    .option("--gym", "interactive episodes through the task's environment")
    .option(
      "--history <n>",
      "episode turns kept in the context (default: as the task's paper ran it, else 4)",
      int("--history"),
    )
    .option("--max-steps <n>", "episode step cap", int("--max-steps"))
    .option("--traceback", "episodes may undo steps (SPaRC gym)")
    .option("--judge <model>", "the judge model for tasks graded by one (ComBench proofs), PROVIDER:MODEL")
    .option(
      "--judge-attempts <n>",
      "judge calls per sample before it is recorded as unscored",
      int("--judge-attempts"),
      3,
    )
    .option(
      "--format <f>",
      "report format: md, json or csv",
      oneOf("--format", ["md", "json", "csv"] as const),
      "md",
    )
    .option("--max-response-bytes <n>", RESPONSE_HELP, int("--max-response-bytes"))
    .option("--unsafe-verifiers", UNSAFE_HELP)
    .option(
      "--workers <n>",
      "threads that verify (default PLUMB_WORKERS, else one per core; 0: on the main thread)",
      int("--workers"),
    )
    .option("--no-progress", "no progress line");
}

export function buildProgram(): Command {
  registerAllTasks();
  const program = new Command("plumb")
    .description("Generate, pose, check and score verifiable reasoning tasks.")
    .showHelpAfterError()
    .exitOverride();

  program
    .command("list")
    .description("tasks, tags, levels and presets")
    .option("--suite <suite>", "only this suite")
    .action((o: { suite?: string }) => listCommand(o));

  program
    .command("generate <task>")
    .description("generate instances (JSONL on stdout or --out)")
    .option("--level <level>", "a named parameter level")
    .option("--preset <name>", "a fixed instance set, e.g. original (the paper's own subtasks)")
    .option("--set <k=v>", "override a parameter (repeatable)", collect, [])
    .option("--count <n>", "how many (default 10; with --preset the whole set)", int("--count"))
    .option("--seed <seed>", "seed (same seed, same file)", "0")
    .option("--out <file>", "write here instead of stdout")
    .action(async (task: string, o) => (await commands()).generateCommand(task, o));

  program
    .command("solve <task>")
    .description("reference answers for instances")
    .requiredOption("--instances <file>", "instances JSONL")
    .option("--all", "every solution, as {id, answers, complete}")
    .option(
      "--max-solutions <k>",
      `stop --all at this many solutions per instance (default ${DEFAULT_MAX_SOLUTIONS})`,
      int("--max-solutions"),
    )
    .option("--out <file>", "write here instead of stdout")
    .action(async (task: string, o) => (await commands()).solveCommand(task, o));

  program
    .command("verify <task>")
    .description("check answers (or the instances' own reference answers) and write verdicts")
    .requiredOption("--instances <file>", "instances JSONL")
    .option("--answers <file>", "answers JSONL: {id, answer} or {id, answers}")
    .option("--reference", "verify the reference answers each instance carries")
    .option("--unsafe-verifiers", UNSAFE_HELP)
    .option("--out <file>", "write here instead of stdout")
    .action(async (task: string, o) => (await commands()).verifyCommand(task, verifierPolicy(o)));

  program
    .command("prompt <task>")
    .description("the prompts a model would get, one JSONL line per instance")
    .requiredOption("--instances <file>", "instances JSONL")
    .option(
      "--variant <name>",
      "the task's prompt wording (sparc: default, alternative, vision, markdown, markdown-coords)",
    )
    .option("--shots <k>", "worked examples", int("--shots"))
    .option("--prompt-template <file>", TEMPLATE_HELP)
    .option(
      "--max-output-tokens <n>",
      "state this output-token cap in the prompt",
      int("--max-output-tokens"),
    )
    .option("--out <file>", "write here instead of stdout")
    .action(async (task: string, o) => (await commands()).promptCommand(task, o));

  program
    .command("grade <task>")
    .description("raw model text -> parse -> verify")
    .requiredOption("--instances <file>", "instances JSONL")
    .requiredOption("--responses <file>", "responses JSONL: {id, text} or {puzzle_id, message}")
    .option("--lenient", "also accept answers the official extractor misses (counted apart)")
    .option("--max-response-bytes <n>", RESPONSE_HELP, int("--max-response-bytes"))
    .option("--unsafe-verifiers", UNSAFE_HELP)
    .option("--out <file>", "write here instead of stdout")
    .action(async (task: string, o) => (await commands()).gradeCommand(task, verifierPolicy(o)));

  program
    .command("render <task>")
    .description(
      "pictures of instances (SVG and PNG), with answers drawn when given; STL meshes for 3D tasks",
    )
    .requiredOption("--instances <file>", "instances JSONL")
    .option("--answers <file>", "answers JSONL to draw")
    .requiredOption("--out <dir>", "output folder")
    .option("--no-png", "SVG only")
    .action(async (task: string, o) => (await commands()).renderCommand(task, o));

  runOptions(
    program
      .command("run <target>")
      .description(
        "evaluate models on a task, a suite or a glob; answers are stored as they come and a rerun resumes",
      )
      .option(
        "--max-output-tokens <t>",
        "output-token cap (also stated in the prompt)",
        int("--max-output-tokens"),
      ),
  ).action(async (target: string, o) => (await runner()).runCommand(target, verifierPolicy(o)));

  runOptions(
    program
      .command("sweep <target>")
      .description(
        "run the same instances under each output-token cap (SCBench's budget sweep) and report accuracy and realised tokens per cap",
      )
      .requiredOption(
        "--max-output-tokens <caps>",
        "the caps, e.g. 1k,2k,4k,8k (k = 1024); each is enforced by the provider and stated in the prompt",
      )
      .option("--plot <file>", "also write the sweep's plot here (.svg, or .png)"),
  ).action(async (target: string, o) => (await runner()).sweepCommand(target, verifierPolicy(o)));

  program
    .command("report <run>")
    .description("metrics of a stored run")
    .option("--db <store>", "the store: a SQLite file, or a PostgreSQL URL (postgres://…)", DEFAULT_DB)
    .option(
      "--format <f>",
      "md, json, csv, or html (one self-contained page of the viewer)",
      oneOf("--format", ["md", "json", "csv", "html"] as const),
      "md",
    )
    .option("--out <file>", "with --format html: write the page here instead of stdout")
    .option("--prices <file>", "JSON price table over the built-in one")
    .option(
      "--fail-under <metric=value>",
      "exit 1 when a model's overall metric is below (accuracy, score, pass@K, pass^K, best@K; repeatable)",
      collect,
      [],
    )
    .option("--baseline <run>", "with a run on a paper's preset: add each figure's difference from this run")
    .option("--plot <file>", "for a budget sweep: also write its plot here (.svg, or .png)")
    .option(
      "--tools-run <run>",
      "the same models run with tools: give each figure with its tools-minus-no-tools delta (this run has no tools)",
    )
    .action(async (run: string, o) =>
      o.format === "html" ? (await viewer()).htmlReport(run, o) : (await results()).reportCommand(run, o),
    );

  const analysis = program
    .command("analyse")
    .description("the seeds' analyses of a stored run, by a judge model: failure modes, selection");
  const judgeOptions = (command: Command): Command =>
    command
      .requiredOption("--judge <model>", "the judge: PROVIDER:MODEL or an id from --models")
      .option("--db <store>", "the store: a SQLite file, or a PostgreSQL URL (postgres://…)", DEFAULT_DB)
      .option("--model <id>", "only this model's samples (repeatable)", collect, [])
      .option(
        "--judge-attempts <n>",
        "judge calls per item before it is left unreadable",
        int("--judge-attempts"),
        3,
      )
      .option("--concurrency <c>", "judge calls in flight", int("--concurrency"), 8)
      .option(
        "--cache <mode>",
        "response cache: read-write (default), read, write, off",
        oneOf("--cache", CACHE_MODES),
        "read-write",
      )
      .option("--models <file>", "JSON models file")
      .option("--env-file <file>", "read API keys from this file")
      .option("--prices <file>", "JSON price table over the built-in one")
      .option("--base-url <url>", "endpoint of an openai-compatible judge that names none")
      .option("--timeout <s>", "seconds per attempt", num("--timeout"), 300)
      .option("--retries <r>", "retries on 429, 5xx, timeouts and dropped connections", int("--retries"), 5)
      .option("--max-response-bytes <n>", RESPONSE_HELP, int("--max-response-bytes"))
      .option("--format <f>", "md, json or csv", oneOf("--format", ["md", "json", "csv"] as const), "md");
  judgeOptions(
    analysis
      .command("failures <run>")
      .description(
        "label every sample below the threshold with one failure mode (SCBench's five by default), from its task's card and the verifier's checks",
      )
      .option("--labels <set>", "label set: scbench (default), sparc, combench, or a JSON file", "scbench")
      .option("--cards <file>", "JSON {task id: card} over the tasks' own cards")
      .option(
        "--threshold <x>",
        "label samples scoring below this (default: the set's, 0.6 for scbench)",
        num("--threshold"),
      ),
  ).action(async (run: string, o) => (await analyse()).analyseFailuresCommand(run, o));
  judgeOptions(
    analysis
      .command("selection <run>")
      .description(
        "CHAIN's selection strategies: Avg@k, Pass@k and a judge's pick among the k samples of each instance (shown without verdicts)",
      )
      .option("--k <k>", "candidates per instance: the samples of epochs 0 to k-1", int("--k"), 4),
  ).action(async (run: string, o) => (await analyse()).analyseSelectionCommand(run, o));

  program
    .command("view")
    .description("browse runs, samples and episodes in a web viewer (and play tasks)")
    .option("--db <store>", "the store: a SQLite file, or a PostgreSQL URL (postgres://…)", DEFAULT_DB)
    .option("--port <n>", "port (default: any free one)", port, 0)
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .action(async (o: { db: string; port: number; host: string }) => (await viewer()).viewCommand(o));

  program
    .command("serve")
    .description(
      "a stateless HTTP/JSON reward and task service: generate, prompt, grade, verify, sessions (API /v1)",
    )
    .option("--port <n>", "port (0: any free one)", port, 8177)
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--workers <n>", "checker threads (default: the machine's cores)", int("--workers"))
    .option(
      "--job-timeout <s>",
      "seconds a job may run before it is a 504 and its thread is replaced",
      num("--job-timeout"),
      60,
    )
    .option(
      "--max-body-bytes <n>",
      "largest request body taken (413 past it)",
      int("--max-body-bytes"),
      16 * 1024 * 1024,
    )
    .option("--session-ttl <s>", "seconds an unused session lives", num("--session-ttl"), 600)
    .option("--quiet", "no request log (one JSON line per request on stderr)")
    .option("--unsafe-verifiers", UNSAFE_HELP)
    .action(async (o) => (await serve()).serveCommand(verifierPolicy(o)));

  program
    .command("compare <runA> <runB>")
    .description("paired per-instance differences between two runs")
    .option("--db <store>", "the store: a SQLite file, or a PostgreSQL URL (postgres://…)", DEFAULT_DB)
    .option("--format <f>", "md or json", oneOf("--format", ["md", "json"] as const), "md")
    .action(async (a: string, b: string, o) => (await results()).compareCommand(a, b, o));

  program
    .command("export <run>")
    .description("every sample of a run (JSONL: episodes with their turns, as `trajectory`)")
    .option("--db <store>", "the store: a SQLite file, or a PostgreSQL URL (postgres://…)", DEFAULT_DB)
    .option("--format <f>", "jsonl or csv", oneOf("--format", ["jsonl", "csv"] as const), "jsonl")
    .option("--out <file>", "write here instead of stdout")
    .action(async (run: string, o) => (await results()).exportCommand(run, o));

  program
    .command("runs")
    .description("the runs in the store")
    .option("--db <store>", "the store: a SQLite file, or a PostgreSQL URL (postgres://…)", DEFAULT_DB)
    .action(async (o) => (await results()).runsCommand(o));

  const cache = program.command("cache").description("the shared response cache");
  cache
    .command("clear")
    .description("forget cached replies, so that runs ask the models afresh")
    .option("--db <store>", "the store: a SQLite file, or a PostgreSQL URL (postgres://…)", DEFAULT_DB)
    .option("--older-than <days>", "only replies cached more than this many days ago", num("--older-than"))
    .action(async (o: { db: string; olderThan?: number }) =>
      (await results()).cacheClearCommand({ db: o.db, olderThanDays: o.olderThan }),
    );
  cache
    .command("info")
    .description("how many replies the cache holds")
    .option("--db <store>", "the store: a SQLite file, or a PostgreSQL URL (postgres://…)", DEFAULT_DB)
    .action(async (o: { db: string }) => (await results()).cacheInfoCommand(o));

  program
    .command("demo")
    .description("the built-in default job: generate, solve, verify and render a small SPaRC set")
    .option("--count <n>", "puzzles", int("--count"), 12)
    .option("--seed <seed>", "seed", "1")
    .option("--out <dir>", "output folder", "out/demo")
    .action(async (o) => (await demo()).demoCommand(o));

  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: "user" });
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (e) {
    if (e instanceof InputError) {
      process.stderr.write(`error: ${e.describe()}\n`);
      return 2;
    }
    if (e instanceof Error && "exitCode" in e && typeof e.exitCode === "number") {
      // commander has already printed its own message (help, a bad option)
      return e.exitCode;
    }
    throw e;
  }
}

/**
 * The plumb process: `main` on the command line's arguments. A reader that stops early (`plumb
 * generate … | head`) closes the pipe; that ends the process quietly instead of with a stack trace.
 */
export async function cli(): Promise<void> {
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE") throw e;
    process.exit(process.exitCode ?? 0);
  });
  process.exitCode = await main(process.argv.slice(2));
}

// Run as a script (`tsx src/cli/main.ts`, `node dist/cli/main.js`); bin/plumb.js calls cli() itself.
if (process.argv[1] !== undefined && pathToFileURL(realpathSync(process.argv[1])).href === import.meta.url) {
  await cli();
}
