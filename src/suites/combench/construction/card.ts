import type { TaskCard } from "../../../core/failure-modes.ts";

/** The failure-mode judge's card for combench/construction: a proof plus a machine-checked construction. */
export const comBenchConstructionCard: TaskCard = {
  intent:
    "Olympiad combinatorics (extremal, existence and construction, operations and strategies, graph theory, counting) with two deliverables. Question 1 is the original problem, to be answered with a complete proof; Question 2 asks for an explicit object for concrete parameters (typically the extremal example showing a bound is sharp), written as a Python literal and checked by the record's own verifier program. A judge model grades the Question 1 proof on the 0/1/6/7 rubric against the reference solution and guidelines; the construction then gates the grade: if it fails or is not run, 7 drops to 6 and 6 drops to 1 (0 and 1 stay). Score = gated points / 7, and only 7 (full proof and a passing construction) passes. It probes whether a model can both argue a bound and actually build the object that attains it.",
  output: [
    "Exactly the two headings `## Solution to Question 1` (the proof and final answer; this section alone is what the judge sees) and then `## Solution to Question 2` (the construction), each once, in that order. Under the default (anchor) reading each heading must be a line of its own, nothing but whitespace may precede the first, and neither section may be empty; otherwise nothing is judged or run.",
    "Question 2 holds exactly one <construct>…</construct> block whose interior is only the payload: a Python literal (or JSON) in the shape the instruction asks for, written out in full (verifiers typically read it with ast.literal_eval, so comprehensions or function calls are rejected). No code fences inside the block.",
    "A <construct> tag in Question 1 leaves the proof unjudged (score 0) under the default reading, though the block in Question 2 is still run; under the plumb reading it fails construction.block instead and the proof is judged.",
    "Common malformed forms: headings renamed or repeated, the proof put under Question 2, no block or two blocks, an empty block, prose or code fences around the literal, a generator expression instead of the literal, a truncated literal when the object is large.",
  ],
  constraints: [
    "Both headings present once, in order; otherwise the reply is a parse failure scored 0 without judging.",
    "The construction payload must satisfy every condition the instruction lists for the given parameters (sizes, ranges, counts, distinctness and the extremal property itself), as the record's verifier checks; a timeout, crash or rejected payload is a failed construction.",
    "The proof grade follows the problem's guidelines: full credit needs the right answer and a complete, rigorous argument (usually both the bound and its sharpness).",
    "Gating: a failed, missing or malformed construction turns 7 into 6 and 6 into 1; score = points / 7; only 7 passes.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "The reply could not be read: a heading missing, repeated or out of order, text before the first heading, or an empty section. Nothing was judged or run.",
      likely: ["format-unscored", "evasion", "runaway"],
    },
    {
      name: "format.headings",
      meaning:
        "Never fails: present whenever both sections were read, so any loss comes from the construction or the proof grade.",
      likely: ["missing-core-mechanism", "unjustified-leap"],
    },
    {
      name: "construction.block",
      meaning:
        "Whether Question 2 held one well-formed, non-empty <construct> block (and Question 1 none). A failure names the problem (no block, several, malformed or unbalanced tags, empty, code fence inside); the payload was not run and counts as a failed construction.",
      likely: ["format-unscored", "evasion"],
    },
    {
      name: "construction.verified",
      meaning:
        "The record's verifier on the payload (the native port or the sandboxed Python verifier): a failure means the object breaks a stated condition, has the wrong size or parameters, could not be read as a literal, or timed out or crashed. The detail gives the verifier's reason.",
      likely: ["wrong-target", "other-math", "near-miss"],
    },
    {
      name: "construction.unchecked",
      meaning:
        "The verifier could not run in this environment (no Python, no sandbox, or no native port in native mode): the sample is unscored. This is not the model's failure; label by the proof alone.",
      likely: ["other-math"],
    },
    {
      name: "proof.graded",
      meaning:
        "The judge's grade of the Question 1 proof: the detail begins 'N out of 7' and says when the construction gated it down. A detail beginning 'not judged' or 'not graded' means no grade (unparsed reply, a <construct> tag in Question 1, no judge or no readable judge reply).",
      likely: ["missing-core-mechanism", "unjustified-leap", "wrong-target"],
    },
  ],
  tieBreaks: {
    evasion:
      "The reply gives only an answer or a sketch with no proof, says it cannot construct the object, or leaves the block empty, a placeholder or a tiny example for other parameters.",
    trivialized:
      "The reply solves an easier version: a construction for small parameters instead of the ones asked, only the bound without sharpness (or only the example without the bound), or a proof that assumes extra structure.",
    runaway:
      "A long reply that keeps rebuilding the construction or re-deriving the bound and is cut off, often in the middle of writing out a large literal, so the block is unbalanced or the verifier rejects a truncated object, and the proof is unfinished.",
    "local-only":
      "The construction follows a sensible local pattern but breaks the global property the verifier checks (a conflict between far-apart elements, a count that is off overall), or the proof's parts are right but do not combine into the full statement.",
    "near-miss":
      "One predicate separates the answer from full credit: a full-credit proof whose construction fails a single condition (one pair, one off-by-one count, one boundary element), or a passing construction with a proof graded 6. A 7 gated to 6 scores about 0.86, above the 0.6 threshold.",
    "missing-core-mechanism":
      "The proof never finds the structure that gives the bound (the chain decomposition, pigeonhole set-up, weighting or invariant of the reference), so it cannot reach the sharp value, and the construction is guessed rather than derived.",
    "wrong-target":
      "The claimed extremal value differs from the reference answer, the proof bounds the wrong quantity, or the payload is built for different parameters or a different object than the instruction asks for.",
    "false-lemma":
      "The proof or the design of the construction rests on a false intermediate claim (e.g. that a greedy choice is always optimal, or that some pattern avoids every conflict), which the verifier's rejection often exposes.",
    "faulty-induction":
      "The bound or the construction is built by induction or recursion whose base case, step, or extension to the required parameters does not hold as used.",
    "unjustified-leap":
      "A key step, such as that the construction has the extremal property or that the bound is attained, is asserted without argument while the payload may even pass.",
    "incomplete-cases":
      "A case analysis (parities, residues, small parameters, boundary rows or positions) leaves cases out, or the construction handles the general case but not the edge cases the verifier checks.",
    "other-math":
      "A concrete slip: a miscounted size or range in the payload, an arithmetic error in the bound, a misapplied theorem, or an index error when writing out the object.",
    "format-unscored":
      "Parse failure, a proof left unjudged (a <construct> tag in Question 1), or the proof placed outside Question 1; also a full-credit proof whose only loss is a missing or malformed construct block. Not for a block that ran and was rejected.",
  },
};
