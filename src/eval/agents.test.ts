import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SPARC_RESPONSES, sparcRecords, sparcResponses } from "../../test/support/sparc.ts";
import { InputError } from "../core/errors.ts";
import { ModelCallError, type ModelResponse } from "../core/model.ts";
import type { AnyTask, Environment, Instance } from "../core/task.ts";
import { isParseFailure } from "../core/verdict.ts";
import { checkOptions } from "../models/options.ts";
import { costOf } from "../models/prices.ts";
import { resolveModels } from "../models/resolve.ts";
import { sparcTask } from "../suites/sparc/index.ts";
import {
  type AgentModel,
  type AgentTurn,
  askAgent,
  baselineAgent,
  builtinAgent,
  type EnvView,
  isAgentModel,
  oracleAgent,
  randomAgent,
  replayAgent,
} from "./agents.ts";

const task = sparcTask as unknown as AnyTask;
const instances: Instance[] = sparcRecords().map((r) => sparcTask.load?.(r) as Instance);
/** Four puzzles from each difficulty level. */
const sample = instances.filter((_, i) => i % 5 === 0);
const signal = new AbortController().signal;

/** The runner's asynchronous view of an environment (see eval/episode.ts). */
function viewOf(env: Environment): EnvView {
  let steps = 0;
  const step = env.step.bind(env);
  env.step = (action) => {
    steps++;
    return step(action);
  };
  return {
    steps: () => steps,
    legalActions: async () => env.legalActions(),
    referenceAction: async () => env.referenceAction?.(),
  };
}

function askFull(model: AgentModel, instance: Instance, epoch = 0, env?: EnvView): Promise<ModelResponse> {
  return askAgent(model.agent, { task, instance, epoch, ...(env ? { env } : {}) }, signal);
}

function ask(model: AgentModel, instance: Instance, epoch = 0, env?: EnvView): Promise<string> {
  return askFull(model, instance, epoch, env).then((r) => r.text);
}

describe("resolving", () => {
  const retry = { retries: 0, timeoutMs: 2000 };

  it("makes the built-in agents --model names, as free local models", () => {
    const resolved = resolveModels(["oracle", "random", "astar", `replay:${SPARC_RESPONSES}`], {
      retry,
      builtin: builtinAgent,
    });
    const [oracle, random, astar, replay] = resolved;
    expect(resolved.every(isAgentModel)).toBe(true);
    expect(oracle?.spec).toEqual({ provider: "oracle" });
    expect(random?.local).toBe(true);
    expect(astar).toMatchObject({ id: "astar", local: true, spec: { provider: "astar" } });
    expect(replay?.spec).toEqual({ provider: "replay", model: SPARC_RESPONSES });
    const usage = { input: 1_000_000, output: 1_000_000, reasoning: 0, cached: 0 };
    expect(costOf(oracle as AgentModel, usage)).toBe(0);
    // Generation options mean nothing to them: any are accepted.
    expect(() =>
      checkOptions(oracle as AgentModel, { thinkingBudget: 5, reasoningEffort: "minimal" }),
    ).not.toThrow();
  });

  it("answers only through the runner, which gives it the task", async () => {
    await expect(oracleAgent().generate({ messages: [] }, signal)).rejects.toThrow(ModelCallError);
  });
});

describe("oracle", () => {
  const oracle = oracleAgent();

  it("is a free local model", async () => {
    expect(oracle).toMatchObject({ id: "oracle", provider: "local", local: true });
    const inst = sample[0] as Instance;
    const r = await askFull(oracle, inst);
    expect(r.usage).toEqual({ input: 0, output: 0, reasoning: 0, cached: 0 });
    expect(r.attempts).toHaveLength(1);
  });

  it("answers every SPaRC test puzzle so that parse and verify pass", async () => {
    for (const inst of instances) {
      const answer = task.parse(await ask(oracle, inst), inst);
      expect(isParseFailure(answer), inst.id).toBe(false);
      expect((await task.verify(inst, answer)).passed, inst.id).toBe(true);
    }
  });

  it("drives a SPaRC episode to success", async () => {
    for (const inst of sample.slice(0, 8)) {
      const env = task.env?.(inst) as Environment;
      const view = viewOf(env);
      while (!env.done) {
        const action = env.parseAction(await ask(oracle, inst, 0, view));
        expect(isParseFailure(action)).toBe(false);
        env.step(action);
      }
      expect(env.success, inst.id).toBe(true);
    }
  });

  it("fails as a call when there is nothing to solve", async () => {
    const noSolver = { ...task, solve: undefined } as AnyTask;
    const turn: AgentTurn = { task: noSolver, instance: sample[0] as Instance, epoch: 0 };
    const err = await askAgent(oracle.agent, turn, signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelCallError);
    expect((err as ModelCallError).message).toMatch(/no solver/);
    expect((err as ModelCallError).attempts).toHaveLength(1);
  });
});

