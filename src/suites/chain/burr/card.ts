import type { TaskCard } from "../../../core/failure-modes.ts";

/** The failure-mode judge's card for chain/burr: taking an interlocking burr apart. */
export const burrCard: TaskCard = {
  intent:
    "3D spatial reasoning and multi-step planning on interlocking burr puzzles. The pieces are rigid sets of unit cubes given in world coordinates ([x, y, z], z up), assembled so that they lock each other; the model must take the puzzle completely apart by sliding one piece or a group of pieces along x, y or z, never rotating anything and never letting cubes overlap. A group whose bounding box stops overlapping the rest of its sub-assembly along the move axis comes apart: a single piece is then taken out, several pieces become a sub-assembly to take apart in turn. Puzzles range from small generated boxes to Luban locks, holey hill-climbed burrs and classic six-piece burrs whose first separation needs several moves. Mostly played interactively (one action per turn with feedback); the one-shot mode asks for the whole plan without feedback.",
  output: [
    'One-shot: a JSON array of actions, last in the reply, ideally in a ```json fence, e.g. [{"action": "move", "piece": "red", "axis": "x", "distance": -2}, {"action": "move", "piece": ["red", "blue"], "axis": "z", "distance": 3}]. {"action": "state"} is allowed and skipped.',
    "The axis may be x, y, z or signed (+x, -x, ...); a signed negative axis flips the distance. Piece names are the colour names, matched without case.",
    "The plan has at most four times the step budget in actions; a longer array, prose plans, a JSON object instead of an array, or fields with other names (e.g. direction, steps) fail to parse.",
    "Interactive: each reply ends with `Final: <action>`, as a call `move(red, x, -2)`, `move([red, blue], z, 3)`, `state()`, or the same JSON object; an unreadable reply still costs a turn.",
  ],
  constraints: [
    "Moves are played in order from the assembled puzzle; the first refused move ends a one-shot plan and nothing after it is played.",
    "A move names known pieces still in play, all from the same sub-assembly, with a non-zero whole distance no larger than the puzzle's slide limit.",
    "A move is refused as a whole if, at any unit of the slide, a moving cube would overlap a cube of any other piece still in play (of any sub-assembly); pieces never rotate.",
    "The goal: every piece taken out (no sub-assembly of two or more pieces left).",
    "Interactive: the episode has a step budget (by default twice the optimal move count, kept between 30 and 60 unless the optimum itself needs more); refused moves and state() use steps too.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "No JSON array of valid actions could be read from the reply (missing, malformed, wrong field names, or over the plan cap).",
      likely: ["evasion", "runaway"],
    },
    {
      name: "plan.actions_valid",
      meaning:
        "Some move was refused (the detail gives its index and why: blocked by a named piece at a given unit, unknown or already removed piece, pieces from different sub-assemblies, bad distance); the plan stopped there.",
      likely: ["local-only", "near-miss", "trivialized"],
    },
    {
      name: "plan.solved",
      meaning:
        "After the played moves not every piece is out (the detail counts pieces taken out). Fails together with plan.actions_valid when the plan stopped at a refusal; alone when every move was legal but the plan ended too early.",
      likely: ["local-only", "near-miss", "trivialized"],
    },
    {
      name: "episode.success",
      meaning:
        "Interactive: the step budget ran out (or the turn cap was hit) before every piece was out. The step log shows the refused moves and how far the disassembly got.",
      likely: ["local-only", "runaway", "evasion"],
    },
  ],
  tieBreaks: {
    evasion:
      "The reply declares the puzzle impossible or locked, returns an empty array or only state actions, or (interactive) spends its turns on state() and unreadable replies without real moves.",
    trivialized:
      "The plan treats pieces as free to leave along any axis from the start (e.g. pulls each piece straight out in turn), assumes pieces can pass through each other or rotate, or moves the whole puzzle at once; the first move is usually refused as blocked and the reasoning never examined the notches.",
    runaway:
      "Long coordinate-by-coordinate simulation that keeps revising and is cut off before a JSON array (parse fails), or, interactively, a long trail of different refusal kinds while the reasoning grows without a settled plan.",
    "local-only":
      "Individual moves are plausible and several are accepted, but the sequence does not add up: a later move is blocked by a piece the model forgot it had moved, moves undo each other, or all moves are legal yet sub-assemblies of several pieces remain at the end.",
    "near-miss":
      "All but one step of a correct disassembly: a single move has the wrong sign, is one unit too long or too short, or names the wrong piece, near the end of an otherwise sound plan, or only one last two-piece sub-assembly is left together.",
  },
};
