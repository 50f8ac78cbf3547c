import type { AnyTask, Instance, Rendering } from "../core/task.ts";
import type { RenderingJson } from "./api.ts";
import { messageOf } from "./errors.ts";

/** A task whose solver once took longer than this is not asked for reference answers again. */
const SLOW_SOLVE_MS = 1_000;
const slowSolvers = new Set<string>();
/** Reference answers by task and instance id, so that a sample's pages solve its instance once. */
const references = new Map<string, unknown>();
const MAX_REFERENCES = 2_000;

export function renderingJson(r: Rendering): RenderingJson {
  return { kind: "svg", svg: r.svg, width: r.width, height: r.height };
}

/**
 * The instance's reference answer: the first the instance carries (`Task.references`), else, for a
 * task with no references, the first its solver finds. A solver runs on the server's thread and
 * cannot be cut short: one that takes over a second is not called again for that task. Null when
 * there is none; throws what the task's code throws.
 */
export function referenceOf(task: AnyTask, inst: Instance): unknown {
  if (task.references) return task.references(inst)[0] ?? null;
  if (!task.solve || slowSolvers.has(task.id)) return null;
  const key = `${task.id}\u0000${inst.id}`;
  if (references.has(key)) return references.get(key);
  const t0 = performance.now();
  const found = task.solve(inst, { maxSolutions: 1 }).answers[0] ?? null;
  if (performance.now() - t0 > SLOW_SOLVE_MS) slowSolvers.add(task.id);
  if (references.size >= MAX_REFERENCES) references.clear();
  references.set(key, found);
  return found;
}

/** An answer as the task reads answers, or null when it is not one (a stored answer the task has since changed). */
export function checkedAnswer(task: AnyTask, answer: unknown): unknown {
  if (answer === null || answer === undefined) return null;
  const read = task.answer.safeParse(answer);
  return read.success ? read.data : null;
}

/** Runs task code that draws; its failure is kept as the first error and gives null. */
export function drawing<T>(errors: string[], what: string, draw: () => T | undefined): T | null {
  try {
    return draw() ?? null;
  } catch (e) {
    errors.push(`${what}: ${messageOf(e)}`);
    return null;
  }
}
