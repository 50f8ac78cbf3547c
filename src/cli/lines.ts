import { z } from "zod";
import { fromZodError, InputError } from "../core/errors.ts";
import { asLineError, type LoadReport, readInstancesFile } from "../core/instances.ts";
import { readJsonlFile } from "../core/jsonl.ts";
import { replyLine } from "../core/replies.ts";
import type { AnyTask, Instance } from "../core/task.ts";

/** An answer line: `{id, answer}`, or `{id, answers: [...]}` as `solve --all` writes. */
const answerLine = z.union([
  z.object({ id: z.string().min(1), answer: z.unknown() }),
  z.object({ id: z.string().min(1), answers: z.array(z.unknown()) }),
]);

export interface AnswerEntry {
  id: string;
  line: number;
  answer: unknown;
  /** Position within an `answers` list. */
  index?: number;
}

export interface ResponseEntry {
  id: string;
  line: number;
  text: string;
}

export function readInstances(task: AnyTask, path: string): LoadReport<Instance> {
  try {
    const own = task.readFile?.(path);
    if (own) return { items: own, errors: [] };
  } catch (e) {
    if (e instanceof InputError) return { items: [], errors: [e] };
    throw e;
  }
  return readInstancesFile(task, path);
}

/** Answers validated against the task's answer schema; a bad line names its line and field. */
export function readAnswers(task: AnyTask, path: string): LoadReport<AnswerEntry> {
  const { lines, errors } = readJsonlFile(path);
  const items: AnswerEntry[] = [];
  for (const entry of lines) {
    try {
      const parsed = answerLine.safeParse(entry.value);
      if (!parsed.success) throw fromZodError(parsed.error);
      const { id } = parsed.data;
      const list = "answers" in parsed.data ? parsed.data.answers : [parsed.data.answer];
      const field = "answers" in parsed.data ? "answers" : "answer";
      list.forEach((raw, i) => {
        const answer = task.answer.safeParse(raw);
        if (!answer.success) throw fromZodError(answer.error, field === "answers" ? [field, i] : [field]);
        items.push({ id, line: entry.line, answer: answer.data, index: field === "answers" ? i : undefined });
      });
    } catch (e) {
      errors.push(asLineError(e, entry, path));
    }
  }
  return { items, errors };
}

export function readResponses(path: string): LoadReport<ResponseEntry> {
  const { lines, errors } = readJsonlFile(path);
  const items: ResponseEntry[] = [];
  for (const entry of lines) {
    try {
      const parsed = replyLine.safeParse(entry.value);
      if (!parsed.success) throw fromZodError(parsed.error);
      items.push({ id: parsed.data.id, text: parsed.data.text, line: entry.line });
    } catch (e) {
      errors.push(asLineError(e, entry, path));
    }
  }
  return { items, errors };
}

export function reportErrors(errors: readonly InputError[]): void {
  for (const e of errors) process.stderr.write(`skipped: ${e.describe()}\n`);
}
