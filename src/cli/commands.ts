import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../core/errors.ts";
import { gradeResponse, verifyAnswer } from "../core/grade.ts";
import {
  dumpInstance,
  generateInstances,
  parseOverrides,
  presetInstances,
  resolveParams,
} from "../core/instances.ts";
import { buildPrompt, readPromptTemplate } from "../core/prompt-template.ts";
import { loadTask } from "../core/registry.ts";
import type { AnyTask, Instance } from "../core/task.ts";
import type { Verdict } from "../core/verdict.ts";
import { DEFAULT_GENERATE_COUNT, DEFAULT_MAX_SOLUTIONS } from "./defaults.ts";
import { readAnswers, readInstances, readResponses, reportErrors } from "./lines.ts";

type Out = { out?: string };

/** Writes JSONL to --out or stdout. */
function emit(o: Out, rows: readonly unknown[]): void {
  const text = rows.map((r) => `${JSON.stringify(r)}\n`).join("");
  if (o.out) writeFileSync(o.out, text);
  else process.stdout.write(text);
}

/** Bad lines were skipped and reported; the command still fails so scripts notice. */
function finish(skipped: number): void {
  if (skipped > 0) {
    process.stderr.write(`${skipped} line(s) skipped\n`);
    process.exitCode = 1;
  }
}

function loadInstances(
  task: AnyTask,
  file: string,
): { byId: Map<string, Instance>; list: Instance[]; skipped: number } {
  task.settings?.();
  const { items, errors } = readInstances(task, file);
  reportErrors(errors);
  const byId = new Map<string, Instance>();
  for (const inst of items) byId.set(inst.id, inst);
  return { byId, list: items, skipped: errors.length };
}

/** Reports a line naming an instance the instances file lacks; returns 1 for the skip count. */
function skipUnknown(file: string, line: number, id: string): number {
  process.stderr.write(`skipped: ${file} line ${line}, field id: no instance "${id}"\n`);
  return 1;
}

const verdictRow = (id: string, v: Verdict, extra: Record<string, unknown> = {}) => ({
  id,
  ...extra,
  score: v.score,
  passed: v.passed,
  checks: v.checks,
  failure: v.failure ?? null,
  ...(v.isolation === undefined ? {} : { isolation: v.isolation }),
});

export async function generateCommand(
  taskId: string,
  o: Out & { level?: string; preset?: string; set: string[]; count?: number; seed: string },
): Promise<void> {
  const task = await loadTask(taskId);
  const instances =
    o.preset === undefined
      ? generateInstances(
          task,
          resolveParams(task, o.level, parseOverrides(o.set)),
          o.count ?? DEFAULT_GENERATE_COUNT,
          o.seed,
        )
      : fromPreset(task, o.preset, o).slice(0, o.count);
  emit(
    o,
    instances.map((inst) => dumpInstance(task, inst)),
  );
}

/** A preset's set, which takes no generation parameters. */
export function fromPreset(task: AnyTask, preset: string, o: { level?: string; set: string[] }): Instance[] {
  if (o.level !== undefined || o.set.length > 0)
    throw new InputError("--preset is a fixed set: it takes no --level or --set", { field: "--preset" });
  return presetInstances(task, preset);
}

export async function solveCommand(
  taskId: string,
  o: Out & { instances: string; all?: boolean; maxSolutions?: number },
): Promise<void> {
  const task = await loadTask(taskId);
  if (!task.solve) throw new InputError(`${task.id} has no reference solver`);
  const { list, skipped } = loadInstances(task, o.instances);
  const cap = o.all ? (o.maxSolutions ?? DEFAULT_MAX_SOLUTIONS) : undefined;
  let capped = 0;
  const rows = list.map((inst) => {
    const r = task.solve?.(inst, { all: o.all, maxSolutions: cap });
    if (!r) throw new Error("unreachable");
    if (!o.all) return { id: inst.id, answer: r.answers[0] ?? null, complete: r.complete };
    if (!r.complete) capped++;
    return { id: inst.id, answers: r.answers, count: r.answers.length, complete: r.complete };
  });
  emit(o, rows);
  if (capped > 0) {
    process.stderr.write(
      `${capped} instance(s) stopped at ${(cap as number).toLocaleString("en")} solutions (--max-solutions): their lists are incomplete\n`,
    );
  }
  finish(skipped);
}

export async function verifyCommand(
  taskId: string,
  o: Out & { instances: string; answers?: string; reference?: boolean },
): Promise<void> {
  const task = await loadTask(taskId);
  if (!o.answers === !o.reference) throw new InputError("give exactly one of --answers F or --reference");
  const { byId, list, skipped } = loadInstances(task, o.instances);
  const rows: unknown[] = [];
  let bad = skipped;
  if (o.reference) {
    if (!task.references) throw new InputError(`${task.id} instances carry no reference answers`);
    for (const inst of list) {
      for (const [index, answer] of task.references(inst).entries()) {
        rows.push(verdictRow(inst.id, await verifyAnswer(task, inst, answer), { index }));
      }
    }
  } else {
    const { items, errors } = readAnswers(task, o.answers as string);
    reportErrors(errors);
    bad += errors.length;
    for (const a of items) {
      const inst = byId.get(a.id);
      if (!inst) {
        bad += skipUnknown(o.answers as string, a.line, a.id);
        continue;
      }
      rows.push(
        verdictRow(
          a.id,
          await verifyAnswer(task, inst, a.answer),
          a.index === undefined ? {} : { index: a.index },
        ),
      );
    }
  }
  emit(o, rows);
  summarise(rows);
  finish(bad);
}