describe("random", () => {
  const random = randomAgent();

  it("answers well-formed paths, the same for the same instance and epoch", async () => {
    let differs = 0;
    for (const inst of sample) {
      const text = await ask(random, inst, 0);
      expect(isParseFailure(task.parse(text, inst)), inst.id).toBe(false);
      expect(await ask(random, inst, 0)).toBe(text);
      if ((await ask(random, inst, 1)) !== text) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });

  it("plays legal actions in episodes, reproducibly", async () => {
    const play = async (inst: Instance): Promise<string[]> => {
      const env = task.env?.(inst) as Environment;
      const view = viewOf(env);
      const moves: string[] = [];
      while (!env.done) {
        const text = await ask(random, inst, 0, view);
        const action = env.parseAction(text);
        expect(env.legalActions()).toContain(action);
        moves.push(text);
        env.step(action);
      }
      return moves;
    };
    const inst = sample[3] as Instance;
    expect(await play(inst)).toEqual(await play(inst));
  });
});

describe("baselines (astar)", () => {
  const astar = baselineAgent("astar");

  it("answers the task's single-shot baseline: SPaRC's A* line, readable and reproducible", async () => {
    expect(astar).toMatchObject({ id: "astar", provider: "local", local: true });
    let solved = 0;
    for (const inst of instances) {
      const text = await ask(astar, inst);
      expect(text).toBe(await ask(astar, inst, 1));
      const answer = task.parse(text, inst);
      expect(isParseFailure(answer), inst.id).toBe(false);
      if ((await task.verify(inst, answer)).passed) solved++;
    }
    expect(solved).toBe(9);
  });

  it("plays the A* plan in episodes through the action parser", async () => {
    for (const inst of sample) {
      const env = task.env?.(inst) as Environment;
      const view = viewOf(env);
      const line = task.parse(await ask(astar, inst), inst) as { x: number; y: number }[];
      while (!env.done) {
        const text = await ask(astar, inst, 0, view);
        expect(text).toMatch(/^Final: (right|up|left|down)$/);
        env.step(env.parseAction(text));
      }
      expect(env.steps, inst.id).toBe(line.length - 1);
    }
  });

  it("fails as a call when the task has no such baseline", async () => {
    const none = { ...task, baselines: undefined } as AnyTask;
    const inst = sample[0] as Instance;
    const turn = (t: AnyTask): AgentTurn => ({ task: t, instance: inst, epoch: 0 });
    await expect(askAgent(astar.agent, turn(none), signal)).rejects.toThrow(
      /task sparc has no astar baseline/,
    );
    await expect(askAgent(baselineAgent("toString").agent, turn(task), signal)).rejects.toThrow(
      /no toString baseline/,
    );
  });
});

describe("replay", () => {
  const dir = mkdtempSync(join(tmpdir(), "plumb-replay-"));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const fake = (id: string): Instance => ({ id, task: "sparc", params: null, seed: null, data: null });

  it("serves the SPaRC CLI's results by puzzle_id", async () => {
    const replay = replayAgent(SPARC_RESPONSES);
    expect(replay).toMatchObject({ id: `replay:${SPARC_RESPONSES}`, provider: "local", local: true });
    const byId = new Map(instances.map((i) => [i.id, i]));
    for (const r of sparcResponses()) {
      // As the CLI composed the message: the reasoning apart, the content as the reply.
      const [, reasoning, text] = /^<think>([\s\S]*?)<\/think>\n([\s\S]*)$/.exec(r.message) ?? [];
      expect(await ask(replay, byId.get(r.puzzle_id) as Instance)).toBe(text);
      expect(await askFull(replay, byId.get(r.puzzle_id) as Instance)).toMatchObject({ reasoning });
    }
  });

  it("serves epoch e the e-th reply for an id, else the last", async () => {
    const path = file(
      "epochs.jsonl",
      '{"id": "a", "text": "first"}\n\n{"id": "b", "text": "only"}\n{"id": "a", "text": "second"}\n',
    );
    const replay = replayAgent(path);
    expect(await ask(replay, fake("a"), 0)).toBe("first");
    expect(await ask(replay, fake("a"), 1)).toBe("second");
    expect(await ask(replay, fake("a"), 5)).toBe("second");
    expect(await ask(replay, fake("b"), 2)).toBe("only");
    await expect(ask(replay, fake("c"))).rejects.toThrow(`no reply for c in ${path}`);
    await expect(ask(replay, fake("c"))).rejects.toBeInstanceOf(ModelCallError);
  });

  it("rejects a bad file when created, naming the line", () => {
    const shape = file("shape.jsonl", '{"id": "a", "text": "x"}\n{"id": "b"}\n');
    expect(() => replayAgent(shape)).toThrow(InputError);
    expect(() => replayAgent(shape)).toThrow(/line 2/);
    const json = file("json.jsonl", '{"id": "a", "text": "x"}\n{oops\n');
    expect(() => replayAgent(json)).toThrow(/line 2.*not valid JSON/);
    expect(() => replayAgent(join(dir, "missing.jsonl"))).toThrow(/file not found/);
  });
});
