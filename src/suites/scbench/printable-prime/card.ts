import type { TaskCard } from "../../../core/failure-modes.ts";

export const printablePrimeCard: TaskCard = {
  intent:
    "Combines 3D support reasoning with number theory: the model must choose a stack of 7-segment digits, one per layer from the build plate upwards, each in a named orientation, so that every layer rests on the one below without overhang, the digits read as a prime, and no comma group of three digits repeats. The goal is as many digits as possible (score relative to a target length), with a secondary height goal. It tests simultaneous satisfaction of a physical stacking rule, a combinatorial rule and primality over a long construction.",
  output: [
    'One JSON object (or Python literal) {"numberSequence": [{"digit": 8, "orientation": "flat"}, ...]} listing layers from the plate up, most significant digit first; an optional "reasoning" string is ignored.',
    'Orientation must be exactly one of "flat", "flippedX", "flippedY", "rotate180Z", "rotate90X", "rotate90Y"; any other name (e.g. "upright", "rot90") is a parse failure.',
    "Digits must be integers; giving the number as one string or integer without the per-layer objects is a parse failure.",
    "The last JSON value in the reply is read; more than 1000 layers is a parse failure.",
  ],
  constraints: [
    "At least one digit, each an integer 0–9, and no leading zero.",
    "If the instance caps the length, the number has no more digits than the cap.",
    "Each digit's orientation is one it can be printed in at all (raised orientations only for 1 and 7 standing, 1, 3 and 7 on their side).",
    "Each layer is supported by the one below: a flat digit's segments must all lie on segments of the flat digit below; a digit on its side needs a full-length side below; a 7 on its head needs a bar below; only a standing 1 may go on a raised digit.",
    "Written with commas every three digits from the right, no three-digit group occurs twice.",
    "The number is prime (Baillie–PSW).",
    "Score: 0 if any rule fails; otherwise min(1, digits / target digits), times 0.9 when the stack is not taller than the height goal. A pass needs the target digit count.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "Set by Plumb, not the verifier: no answer of the required shape could be read from the reply (no final answer, prose only, a wrong shape, or a list cut off at the token cap), so nothing was verified.",
      likely: ["evasion", "runaway"],
    },
    {
      name: "number.digits",
      meaning:
        "No digits, a value outside 0–9, or a leading zero; the answer is invalid and later number checks are not run.",
      likely: ["evasion", "trivialized"],
    },
    {
      name: "number.length",
      meaning: "More digits than the instance allows.",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "number.target",
      meaning:
        "Fewer digits than the full-credit target; with every rule holding, this only lowers the score to digits / target.",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "number.no_repeated_triplet",
      meaning: "Some three-digit comma group repeats (or the digits were unusable, so it was not checked).",
      likely: ["trivialized", "near-miss", "local-only"],
    },
    {
      name: "number.prime",
      meaning:
        "The number is composite (or not checked because the digits were unusable or the stack was over-long and already broken).",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "stack.orientations",
      meaning: "Some digit is given an orientation it cannot be printed in at all (e.g. an 8 standing up).",
      likely: ["trivialized", "local-only"],
    },
    {
      name: "stack.supports",
      meaning:
        "Some layer would overhang the layer below (segments not covered, no full side, no bar, or a non-spire on a raised digit).",
      likely: ["local-only", "near-miss", "trivialized"],
    },
    {
      name: "stack.height",
      meaning:
        "Informational, never fails: reports the stack height and whether the 0.9 height penalty applied.",
      likely: [],
    },
  ],
  tieBreaks: {
    evasion:
      "The model says the largest such prime cannot be determined, or gives an empty sequence or a token single digit while stating it will not search.",
    trivialized:
      "The model answers an easier question: a short valid prime far below the target length, a large prime without regard to stacking, orientations used as free relabellings, or the triplet rule ignored.",
    runaway:
      "Long hand primality testing or repeated rebuilding of digit chains that never settles on a sequence, or ends truncated, or whose final stack breaks several different rules.",
    "local-only":
      "Each adjacent pair of layers was reasoned about, but the stack as a whole fails: several overhangs further up, repeated groups across the number, or a long number that is composite.",
    "near-miss":
      "A full-length stack that meets every stacking rule but fails one predicate: the number is composite, one group repeats, or one layer overhangs; or a valid prime just a few digits short of the target.",
  },
};
