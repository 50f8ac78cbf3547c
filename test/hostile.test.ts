/**
 * The hostile contract, for every registered task: hostile model texts go through parse → verify (and,
 * for interactive tasks, through the environment's action reader and step) and each must come back as
 * a verdict with a message — never a throw, never a hang, never a pass it should not be, never a
 * polluted prototype. A new task gets this for free.
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../src/core/canonical.ts";
import { loadTask } from "../src/core/registry.ts";
import type { AnyTask, Environment, Instance } from "../src/core/task.ts";
import { isParseFailure, type Verdict } from "../src/core/verdict.ts";
import { registerAllTasks } from "../src/suites/catalog.ts";
import { type HostileText, hostileSubject, hostileTexts, prototypesClean } from "./support/hostile.ts";

/** 1 MB, as the bound asks: far below what a quadratic parser would need at this size. */
const BYTES = 1024 * 1024;
const BOUND_MS = 5000;
const KINDS = ["parse", "invalid", "wrong", "unscored", "error"];

function expectWellFormed(v: Verdict, what: string): void {
  expect(Number.isFinite(v.score) && v.score >= 0 && v.score <= 1, `${what}: score ${v.score}`).toBe(true);
  expect(typeof v.passed, what).toBe("boolean");
  expect(Array.isArray(v.checks), what).toBe(true);
  if (!v.passed) {
    expect(KINDS, `${what}: failure ${JSON.stringify(v.failure)}`).toContain(v.failure?.kind);
    expect(v.failure?.message.length ?? 0, what).toBeGreaterThan(0);
  }
}

/** A verdict already given, by the canonical JSON of the answer (verifiers are deterministic). */
type Known = Map<string, Verdict>;

/** parse → verify; the verdict, or null for a parse failure (which must carry a message). */
async function grade(
  task: AnyTask,
  inst: Instance,
  text: string,
  what: string,
  known: Known,
): Promise<Verdict | null> {
  const answer = task.parse(text, inst);
  if (isParseFailure(answer)) {
    expect(answer.message.length, what).toBeGreaterThan(0);
    return null;
  }
  const key = canonicalJson(answer);
  const verdict = known.get(key) ?? (await task.verify(inst, answer));
  known.set(key, verdict);
  expectWellFormed(verdict, what);
  return verdict;
}

function expectOutcome(h: HostileText, passed: boolean, validPassed: boolean, what: string): void {
  if (h.expect === "fail") expect(passed, `${what} must not pass`).toBe(false);
  else if (h.expect === "same")
    expect(passed, `${what} must be judged like the valid answer`).toBe(validPassed);
  else if (!validPassed) expect(passed, `${what} must not pass where the valid answer fails`).toBe(false);
}

/** Actions no environment may choke on, besides every hostile text read as a reply. */
const HOSTILE_ACTIONS: unknown[] = [
  null,
  undefined,
  42,
  "move",
  [],
  { action: "constructor" },
  { action: "__proto__" },
  JSON.parse('{"__proto__": {"polluted": 1}, "action": "state"}'),
  { action: "move", piece: "__proto__", axis: "x", distance: 1 },
  { action: "move", piece: ["toString"], axis: "constructor", distance: Number.POSITIVE_INFINITY },
  { action: "move", piece: "red", axis: "x", distance: 9007199254740994 },
  { action: "place", piece: "hasOwnProperty", cells: [[0, 0, 0]] },
  { action: "place", piece: "red", cells: Array.from({ length: 100_000 }, () => [0, 0, 0]) },
  { action: "pickup", piece: { toString: null } },
  "right",
  { direction: "constructor" },
];

function driveEnvironment(env: Environment, texts: readonly HostileText[], id: string): void {
  for (const h of texts) {
    const what = `${id} env, ${h.name}`;
    const started = performance.now();
    const action = env.parseAction(h.text);
    if (isParseFailure(action)) expect(action.message.length, what).toBeGreaterThan(0);
    else env.step(action);
    expect(performance.now() - started, `${what}: too slow`).toBeLessThan(BOUND_MS);
  }
  for (const action of HOSTILE_ACTIONS) {
    const result = env.step(action);
    expect(typeof result.done, `${id} env, ${JSON.stringify(action)?.slice(0, 80)}`).toBe("boolean");
  }
  expect(typeof env.observe().text).toBe("string");
  expect(prototypesClean(), `${id} env polluted a prototype`).toBe(true);
}

describe("every task keeps the hostile contract", () => {
  for (const id of registerAllTasks()) {
    it(`${id}: hostile texts end as verdicts, fast, and never as wrong passes`, async () => {
      const task = await loadTask(id);
      const { inst, valid } = hostileSubject(task);
      // Texts that read as the valid answer (unused keys, junk around it) reuse its verdict.
      const known: Known = new Map();
      const validVerdict =
        valid === undefined ? null : await grade(task, inst, valid, `${task.id} valid`, known);
      const validPassed = validVerdict?.passed === true;
      const texts = hostileTexts(valid, BYTES);
      for (const h of texts) {
        const what = `${task.id}, ${h.name}`;
        const started = performance.now();
        const verdict = await grade(task, inst, h.text, what, known);
        expect(performance.now() - started, `${what}: too slow`).toBeLessThan(BOUND_MS);
        expectOutcome(h, verdict?.passed === true, validPassed, what);
        expect(prototypesClean(), `${what} polluted a prototype`).toBe(true);
      }
      if (task.env) driveEnvironment(task.env(inst), texts, task.id);
    });
  }
});
