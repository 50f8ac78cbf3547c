import { z } from "zod";

/**
 * What a failure-mode judge is told about a task besides the attempt itself: the task's intent,
 * its output contract, what its verifier checks and what each check's failure usually means, and
 * task-specific cues for telling labels apart. One per task, written for Plumb (SCBench anchors its
 * judge the same way, with a card per task). Plain data.
 */
export interface TaskCard {
  /** What the task probes, in a paragraph. */
  intent: string;
  /** What an answer must look like for the parser to read it, and the usual malformed forms. */
  output: string[];
  /** The hard constraints the verifier checks. */
  constraints: string[];
  /**
   * The verifier's checks by name (`path.connected`) or prefix (`rule.`), what a failure of one
   * means, and the label ids it usually points to.
   */
  checks: { name: string; meaning: string; likely: string[] }[];
  /** Task-specific cues by label id, of any label set (the judge is shown its set's). */
  tieBreaks: Record<string, string>;
}

/** A failure taxonomy: the labels a judge chooses among (exactly one per attempt). Plain data. */
export interface LabelSet {
  id: string;
  title: string;
  /** Where the taxonomy comes from. */
  source: string;
  labels: { id: string; name: string; definition: string }[];
  /** Rules the judge must follow across tasks (how to break ties between labels). */
  rules: string[];
  /** Attempts scoring below this are labelled (SCBench: 0.6). */
  threshold: number;
}

const text = z.string().trim().min(1).max(4000);
const labelId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "a label id is lower-case letters, digits and dashes");

export const taskCardSchema: z.ZodType<TaskCard> = z.strictObject({
  intent: text,
  output: z.array(text).min(1).max(20),
  constraints: z.array(text).min(1).max(40),
  checks: z
    .array(
      z.strictObject({ name: z.string().min(1).max(200), meaning: text, likely: z.array(labelId).max(8) }),
    )
    .max(80),
  tieBreaks: z.record(labelId, text),
});

export const labelSetSchema: z.ZodType<LabelSet> = z
  .strictObject({
    id: labelId,
    title: text,
    source: text,
    labels: z
      .array(z.strictObject({ id: labelId, name: z.string().trim().min(1).max(80), definition: text }))
      .min(2)
      .max(20),
    rules: z.array(text).max(20),
    threshold: z.number().min(0).max(1),
  })
  .superRefine((set, ctx) => {
    // A judge may answer with an id or a name (compared without case or spaces): each must name one label.
    const seen = new Set<string>();
    for (const [i, l] of set.labels.entries()) {
      for (const key of new Set([l.id, l.name.toLowerCase().replace(/\s+/g, "")])) {
        if (seen.has(key))
          ctx.addIssue({ code: "custom", path: ["labels", i], message: `"${key}" names two labels` });
        seen.add(key);
      }
    }
  });

/** SCBench's five mutually exclusive failure modes (§3.3), over every attempt scoring below 0.6. */
export const SCBENCH_LABELS: LabelSet = {
  id: "scbench",
  title: "SCBench failure modes",
  source: "SCBench §3.3: one label per attempt below 0.6, from a judge anchored by a per-task card",
  threshold: 0.6,
  labels: [
    {
      id: "evasion",
      name: "Evasion/Forfeit",
      definition:
        "The model declines the task, calls it infeasible, or hands back an empty or placeholder artefact instead of a real attempt.",
    },
    {
      id: "trivialized",
      name: "Trivialized/Misframed",
      definition:
        "The model solves some other, usually easier, problem: it quietly drops or rewrites constraints of the one asked.",
    },
    {
      id: "runaway",
      name: "Runaway Overthinking",
      definition:
        "Long, spiralling reasoning that never settles into a usable artefact (often cut off at the token cap).",
    },
    {
      id: "local-only",
      name: "Local-Only",
      definition:
        "Each local step or piece is plausible and the artefact is well-formed, but it does not hold together globally: global constraints fail.",
    },
    {
      id: "near-miss",
      name: "Near-Miss",
      definition:
        "An essentially right artefact in which a single verified predicate fails (one cell, one edge, one bound, one label).",
    },
  ],
  rules: [
    "Ground the label in the verifier's checks and in the output and reasoning shown; do not invent constraints the task card does not state.",
    "Runaway Overthinking needs both reasoning that spirals or overcomplicates and verifier failures of several different kinds; the same failure repeated is Local-Only.",
    "Near-Miss needs exactly one failing predicate in an otherwise correct artefact; several independent failures are Local-Only.",
    "An unreadable or missing answer is Evasion/Forfeit when the model gave up or stalled, Runaway Overthinking when it ran out of room while still reasoning.",
  ],
};

