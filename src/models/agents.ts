import { InputError } from "../core/errors.ts";
import { readJsonlFile } from "../core/jsonl.ts";
import {
  type Attempt,
  type Model,
  ModelCallError,
  type ModelRequest,
  type ModelResponse,
  type ModelSpec,
} from "../core/model.ts";
import { replyLine } from "../core/replies.ts";
import { Rng } from "../core/rng.ts";

type Context = NonNullable<ModelRequest["context"]>;

/** An agent's reply: its text, or its text and the reasoning that came with it. */
type Reply = string | { text: string; reasoning?: string };

/** Runs a built-in agent's answer as one free, instant "call". */
function localModel(
  id: string,
  spec: ModelSpec,
  answer: (req: ModelRequest) => Reply | Promise<Reply>,
): Model {
  return {
    id,
    provider: "local",
    local: true,
    spec,
    async generate(req, signal) {
      if (signal.aborted) throw new ModelCallError("aborted", []);
      const startedAt = new Date().toISOString();
      const t0 = performance.now();
      const latency = () => Math.round(performance.now() - t0);
      let reply: Reply;
      try {
        reply = await answer(req);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        const attempt: Attempt = { startedAt, latencyMs: latency(), error: message };
        throw new ModelCallError(message, [attempt]);
      }
      const latencyMs = latency();
      const { text, reasoning } = typeof reply === "string" ? { text: reply, reasoning: undefined } : reply;
      const response: ModelResponse = {
        text,
        ...(reasoning === undefined ? {} : { reasoning }),
        usage: { input: 0, output: 0, reasoning: 0, cached: 0 },
        latencyMs,
        finishReason: "stop",
        attempts: [{ startedAt, latencyMs }],
      };
      return response;
    },
  };
}

function contextOf(req: ModelRequest, agent: string): Context {
  if (!req.context) throw new Error(`${agent}: the request says nothing about the task and instance`);
  return req.context;
}

/** An episode reply in the `Final: <action>` form environments read. */
function finalLine(action: unknown): string {
  return `Final: ${typeof action === "string" ? action : JSON.stringify(action)}`;
}

/** Plays the task's reference: its solver's first answer, or the environment's reference action. */
export function oracleAgent(): Model {
  return localModel("oracle", { provider: "oracle" }, async (req) => {
    const { task, instance, env } = contextOf(req, "oracle");
    if (env) {
      const action = await env.referenceAction();
      if (action === undefined) throw new Error(`oracle: the ${task.id} environment has no reference action`);
      return finalLine(action);
    }
    if (!task.solve || !task.formatAnswer) throw new Error(`oracle: task ${task.id} has no solver`);
    const answer = task.solve(instance).answers[0];
    if (answer === undefined) throw new Error(`oracle: no solution found for ${instance.id}`);
    return task.formatAnswer(answer, instance);
  });
}

/** A well-formed random answer (or legal action), the same for the same instance, epoch and step. */
export function randomAgent(): Model {
  return localModel("random", { provider: "random" }, async (req) => {
    const { task, instance, epoch, env } = contextOf(req, "random");
    if (env) {
      const legal = await env.legalActions();
      if (legal.length === 0) throw new Error(`random: no legal action in ${instance.id}`);
      return finalLine(new Rng(`random/${instance.id}/${epoch}/step/${env.steps()}`).pick(legal));
    }
    if (!task.randomAnswer || !task.formatAnswer) {
      throw new Error(`random: task ${task.id} cannot draw a random answer`);
    }
    const answer = task.randomAnswer(instance, new Rng(`random/${instance.id}/${epoch}`));
    return task.formatAnswer(answer, instance);
  });
}

/**
 * Plays the task's baseline of this name (e.g. SPaRC's "astar" ablation): its answer, or its
 * action at each episode step, drawing any chance from an Rng seeded by instance, epoch and step.
 */
export function baselineAgent(name: string): Model {
  return localModel(name, { provider: name }, async (req) => {
    const { task, instance, epoch, env } = contextOf(req, name);
    const baseline = task.baselines && Object.hasOwn(task.baselines, name) ? task.baselines[name] : undefined;
    if (!baseline) throw new Error(`${name}: task ${task.id} has no ${name} baseline`);
    if (env) {
      if (!baseline.act) throw new Error(`${name}: task ${task.id} has no ${name} policy for episodes`);
      const step = env.steps();
      const legal = await env.legalActions();
      if (legal.length === 0) throw new Error(`${name}: no legal action in ${instance.id}`);
      return finalLine(
        baseline.act(instance, step, legal, new Rng(`${name}/${instance.id}/${epoch}/step/${step}`)),
      );
    }
    if (!baseline.answer || !task.formatAnswer) {
      throw new Error(`${name}: task ${task.id} has no single-shot ${name} answer`);
    }
    return task.formatAnswer(baseline.answer(instance, new Rng(`${name}/${instance.id}/${epoch}`)), instance);
  });
}

/** Every stored reply by instance id, in file order. Throws InputError naming a bad line. */
export function loadReplies(file: string): Map<string, Reply[]> {
  const { lines, errors } = readJsonlFile(file);
  if (errors[0]) throw errors[0];
  const replies = new Map<string, Reply[]>();
  for (const entry of lines) {
    const reply = replyLine.safeParse(entry.value).data;
    if (!reply) {
      throw new InputError("expected {id, text} or {puzzle_id, message}", { line: entry.line, source: file });
    }
    const list = replies.get(reply.id) ?? [];
    list.push(reply.reasoning === undefined ? reply.text : { text: reply.text, reasoning: reply.reasoning });
    replies.set(reply.id, list);
  }
  return replies;
}

/** Serves stored replies: epoch e gets the id's e-th reply (0-based), or its last one. Reads the file now. */
export function replayAgent(file: string): Model {
  const replies = loadReplies(file);
  return localModel(`replay:${file}`, { provider: "replay", model: file }, (req) => {
    const { instance, epoch } = contextOf(req, "replay");
    const list = replies.get(instance.id) ?? [];
    const reply = list[epoch] ?? list.at(-1);
    if (reply === undefined) throw new Error(`no reply for ${instance.id} in ${file}`);
    return reply;
  });
}
