import type { TaskJudge } from "../../../core/task.ts";
import { judgePrompt } from "./judge-prompt.ts";
import { readPoints } from "./points.ts";
import type { TaskRecord } from "./record.ts";
import { combineVerdict } from "./verdicts.ts";

/**
 * The rubric-guided proof judge. It sees the proof section only (for construction records, Question 1);
 * a response that could not be parsed is not judged.
 */
export function proofJudge<Answer extends { proof: string }>(): TaskJudge<TaskRecord, Answer> {
  return {
    prompt: (inst, input) => judgePrompt(inst.data, input.answer.proof),
    read: readPoints,
    combine: (_inst, verdict, grade, note) => combineVerdict(verdict, grade, note),
  };
}
