/**
 * IMO-ProofBench guidelines list "(Partial)" and "(Almost)" items (one row also "(Incorrect)"); ComBench
 * grades on 0/1/6/7. This writes the scale out and keeps the original text below it, unchanged.
 */
export function rubricFromProofBench(guidelines: string): string {
  return [
    "Grade on the 0/1/6/7 scale:",
    "- 7 points: a complete and rigorous solution.",
    '- 6 points: almost complete; the solution achieves an item listed under "(Almost)" below.',
    '- 1 point: partial progress; the solution achieves an item listed under "(Partial)" below, and is not almost complete.',
    '- 0 points: anything else, including what is listed under "(Incorrect)".',
    "",
    "Original IMO-ProofBench grading guidelines:",
    guidelines.trim(),
  ].join("\n");
}
