import type { Prompt } from "../../../core/task.ts";
import type { TaskRecord } from "./record.ts";

/**
 * Appendix E.2's rubric-guided proof evaluation: problem, reference solution (when the record has one),
 * the 0/1/6/7 guidelines and the proposed solution; the grade in exactly one `<points>` tag.
 */
export function judgePrompt(record: TaskRecord, proof: string): Prompt {
  const reference = record.ref_solution.trim() === "" ? "(not available)" : record.ref_solution.trim();
  const content = [
    "You are an expert grader for the International Mathematics Olympiad (IMO).",
    "Evaluate the proposed solution strictly and rigorously.",
    "",
    "Inputs:",
    "- Problem Statement:",
    record.query.trim(),
    "",
    "- Ground-Truth Solution:",
    reference,
    "",
    "- Specific Grading Guidelines:",
    record.grading_guidelines.trim(),
    "",
    "- Proposed Solution:",
    proof.trim() === "" ? "(empty)" : proof.trim(),
    "",
    "Output the final score using exactly one of:",
    "<points>7 out of 7</points>",
    "<points>6 out of 7</points>",
    "<points>1 out of 7</points>",
    "<points>0 out of 7</points>",
  ].join("\n");
  return { messages: [{ role: "user", content }] };
}
