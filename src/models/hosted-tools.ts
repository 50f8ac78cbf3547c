/**
 * The tools setting: the providers' hosted tools (code execution, web search) through the AI SDK's
 * provider-defined tools, and the `python` function tool that Plumb runs itself through a ToolHost.
 * Every call made while answering is recorded as a ToolCall, and billable hosted tool use is
 * counted by unit (ModelResponse.toolUse) for costOf.
 */
import { anthropic } from "@ai-sdk/anthropic";
import { google } from "@ai-sdk/google";
import { openai } from "@ai-sdk/openai";
import { type JSONSchema7, jsonSchema, type StepResult, type ToolSet, tool } from "ai";
import { clip } from "../core/clip.ts";
import type { PythonToolResult, ToolCall, ToolHost, ToolsRequest } from "../core/model.ts";
import type { ProviderName } from "./request.ts";

/** Recorded code and queries are clipped to this many characters. */
export const MAX_RECORDED_INPUT = 8_000;
/** Recorded tool output is clipped to this many characters. */
export const MAX_RECORDED_OUTPUT = 4_000;
/** What the model is shown of one python run, at most. */
export const MAX_PYTHON_OUTPUT_TO_MODEL = 20_000;

/** The python tool's name, as the model sees it. */
export const PYTHON_TOOL = "python";

/** The python tool's parameters: one string of code. */
export const PYTHON_PARAMETERS = {
  type: "object",
  properties: { code: { type: "string", description: "The Python 3 program to run." } },
  required: ["code"],
  additionalProperties: false,
} as const;

/** What the model is told of the python tool. */
export function pythonToolDescription(maxCalls: number, limits?: ToolHost["limits"]): string {
  return [
    "Runs a Python 3 program and returns what it prints: its standard output, then its standard error if any.",
    "Only the Python standard library is available (no third-party packages such as numpy);",
    "there is no network and no file access, and nothing persists between calls.",
    limits
      ? `Each call may run for ${limits.seconds} s and use ${limits.memoryMiB} MiB of memory, and is stopped past either; at most ${limits.outputKiB} KiB of its output is kept.`
      : "Each call runs under a time limit and a memory limit and is stopped past either.",
    `You may call this tool at most ${maxCalls} time${maxCalls === 1 ? "" : "s"} in this answer;`,
    "print the values you need.",
  ].join(" ");
}

/** What a call past the limit gets back instead of running. */
export function refusalText(maxCalls: number): string {
  return `Not run: the limit of ${maxCalls} python call${maxCalls === 1 ? "" : "s"} is reached. Give your final answer now, without tools.`;
}

export const OVER_LIMIT_ERROR = "over the call limit";

/** What the model is shown of one python run. */
export function pythonResultText(result: PythonToolResult): string {
  const output = clip(result.output, MAX_PYTHON_OUTPUT_TO_MODEL);
  if (result.error !== undefined) return `${output}${output === "" ? "" : "\n"}[error: ${result.error}]`;
  return output === "" ? "(no output)" : output;
}

/** Counts python runs against the request's limit, and runs them on the host. */
export class PythonRunner {
  private runs = 0;
  /** Errors and timings of the calls by call id, for the record. */
  readonly details = new Map<string, { error?: string; ms?: number }>();
  /** Aborted when the host throws, so that the SDK's loop stops instead of going on without it. */
  readonly controller = new AbortController();
  /** What the host threw, if it did: the whole call fails with it. */
  failure: { error: unknown } | undefined;

  constructor(
    private readonly host: ToolHost,
    readonly maxCalls: number,
  ) {}

  get limits(): ToolHost["limits"] {
    return this.host.limits;
  }

