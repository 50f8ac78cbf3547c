import type { TaskCard } from "../../../core/failure-modes.ts";

export const topologyEnumerationCard: TaskCard = {
  intent:
    "Probes exhaustive topological reasoning from sparse data: given only the class labels at a unit square's four corners (listed in a stated, possibly non-geometric corner order), the model must list every labelling, up to renaming of labels, that is enough to force an interface between two classes (2-class instances) or a triple point where three classes meet inside the square (3-class instances). It tests mapping a listed order onto the square's geometry, deciding which configurations force the feature, and enumerating them completely without duplicates.",
  output: [
    'A JSON object {"configurations": [[a, b, c, d], ...]}, the original\'s {"configs": [...]}, or a bare Python-style list of 4-tuples such as [(0, 0, 1, 2), (0, 1, 1, 2)].',
    'Labels are integers; strings such as "A" or "red", or a tuple written as one string "0012", are parse failures.',
    "Tuples need not be in first-appearance form: they are compared after renaming, so [1, 1, 0, 2] counts as [0, 0, 1, 2].",
    "The last JSON value or bracketed literal in the reply is read; a trailing example or partial list replaces the intended answer.",
  ],
  constraints: [
    "Each configuration has exactly 4 labels, each from 0 to classes−1, in the prompt's corner order.",
    "No two listed configurations are the same after renaming labels.",
    "Every configuration that forces the feature (in this corner order) is listed.",
    "No configuration that does not force the feature is listed.",
    "Pass/fail: score 1 only when the list is exactly the forced set.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "Set by Plumb, not the verifier: no answer of the required shape could be read from the reply (no final answer, prose only, a wrong shape, or a list cut off at the token cap), so nothing was verified.",
      likely: ["evasion", "runaway"],
    },
    {
      name: "configs.well_formed",
      meaning: "Some configuration does not have 4 labels or uses a label outside 0…classes−1; invalid.",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "configs.unique",
      meaning: "Two listed configurations are the same after renaming labels (a relabelled duplicate).",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "configs.missing",
      meaning: "Some forcing configurations are absent from the list.",
      likely: ["local-only", "near-miss", "trivialized"],
    },
    {
      name: "configs.extra",
      meaning:
        "Some listed configurations do not force the feature (e.g. diagonal repeats counted as triple points, or adjacency judged in the listed order instead of around the square).",
      likely: ["local-only", "trivialized", "near-miss"],
    },
  ],
  tieBreaks: {
    evasion:
      "The model says the answer depends on the unseen boundaries and cannot be listed, or returns an empty list or a single illustrative tuple.",
    trivialized:
      "The model answers a different question: treats the listed corner order as going around the square, lists every labelling with the right number of classes, or ignores the renaming rule.",
    runaway:
      "Long case analysis over all labellings that circles and re-derives the rule, ending without a list or with one that is missing, padded and duplicated at once.",
    "local-only":
      "Each configuration was judged on its own with a plausible argument, but the set as a whole is off: several forcing configurations missing and several non-forcing ones included.",
    "near-miss":
      "The list is the forced set except for exactly one configuration missing, one extra, or one relabelled duplicate.",
  },
};