export async function gradeCommand(
  taskId: string,
  o: Out & { instances: string; responses: string; lenient?: boolean; maxResponseBytes?: number },
): Promise<void> {
  const task = await loadTask(taskId);
  const { byId, skipped } = loadInstances(task, o.instances);
  const { items, errors } = readResponses(o.responses);
  reportErrors(errors);
  let bad = skipped + errors.length;
  const rows: unknown[] = [];
  let lenientCatches = 0;
  for (const r of items) {
    const inst = byId.get(r.id);
    if (!inst) {
      bad += skipUnknown(o.responses, r.line, r.id);
      continue;
    }
    const { answer, verdict, lenient } = await gradeResponse(task, inst, r.text, {
      lenient: o.lenient,
      maxResponseBytes: o.maxResponseBytes,
    });
    if (lenient) lenientCatches++;
    rows.push(verdictRow(r.id, verdict, { answer, ...(o.lenient ? { lenient } : {}) }));
  }
  emit(o, rows);
  summarise(rows, o.lenient ? lenientCatches : undefined);
  finish(bad);
}

function summarise(rows: readonly unknown[], lenientCatches?: number): void {
  const verdicts = rows as { passed: boolean; failure: { kind: string } | null }[];
  const count = (kind: string) => verdicts.filter((v) => v.failure?.kind === kind).length;
  const passed = verdicts.filter((v) => v.passed).length;
  let line = `${verdicts.length} verdicts: ${passed} passed, ${count("wrong")} wrong, ${count("invalid")} invalid, ${count("parse")} unparseable`;
  if (count("error") > 0) line += `, ${count("error")} task errors`;
  const isolations = new Map<string, number>();
  for (const v of rows as { isolation?: string }[]) {
    if (v.isolation !== undefined) isolations.set(v.isolation, (isolations.get(v.isolation) ?? 0) + 1);
  }
  if (isolations.size > 0) {
    line += `; verifiers ran under ${[...isolations].map(([k, n]) => `${k} ${n}`).join(", ")}`;
  }
  if (lenientCatches !== undefined) line += `; ${lenientCatches} read only by the lenient extractor`;
  process.stderr.write(`${line}\n`);
}

/** The prompts for instances, one line each: {id, messages, images, outputSchema}; images as base64 PNG. */
export async function promptCommand(
  taskId: string,
  o: Out & {
    instances: string;
    variant?: string;
    shots?: number;
    maxOutputTokens?: number;
    promptTemplate?: string;
  },
): Promise<void> {
  const task = await loadTask(taskId);
  const { list, skipped } = loadInstances(task, o.instances);
  const template = o.promptTemplate === undefined ? undefined : readPromptTemplate(o.promptTemplate);
  const rows = list.map((inst) => {
    const prompt = buildPrompt(task, inst, {
      variant: o.variant,
      shots: o.shots,
      template,
      maxOutputTokens: o.maxOutputTokens,
    });
    return {
      id: inst.id,
      messages: prompt.messages,
      images: (prompt.images ?? []).map((img) => ({
        mediaType: img.mediaType,
        alt: img.alt,
        base64: Buffer.from(img.data).toString("base64"),
      })),
      outputSchema: prompt.outputSchema ?? null,
    };
  });
  emit(o, rows);
  finish(skipped);
}

export async function renderCommand(
  taskId: string,
  o: { instances: string; answers?: string; out: string; png: boolean },
): Promise<void> {
  const task = await loadTask(taskId);
  if (!task.render) throw new InputError(`${task.id} has no renderer`);
  const { list, skipped } = loadInstances(task, o.instances);
  let bad = skipped;
  const answers = new Map<string, unknown>();
  if (o.answers) {
    const { items, errors } = readAnswers(task, o.answers);
    reportErrors(errors);
    bad += errors.length;
    for (const a of items) if (!answers.has(a.id)) answers.set(a.id, a.answer);
  }
  mkdirSync(o.out, { recursive: true });
  let meshes = 0;
  for (const inst of list) {
    const picture = task.render(inst, answers.get(inst.id));
    const base = join(o.out, inst.id.replace(/[^\w.-]/g, "_"));
    writeFileSync(`${base}.svg`, picture.svg);
    if (o.png) writeFileSync(`${base}.png`, (await import("../core/png.ts")).svgToPng(picture.svg));
    for (const mesh of task.meshes?.(inst, answers.get(inst.id)) ?? []) {
      writeFileSync(`${base}.${mesh.name.replace(/[^\w.-]/g, "_")}.stl`, mesh.stl);
      meshes++;
    }
  }
  process.stderr.write(
    `${list.length} picture(s)${meshes > 0 ? ` and ${meshes} STL mesh(es)` : ""} written to ${o.out}\n`,
  );
  finish(bad);
}
