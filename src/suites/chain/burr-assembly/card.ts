import type { TaskCard } from "../../../core/failure-modes.ts";

/** The failure-mode judge's card for chain/burr-assembly: putting a burr together from its pieces. */
export const burrAssemblyCard: TaskCard = {
  intent:
    "3D spatial reasoning and planning in reverse: the pieces of an interlocking burr (rigid unit-cube sets, never rotated) start lying apart, and the model must put the puzzle together. It is shown each piece's cubes where they belong in the assembled puzzle and the parts it currently has. It joins parts with insert (bring the whole part holding one piece in from far away along one of +x/-x/+y/-y/+z/-z until that piece sits at a given offset from its assembled place relative to another piece) and adjusts pieces inside a part with move (slide some, not all, pieces of one part). The hard part is ordering insertions and slides so that nothing ever collides on the way in, which usually means building sub-assemblies with pieces offset and then sliding them home. Mostly interactive (one action per turn with feedback); the one-shot mode asks for the whole plan.",
  output: [
    'One-shot: a JSON array of actions, last in the reply, ideally in a ```json fence, e.g. [{"action": "insert", "piece": "red", "into": "blue", "from": "+x", "at": [0, 0, 0]}, {"action": "move", "piece": "red", "axis": "x", "distance": -2}]; {"action": "state"} is allowed and changes nothing.',
    '"from" is the direction the moving part travels in (with +x it comes from the -x side); "at" is three whole numbers, the piece\'s offset from where it belongs relative to "into" ([0, 0, 0] means as assembled).',
    "The plan has at most four times the step budget in actions; a longer array, prose, an object instead of an array, or wrong field names (e.g. direction instead of from, offset instead of at) fail to parse.",
    "Interactive: each reply ends with `Final: <action>`, as a call `insert(red, blue, +x, [0, 0, 0])`, `move(red, x, -2)`, `move([red, blue], z, 3)`, `state()`, or the same JSON object; an unreadable reply still costs a turn.",
  ],
  constraints: [
    "Actions are played in order from the pieces lying apart; the first refused action ends a one-shot plan.",
    "insert joins two different parts; each number of at is a whole number within the slide limit; the moving part must reach its stop along a straight line without any cube overlapping the other part on the way or at the stop; and at the stop its bounding box must overlap the other part's along the travel axis (not still outside, not passed through).",
    "move slides a group of known pieces of one part, not the whole part, by a non-zero whole distance within the slide limit; it is refused if any unit of the slide makes a moving cube overlap another piece of that part. A group whose bounding box no longer overlaps the rest along the axis splits off as its own part.",
    "The goal: one part holding every piece, every piece at the same offset (each exactly where it belongs relative to the others).",
    "Interactive: a step budget (by default twice the optimal action count, kept between 30 and 60 unless the optimum needs more); refused actions and state() use steps.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "No JSON array of valid actions could be read (missing, malformed, wrong fields or values, or over the plan cap).",
      likely: ["evasion", "runaway"],
    },
    {
      name: "plan.actions_valid",
      meaning:
        "Some action was refused; the detail names it and why (blocked on the way in, overlap at the stop, stop short or past, same part, whole part moved, blocked slide, unknown piece, bad number). Nothing after it was played.",
      likely: ["local-only", "near-miss", "trivialized"],
    },
    {
      name: "plan.solved",
      meaning:
        "After the played actions the puzzle is not assembled; the detail gives the number of parts (one part still fails when some piece sits at a non-zero offset).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "episode.success",
      meaning:
        "Interactive: the step budget or turn cap ran out before the puzzle was assembled; the step log shows the refusals and the parts reached.",
      likely: ["local-only", "runaway", "evasion"],
    },
  ],
  tieBreaks: {
    evasion:
      "The reply declares the assembly impossible, returns an empty array or only state actions, or (interactive) keeps sending state() or unreadable replies instead of inserting pieces.",
    trivialized:
      "The plan inserts every piece straight into its final place at offset [0, 0, 0] one after another, as if pieces could pass through each other or the interlock did not exist, or it moves whole parts; the reasoning never considers the path in, and an early insertion is refused as blocked or overlapping.",
    runaway:
      "Long cube-by-cube simulation of insertion paths that keeps revising and is cut off before the JSON array, or an interactive trail of many different refusals with ever longer reasoning and no settled order.",
    "local-only":
      "Each insertion or slide is reasonable by itself and several are accepted, but the order is globally wrong: a piece is inserted before the pieces that must come in first, a later insertion is blocked by what was built, or every action is legal yet several parts remain or pieces are left offset.",
    "near-miss":
      "An essentially correct assembly with one slip: a single insertion with the wrong from direction or an offset one unit off, one final slide with the wrong sign or distance, or one part containing every piece with a single piece left at a non-zero offset.",
  },
};