  /** Runs one call (or refuses it past the limit); returns the text the model is shown. */
  async run(id: string, code: string, signal: AbortSignal): Promise<{ text: string; call: ToolCall }> {
    if (this.runs >= this.maxCalls) {
      const text = refusalText(this.maxCalls);
      const call: ToolCall = {
        tool: PYTHON_TOOL,
        by: "plumb",
        input: clip(code, MAX_RECORDED_INPUT),
        output: text,
        error: OVER_LIMIT_ERROR,
      };
      this.details.set(id, { error: OVER_LIMIT_ERROR });
      return { text, call };
    }
    this.runs++;
    let result: PythonToolResult;
    try {
      result = await this.host.python(code, signal);
    } catch (error) {
      // The host failing is no answer of the model's: the call fails (see `failure`).
      this.failure ??= { error };
      this.controller.abort(error);
      throw error;
    }
    const text = pythonResultText(result);
    const call: ToolCall = {
      tool: PYTHON_TOOL,
      by: "plumb",
      input: clip(code, MAX_RECORDED_INPUT),
      output: clip(text, MAX_RECORDED_OUTPUT),
      ...(result.error !== undefined ? { error: result.error } : {}),
      ms: result.ms,
    };
    this.details.set(id, { ...(result.error !== undefined ? { error: result.error } : {}), ms: result.ms });
    return { text, call };
  }
}

/** The python tool for the AI SDK, run by `runner`. */
export function pythonToolSet(runner: PythonRunner): ToolSet {
  return {
    [PYTHON_TOOL]: tool({
      description: pythonToolDescription(runner.maxCalls, runner.limits),
      inputSchema: jsonSchema<{ code: string }>(PYTHON_PARAMETERS as unknown as JSONSchema7),
      execute: async ({ code }, { toolCallId, abortSignal }) =>
        (await runner.run(toolCallId, code, abortSignal ?? new AbortController().signal)).text,
    }),
  };
}

/**
 * The provider's hosted tools: code execution, and web search when asked. The keys are the names
 * the SDK gives the calls back under (Google's code execution is always "code_execution").
 */
export function providerToolSet(
  provider: Exclude<ProviderName, "openai-compatible">,
  tools: ToolsRequest,
): ToolSet {
  // The providers' tool types come from their own copy of provider-utils, whose schema brand
  // differs from the one `ai` checks by type only (at run time it is a shared Symbol.for).
  return hostedTools(provider, tools) as unknown as ToolSet;
}

function hostedTools(provider: Exclude<ProviderName, "openai-compatible">, tools: ToolsRequest): object {
  switch (provider) {
    case "openai":
      return {
        code_interpreter: openai.tools.codeInterpreter({}),
        ...(tools.webSearch ? { web_search: openai.tools.webSearch({}) } : {}),
      };
    case "anthropic":
      return {
        code_execution: anthropic.tools.codeExecution_20250825(),
        ...(tools.webSearch
          ? { web_search: anthropic.tools.webSearch_20250305({ maxUses: tools.maxCalls }) }
          : {}),
      };
    case "google":
      return {
        code_execution: google.tools.codeExecution({}),
        ...(tools.webSearch ? { google_search: google.tools.googleSearch({}) } : {}),
      };
  }
}