export const enumerateEdgesCard: TaskCard = {
  intent:
    "Probes topological inference on several corner-labelled unit squares at once: for each square, given its corner labels in its own corner order and its own numbering of the four sides, the model must list the pairs of sides that are certainly joined by a single interface curve. It tests translating per-square orders and edge numberings into geometry, knowing when a curve is guaranteed (and when a square is ambiguous or has no interface), and keeping the bookkeeping straight across squares.",
  output: [
    'A JSON object {"squares": [[[i, j], ...], ...]} with one list per square in order, the original\'s {"edges": [...]}, or a bare list such as [[], [(0, 2)], [(1, 3), (0, 2)]].',
    "A square with no guaranteed curve must still get an empty list [] so the squares stay aligned.",
    'Pairs must be integers; side names ("top", "left") or a dict keyed by square number are parse failures.',
    "The last JSON value or bracketed literal in the reply is read.",
  ],
  constraints: [
    "Exactly one entry per square, and every pair is two edge numbers from 0 to 3.",
    "Every pair is written with i < j and appears at most once per square.",
    "For every square, the set of pairs equals the guaranteed curves in that square's own edge numbering (none for ambiguous squares or squares with no crossed side).",
    "Pass/fail: score 1 only when every check holds.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "Set by Plumb, not the verifier: no answer of the required shape could be read from the reply (no final answer, prose only, a wrong shape, or a list cut off at the token cap), so nothing was verified.",
      likely: ["evasion", "runaway"],
    },
    {
      name: "edges.well_formed",
      meaning:
        "Wrong number of squares (a square skipped or merged) or a pair that is not two edge numbers 0–3; invalid.",
      likely: ["trivialized", "local-only", "near-miss"],
    },
    {
      name: "edges.sorted_pairs",
      meaning:
        "A pair is written with i ≥ j, or repeated within a square (a format slip; the set may still be right).",
      likely: ["near-miss"],
    },
    {
      name: "edges.match",
      meaning:
        "For some squares the listed pairs differ from the guaranteed curves (missing or extra pairs); the detail names each square.",
      likely: ["local-only", "near-miss", "trivialized"],
    },
  ],
  tieBreaks: {
    evasion:
      "The model says no connection can be guaranteed without seeing the interior, or returns empty lists for every square without analysis, or no list.",
    trivialized:
      "The model drops a stated convention: uses the canonical side numbering instead of each square's own, assumes the listed corner order goes around the square, lists crossed sides instead of joined pairs, or gives curves for ambiguous squares.",
    runaway:
      "Long per-square derivations that keep re-mapping orders and numberings, ending cut off or with an answer wrong in form and content at once.",
    "local-only":
      "Each square's reasoning looks sound in isolation, but several squares end up with wrong pairs, e.g. the numbering mapping slips from one square to the next.",
    "near-miss":
      "All squares right except one pair in one square, or the only failure is a pair written in the wrong order.",
  },
};

export const classifyBehaviourCard: TaskCard = {
  intent:
    "Probes classification of corner-labelled unit squares: for each square, given its four corner labels in its own corner order, the model must say whether the interface picture is determined with no triple point (known), forces three classes to meet at an interior point (triple), or admits more than one topology (ambiguous). It tests mapping listed orders onto the square, telling side-adjacent from diagonal corners, and applying the same rule consistently over many squares.",
  output: [
    'A JSON object {"behaviours": ["known", "triple", "ambiguous", ...]} with one entry per square in order, the original\'s {"labels": [...]}, a bare list, or a final comma-separated line of labels.',
    'Each entry is "known", "triple" or "ambiguous", or the original\'s "known behaviour", "three domains meeting", "ambiguous" (any case); any other wording such as "unknown" or "3-way" is a parse failure.',
    "The last JSON value or label list in the reply is read.",
  ],
  constraints: [
    "Exactly one label per square.",
    "Each square's label equals its true behaviour: triple when exactly three sides are crossed; ambiguous when all four are crossed and both or neither diagonal pairs share a label; known otherwise.",
    "Pass/fail: score 1 only when every square is right.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "Set by Plumb, not the verifier: no answer of the required shape could be read from the reply (no final answer, prose only, a wrong shape, or a list cut off at the token cap), so nothing was verified.",
      likely: ["evasion", "runaway"],
    },
    {
      name: "behaviours.well_formed",
      meaning:
        "The number of labels differs from the number of squares (a square skipped or extra entries); invalid.",
      likely: ["local-only", "near-miss", "trivialized"],
    },
    {
      name: "behaviours.match",
      meaning:
        "Some squares are misclassified; the detail lists each wrong square with expected and given labels.",
      likely: ["local-only", "near-miss", "trivialized"],
    },
  ],
  tieBreaks: {
    evasion:
      "The model says behaviour cannot be known from corners alone, labels every square ambiguous without analysis, or gives no list.",
    trivialized:
      "The model applies a simpler rule: counts distinct labels instead of crossed sides, treats the listed corner order as going around the square, or labels nearly everything one class.",
    runaway:
      "Lengthy re-derivation of the topology for each square that never settles, ending cut off or with a list of the wrong length and many wrong labels.",
    "local-only":
      "The rule is stated correctly but applied unevenly: several scattered squares are misclassified, often those whose corner order is permuted.",
    "near-miss": "Exactly one square is misclassified in an otherwise correct list of the right length.",
  },
};