/**
 * SPaRC's reasons for reasoning mistakes (§4.2: its manual study of R1's failed puzzles with
 * valid paths), as one label per attempt, and the path errors it counts apart.
 */
export const SPARC_LABELS: LabelSet = {
  id: "sparc",
  title: "SPaRC failure causes",
  source:
    "SPaRC §4.2: causes of reasoning mistakes (logical fallacies, grid or index misreading, careless shortcutting) and path errors",
  threshold: 1,
  labels: [
    {
      id: "path-error",
      name: "Invalid Path",
      definition:
        "The path itself breaks the line rules: wrong start or end, disconnected, self-crossing, or running through rule cells.",
    },
    {
      id: "grid-misreading",
      name: "Grid/Index Misreading",
      definition:
        "The model misreads the grid: swaps rows and columns, miscounts coordinates, or places a rule cell where it is not.",
    },
    {
      id: "shortcutting",
      name: "Careless Shortcutting",
      definition:
        "The model makes several moves at once without checking them and so crosses a gap or misses a dot or a rule it knew about.",
    },
    {
      id: "logical-fallacy",
      name: "Logical Fallacy",
      definition:
        "The model reads the grid right but reasons wrongly about a rule (what separates stones, how stars pair, what a polyomino covers).",
    },
    {
      id: "no-answer",
      name: "No Answer",
      definition:
        "No path could be read: the model gave up, ran out of tokens, or wrote no path in the required form.",
    },
  ],
  rules: [
    "Use Invalid Path whenever a path.* check fails; the other labels are for valid paths that break rule cells.",
    "Among valid paths, prefer Grid/Index Misreading when the reasoning shows a wrong coordinate or a misplaced cell, even if a fallacy follows from it.",
  ],
};

/** ComBench's proof-error taxonomy (Appendix G), for proofs below full credit. */
export const COMBENCH_LABELS: LabelSet = {
  id: "combench",
  title: "ComBench proof errors",
  source: "ComBench Appendix G: one primary reason per below-full-credit proof",
  threshold: 1,
  labels: [
    {
      id: "missing-core-mechanism",
      name: "Missing Core Mechanism",
      definition:
        "The proof never finds the central idea the problem turns on (the invariant, the extremal object, the key bijection), so the argument cannot close.",
    },
    {
      id: "wrong-target",
      name: "Wrong Mathematical Target",
      definition:
        "The proof proves or optimises a different statement than the one asked, or answers with a wrong value.",
    },
    {
      id: "false-lemma",
      name: "False Lemma",
      definition: "The argument rests on an intermediate claim that is false.",
    },
    {
      id: "faulty-induction",
      name: "Faulty Induction",
      definition: "An induction or recursion whose base, step or hypothesis does not hold as used.",
    },
    {
      id: "unjustified-leap",
      name: "Unjustified Leap",
      definition: "A step asserted without the argument it needs, though it may be true.",
    },
    {
      id: "incomplete-cases",
      name: "Incomplete Case Analysis",
      definition: "A case split that leaves cases out or handles some only by assertion.",
    },
    {
      id: "other-math",
      name: "Other Mathematical Error",
      definition: "A mathematical error of another kind (computation, misapplied theorem, and the like).",
    },
    {
      id: "format-unscored",
      name: "Format or Unscored",
      definition: "No gradable proof: the reply is cut off, unreadable, or misses the required format.",
    },
  ],
  rules: [
    "Choose the primary reason: the first error without which the proof would have gone through.",
    "Format or Unscored is for replies with no gradable proof, not for mathematical errors.",
  ],
};

export const BUILTIN_LABEL_SETS: readonly LabelSet[] = [SCBENCH_LABELS, SPARC_LABELS, COMBENCH_LABELS];