/** The tool name a call is recorded under: Google's search is a web search like the others. */
function recordedName(name: string): string {
  return name === "google_search" ? "web_search" : name;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function str(x: unknown): string | undefined {
  return typeof x === "string" ? x : undefined;
}

function json(x: unknown): string {
  if (x === undefined) return "";
  try {
    return JSON.stringify(x) ?? "";
  } catch {
    return String(x);
  }
}

/** A call's input as text: the code, command or query when there is one, else its JSON. */
export function inputText(input: unknown): string {
  if (typeof input === "string") return input;
  if (!isRecord(input)) return json(input);
  const code = str(input.code) ?? str(input.query);
  if (code !== undefined) return code;
  // Anthropic's code execution runs bash commands and edits files.
  if (input.type === "bash_code_execution" && str(input.command) !== undefined)
    return input.command as string;
  if (input.type === "text_editor_code_execution") {
    const head = [str(input.command), str(input.path)].filter((s) => s !== undefined).join(" ");
    const body = str(input.file_text);
    if (input.command !== "str_replace") return body === undefined ? head : `${head}\n${body}`;
  }
  return json(input);
}

/** A web search's query, from its result (OpenAI gives the call no input). */
function queryOf(output: unknown): string | undefined {
  const action = isRecord(output) ? output.action : undefined;
  if (!isRecord(action)) return undefined;
  const queries = Array.isArray(action.queries) ? action.queries.filter((q) => typeof q === "string") : [];
  return str(action.query) ?? (queries.length > 0 ? queries.join("\n") : undefined) ?? str(action.url);
}

/** A result as text and, when it reports a failure, the failure. */
export function outputText(output: unknown): { text: string; error?: string } {
  if (typeof output === "string") return { text: output };
  if (Array.isArray(output)) {
    // Anthropic's web search results.
    const lines = output.map((r) =>
      isRecord(r) && typeof r.url === "string" ? [str(r.title), r.url].filter(Boolean).join(" ") : json(r),
    );
    return { text: lines.join("\n") };
  }
  if (!isRecord(output)) return { text: json(output) };
  // OpenAI's code interpreter: logs and images.
  if (Array.isArray(output.outputs) || output.outputs === null) {
    const parts = ((output.outputs as unknown[] | null) ?? []).map((o) =>
      isRecord(o) && o.type === "logs"
        ? String(o.logs ?? "")
        : isRecord(o) && o.type === "image"
          ? "[image]"
          : json(o),
    );
    return { text: parts.join("\n") };
  }
  // Anthropic's code execution (stdout, stderr, return code) and its errors.
  if (typeof output.stdout === "string" || typeof output.stderr === "string") {
    const stdout = str(output.stdout) ?? "";
    const stderr = str(output.stderr) ?? "";
    const text = stderr === "" ? stdout : stdout === "" ? stderr : `${stdout}\n${stderr}`;
    const code = output.return_code;
    return typeof code === "number" && code !== 0 ? { text, error: `exit code ${code}` } : { text };
  }
  const errorCode = str(output.error_code) ?? str(output.errorCode);
  if (errorCode !== undefined) return { text: "", error: errorCode };
  // Google's code execution.
  if (typeof output.outcome === "string") {
    const text = str(output.output) ?? "";
    return output.outcome === "OUTCOME_OK" ? { text } : { text, error: output.outcome };
  }
  // OpenAI's web search: the pages it found.
  if (isRecord(output.action)) {
    const sources = Array.isArray(output.sources) ? output.sources : [];
    const text = sources
      .map((s) => (isRecord(s) ? (str(s.url) ?? str(s.name) ?? json(s)) : json(s)))
      .join("\n");
    return { text };
  }
  if (typeof output.content === "string") return { text: output.content };
  return { text: json(output) };
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  const { text, error: inner } = outputText(error);
  return inner ?? (text || "failed");
}

type Part = StepResult<ToolSet>["content"][number];

/**
 * The tool calls of every step, in order: each call paired with its result or error by id.
 * `details` adds what Plumb knows of its own runs (errors, timings).
 */
export function collectToolCalls(
  steps: readonly Pick<StepResult<ToolSet>, "content" | "providerMetadata">[],
  details: ReadonlyMap<string, { error?: string; ms?: number }> = new Map(),
): ToolCall[] {
  const calls: ToolCall[] = [];
  const byId = new Map<string, { call: ToolCall; raw: unknown }>();
  const ensure = (part: Extract<Part, { toolCallId: string }>, input: unknown) => {
    let entry = byId.get(part.toolCallId);
    if (!entry) {
      entry = {
        call: {
          tool: recordedName(part.toolName),
          by: part.providerExecuted ? "provider" : "plumb",
          input: clip(inputText(input), MAX_RECORDED_INPUT),
          output: "",
        },
        raw: input,
      };
      byId.set(part.toolCallId, entry);
      calls.push(entry.call);
    }
    return entry;
  };
  for (const step of steps) {
    for (const part of step.content) {
      if (part.type === "tool-call") {
        const entry = ensure(part, part.input);
        if (part.invalid) entry.call.error = `invalid call: ${errorText(part.error)}`;
      } else if (part.type === "tool-result") {
        const entry = ensure(part, part.input);
        if (part.providerExecuted) {
          const { text, error } = outputText(part.output);
          entry.call.output = clip(text, MAX_RECORDED_OUTPUT);
          if (error !== undefined) entry.call.error = error;
          if (entry.call.input === "" || entry.call.input === "{}") {
            const query = queryOf(part.output);
            if (query !== undefined) entry.call.input = clip(query, MAX_RECORDED_INPUT);
          }
        } else entry.call.output = clip(outputText(part.output).text, MAX_RECORDED_OUTPUT);
      } else if (part.type === "tool-error") {
        const entry = ensure(part, part.input);
        entry.call.error ??= errorText(part.error);
      }
    }
    // Google's search shows only in the grounding metadata: one record per query.
    const grounding = googleGrounding(step.providerMetadata);
    for (const query of grounding.queries)
      calls.push({
        tool: "web_search",
        by: "provider",
        input: clip(query, MAX_RECORDED_INPUT),
        output: clip(grounding.sources.join("\n"), MAX_RECORDED_OUTPUT),
      });
  }
  for (const [id, entry] of byId) {
    const own = details.get(id);
    if (own === undefined || entry.call.by !== "plumb") continue;
    if (own.error !== undefined) entry.call.error = own.error;
    if (own.ms !== undefined) entry.call.ms = own.ms;
  }
  return calls;
}

function googleGrounding(metadata: unknown): { queries: string[]; sources: string[] } {
  const g = isRecord(metadata) && isRecord(metadata.google) ? metadata.google.groundingMetadata : undefined;
  if (!isRecord(g)) return { queries: [], sources: [] };
  const queries = Array.isArray(g.webSearchQueries)
    ? g.webSearchQueries.filter((q): q is string => typeof q === "string")
    : [];
  const sources = Array.isArray(g.groundingChunks)
    ? g.groundingChunks.flatMap((c) =>
        isRecord(c) && isRecord(c.web) && typeof c.web.uri === "string"
          ? [[str(c.web.title), c.web.uri].filter(Boolean).join(" ")]
          : [],
      )
    : [];
  return { queries, sources };
}

/**
 * Billable hosted tool use: provider-executed calls counted by tool; OpenAI's code interpreter
 * by container (it bills per container, which later calls may reuse); Anthropic's web searches as
 * its usage reports them when it does.
 */
export function toolUseOf(
  steps: readonly Pick<StepResult<ToolSet>, "content" | "providerMetadata">[],
  calls: readonly ToolCall[],
): Record<string, number> | undefined {
  // No prototype: a unit is named by the provider's reply, and "__proto__" must stay a plain key.
  const use: Record<string, number> = Object.create(null);
  const add = (unit: string, n: number) => {
    if (n > 0) use[unit] = (use[unit] ?? 0) + n;
  };
  const containers = new Set<string>();
  let containerless = 0;
  for (const step of steps)
    for (const part of step.content)
      if (part.type === "tool-call" && part.providerExecuted && part.toolName === "code_interpreter") {
        const id = isRecord(part.input) ? str(part.input.containerId) : undefined;
        if (id !== undefined) containers.add(id);
        else containerless++;
      }
  add("code_interpreter", containers.size + containerless);
  let reportedSearches: number | undefined;
  for (const step of steps) {
    const usage = isRecord(step.providerMetadata?.anthropic)
      ? step.providerMetadata.anthropic.usage
      : undefined;
    const server = isRecord(usage) ? usage.server_tool_use : undefined;
    const n = isRecord(server) ? server.web_search_requests : undefined;
    if (typeof n === "number" && Number.isFinite(n) && n >= 0) reportedSearches = (reportedSearches ?? 0) + n;
  }
  for (const call of calls) {
    if (call.by !== "provider" || call.tool === "code_interpreter") continue;
    if (call.tool === "web_search" && reportedSearches !== undefined) continue;
    add(call.tool, 1);
  }
  if (reportedSearches !== undefined) add("web_search", reportedSearches);
  return Object.keys(use).length > 0 ? use : undefined;
}
