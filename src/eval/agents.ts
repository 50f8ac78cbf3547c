import { InputError } from "../core/errors.ts";
import { readJsonlFile } from "../core/jsonl.ts";
import {
  type Attempt,
  type Model,
  ModelCallError,
  type ModelResponse,
  type ModelSpec,
  ZERO_USAGE,
} from "../core/model.ts";
import { finalReply, replyLine } from "../core/replies.ts";
import { Rng } from "../core/rng.ts";
import type { AnyTask, Instance } from "../core/task.ts";
import type { BuiltinSpec } from "../models/resolve.ts";

/**
 * What an agent may ask of an episode's environment, which lives in a worker thread: every look at
 * it but the step count is a message there and back.
 */
export interface EnvView {
  steps(): number;
  legalActions(): Promise<unknown[]>;
  referenceAction(): Promise<unknown | undefined>;
}

/**
 * What a built-in agent is given to answer: the task and the instance themselves (a model sees
 * only the prompt), the epoch, and in an episode a view of the environment.
 */
export interface AgentTurn {
  task: AnyTask;
  instance: Instance;
  epoch: number;
  env?: EnvView;
}

/** An agent's reply: its text, or its text and the reasoning that came with it. */
export type AgentReply = string | { text: string; reasoning?: string };

/**
 * A built-in solver (oracle, random, a task's baseline, replay): it answers from the task and
 * instance, not from a prompt. The runner asks it in place of calling a model.
 */
export interface Agent {
  /** The --model name it answers to, and what runs store of it. */
  readonly id: string;
  readonly spec: ModelSpec;
  reply(turn: AgentTurn): AgentReply | Promise<AgentReply>;
}

/**
 * An agent as runs list it beside models: free, local and keyless, with the same id, provider
 * ("local") and spec. Only the runner can ask it, through `askAgent`, which gives it the task.
 */
export interface AgentModel extends Model {
  readonly local: true;
  readonly agent: Agent;
}

export function isAgentModel(model: Model): model is AgentModel {
  return "agent" in model && (model as Partial<AgentModel>).agent !== undefined;
}

/** The agent wrapped as a runnable model (see AgentModel). */
export function agentModel(agent: Agent): AgentModel {
  return {
    id: agent.id,
    provider: "local",
    local: true,
    spec: agent.spec,
    agent,
    async generate() {
      throw new ModelCallError(`${agent.id} is a built-in agent: it answers a task, not a prompt`, []);
    },
  };
}

/**
 * Asks the agent, as one free, instant call: its reply as a model response, or a ModelCallError
 * with the one failed attempt when it cannot answer.
 */
export async function askAgent(agent: Agent, turn: AgentTurn, signal: AbortSignal): Promise<ModelResponse> {
  if (signal.aborted) throw new ModelCallError("aborted", []);
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const latency = () => Math.round(performance.now() - t0);
  let reply: AgentReply;
  try {
    reply = await agent.reply(turn);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const attempt: Attempt = { startedAt, latencyMs: latency(), error: message };
    throw new ModelCallError(message, [attempt]);
  }
  const latencyMs = latency();
  const { text, reasoning } = typeof reply === "string" ? { text: reply, reasoning: undefined } : reply;
  return {
    text,
    ...(reasoning === undefined ? {} : { reasoning }),
    usage: { ...ZERO_USAGE },
    latencyMs,
    finishReason: "stop",
    attempts: [{ startedAt, latencyMs }],
  };
}

/** Plays the task's reference: its solver's first answer, or the environment's reference action. */
export function oracleAgent(): AgentModel {
  return agentModel({
    id: "oracle",
    spec: { provider: "oracle" },
    async reply({ task, instance, env }) {
      if (env) {
        const action = await env.referenceAction();
        if (action === undefined)
          throw new Error(`oracle: the ${task.id} environment has no reference action`);
        return finalReply(action);
      }
      if (!task.solve || !task.formatAnswer) throw new Error(`oracle: task ${task.id} has no solver`);
      const answer = task.solve(instance).answers[0];
      if (answer === undefined) throw new Error(`oracle: no solution found for ${instance.id}`);
      return task.formatAnswer(answer, instance);
    },
  });
}

/** A well-formed random answer (or legal action), the same for the same instance, epoch and step. */
export function randomAgent(): AgentModel {
  return agentModel({
    id: "random",
    spec: { provider: "random" },
    async reply({ task, instance, epoch, env }) {
      if (env) {
        const legal = await env.legalActions();
        if (legal.length === 0) throw new Error(`random: no legal action in ${instance.id}`);
        return finalReply(new Rng(`random/${instance.id}/${epoch}/step/${env.steps()}`).pick(legal));
      }
      if (!task.randomAnswer || !task.formatAnswer) {
        throw new Error(`random: task ${task.id} cannot draw a random answer`);
      }
      const answer = task.randomAnswer(instance, new Rng(`random/${instance.id}/${epoch}`));
      return task.formatAnswer(answer, instance);
    },
  });
}

/**
 * Plays the task's baseline of this name (e.g. SPaRC's "astar" ablation): its answer, or its
 * action at each episode step, drawing any chance from an Rng seeded by instance, epoch and step.
 */
export function baselineAgent(name: string): AgentModel {
  return agentModel({
    id: name,
    spec: { provider: name },
    async reply({ task, instance, epoch, env }) {
      const baseline =
        task.baselines && Object.hasOwn(task.baselines, name) ? task.baselines[name] : undefined;
      if (!baseline) throw new Error(`${name}: task ${task.id} has no ${name} baseline`);
      if (env) {
        if (!baseline.act) throw new Error(`${name}: task ${task.id} has no ${name} policy for episodes`);
        const step = env.steps();
        const legal = await env.legalActions();
        if (legal.length === 0) throw new Error(`${name}: no legal action in ${instance.id}`);
        return finalReply(
          baseline.act(instance, step, legal, new Rng(`${name}/${instance.id}/${epoch}/step/${step}`)),
        );
      }
      if (!baseline.answer || !task.formatAnswer) {
        throw new Error(`${name}: task ${task.id} has no single-shot ${name} answer`);
      }
      return task.formatAnswer(
        baseline.answer(instance, new Rng(`${name}/${instance.id}/${epoch}`)),
        instance,
      );
    },
  });
}

/** Every stored reply by instance id, in file order. Throws InputError naming a bad line. */
export function loadReplies(file: string): Map<string, AgentReply[]> {
  const { lines, errors } = readJsonlFile(file);
  if (errors[0]) throw errors[0];
  const replies = new Map<string, AgentReply[]>();
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
export function replayAgent(file: string): AgentModel {
  const replies = loadReplies(file);
  return agentModel({
    id: `replay:${file}`,
    spec: { provider: "replay", model: file },
    reply({ instance, epoch }) {
      const list = replies.get(instance.id) ?? [];
      const reply = list[epoch] ?? list.at(-1);
      if (reply === undefined) throw new Error(`no reply for ${instance.id} in ${file}`);
      return reply;
    },
  });
}

/** The built-in agent a --model text names (see `resolveModels`' `builtin` option). */
export function builtinAgent(spec: BuiltinSpec): AgentModel {
  if (spec.kind === "replay") return replayAgent(spec.file);
  if (spec.name === "oracle") return oracleAgent();
  return spec.name === "random" ? randomAgent() : baselineAgent(spec.name);
}
