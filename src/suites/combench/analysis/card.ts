import type { TaskCard } from "../../../core/failure-modes.ts";

/** The failure-mode judge's card for combench/analysis: Olympiad proofs graded by a judge model. */
export const comBenchAnalysisCard: TaskCard = {
  intent:
    "Rigorous Olympiad-level mathematical proof. The built-in problems are the IMO-ProofBench set (algebra, combinatorics, geometry, number theory; pre-IMO to IMO-hard). The model must write a complete, explicit solution, with final answers in \\boxed{} when the problem asks for a value and a full proof otherwise. There is no automatic checker of the mathematics: a judge model grades the solution against the problem's reference solution and grading guidelines on the 0/1/6/7 rubric (7 complete and rigorous, 6 complete with a minor fixable flaw, 1 a meaningful partial step, 0 otherwise). Score = grade / 7, and only 7 passes.",
  output: [
    "Default (anchor) reading: the whole reply, trimmed, is the solution the judge sees; it is refused only when empty or when it contains a <construct> tag.",
    "With PLUMB_COMBENCH_PARSING=plumb: the text after exactly one `## Solution` heading (missing or repeated heading is a parse failure; text before it is ignored).",
    "Common failures of form: an empty or cut-off reply, a stray <construct> block, `## Solution to Question 1/2` headings instead of `## Solution` (plumb reading), or an answer with no argument.",
    "The judge must answer with one <points>N out of 7</points> tag, N in {0, 1, 6, 7}; a judge reply without a readable grade leaves the sample unscored (not the model's failure).",
  ],
  constraints: [
    "The reply must be in the required form to be judged at all; an unparsed reply scores 0 and is never judged.",
    "The grade comes from the judge under the problem's own guidelines: full credit needs a correct final answer (when there is one) and a complete proof with every case and every non-trivial step justified.",
    "Score = grade / 7; anything below 7 fails.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "The reply could not be read as a solution (empty, a <construct> tag, or under the plumb reading a missing or repeated `## Solution` heading); nothing was judged.",
      likely: ["format-unscored", "evasion", "runaway"],
    },
    {
      name: "format.headings",
      meaning:
        "Never fails: it is present whenever the reply was read as a solution, so the failure lies in the mathematics that proof.graded scores, not in the format.",
      likely: ["missing-core-mechanism", "unjustified-leap"],
    },
    {
      name: "proof.graded",
      meaning:
        "The judge's grade: the detail begins 'N out of 7'. N = 6 is a complete proof with a minor flaw, N = 1 only a meaningful partial step, N = 0 no real progress or a wrong answer. A detail starting 'not graded' or 'not judged' means no grade (no judge, unreadable judge reply, or an unparsed response).",
      likely: ["missing-core-mechanism", "unjustified-leap", "wrong-target"],
    },
  ],
  tieBreaks: {
    evasion:
      "The reply states only a final answer or a conjecture without argument, says the problem is too hard, or returns an empty or template solution; graded 0.",
    trivialized:
      "The reply proves a weaker or special version (small n, an extra assumption, one direction of an iff, a bound without showing it is attained) and presents it as the solution.",
    runaway:
      "A very long reply that tries approach after approach, backtracks, and is cut off or ends without a coherent proof; graded 0 or unparsed.",
    "local-only":
      "Correct-looking lemmas and computations that never combine into the statement: the pieces are fine locally but the global argument does not close (typical grade 1).",
    "near-miss":
      "An essentially complete proof sunk by one isolated error (one wrong case, one false inequality step) that the grade reflects; note a 6 scores about 0.86 and is above the 0.6 threshold.",
    "missing-core-mechanism":
      "The reply circles the problem with routine manipulations, small cases or generic bounds and never finds the key idea the reference solution turns on (the invariant, extremal choice, bijection, substitution or auxiliary construction).",
    "wrong-target":
      "The boxed answer differs from the reference answer, or the proof establishes a different statement than the one asked (a different quantity, the converse, a misread condition).",
    "false-lemma":
      "The argument relies on an intermediate claim that is false (often checkable on a small case), even if the rest follows from it correctly.",
    "faulty-induction":
      "An induction or recursion with a missing or wrong base case, a step that silently uses a stronger hypothesis than assumed, or a step that does not cover all n.",
    "unjustified-leap":
      "The crux is asserted with 'clearly', 'it is easy to see' or 'by symmetry' without proof, while the claim may well be true; the rubric withholds credit for the unproved step.",
    "incomplete-cases":
      "A case split (parity, sign, small values, equality, configuration of points) where some cases are skipped or dismissed as similar without justification.",
    "other-math":
      "Another concrete mathematical error: an arithmetic or algebra slip, a misapplied theorem or inequality (wrong conditions for equality, AM-GM on negative terms), a wrong count.",
    "format-unscored":
      "The parse check failed or proof.graded says the reply was not judged: an empty or truncated reply, a stray <construct> tag, or a missing or repeated heading under the plumb reading. Use it only when there is no gradable solution.",
  },
};
