import type { TaskCard } from "../../../core/failure-modes.ts";

/** The failure-mode judge's card for chain/stacking: packing polycubes into a box under gravity. */
export const stackingCard: TaskCard = {
  intent:
    "3D packing with rotation and ordering. The model gets an a×b×c box (x, y horizontal, z up, floor at z = 0) and coloured polycube pieces given in their own frames, whose volumes add up to the box; it must fill the box exactly by placing each piece at explicit world cells, as a proper rotation of the piece (24 rotations, no mirror images), inside the box, on free cells, resting on the floor or on a placed cube, and reachable along the instance's insertion path (by default lowered straight down from the open top, so nothing can go in under an overhang). Pieces can be picked up again. It tests mental rotation, exact-cover reasoning and build order. Mostly interactive (one action per turn with feedback, solved the moment the box is full); the one-shot mode asks for the whole plan.",
  output: [
    'One-shot: a JSON array of actions, last in the reply (a ```json fence is fine), e.g. [{"action": "place", "piece": "red", "cells": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]]}, {"action": "pickup", "piece": "red"}]; {"action": "state"} and {"action": "finish"} also parse.',
    "Each place lists the exact world cells the piece will occupy, as many as the piece has; piece names are the colour names.",
    "The plan has at most four times the step budget in actions; a longer array, prose, an object instead of an array, or a place without cells fail to parse.",
    "Interactive: each reply ends with `Final: <action>`, as a call `place(red, [[0,0,0],[1,0,0]])`, `pickup(red)`, `state()`, `finish()`, or the JSON object; an unreadable reply still costs a turn, and finish() gives up.",
  ],
  constraints: [
    "A placement is refused with the first failing rule, in this order: unknown_piece, already_placed, wrong_cell_count, shape_mismatch (not a rotation of the piece moved in space, mirror images and repeated cells included), out_of_bounds, collision (cell already taken), floating (no cell on the floor or directly above a placed cube), blocked (a placed piece lies in the way of the insertion path: above it under the default straight-down rule, on every axis line under the axis rule).",
    "A pickup is refused as unknown_piece, not_placed, blocked (something above it, or on every line out), or would_leave_floating (another piece would lose its support).",
    "One-shot: actions are played in order from the empty box; the first refused action makes the plan invalid and stops it; actions after the box is full or after finish are ignored.",
    "The goal: every piece placed and the box exactly full.",
    "Interactive: a step budget (by default twice the piece count, kept between 30 and 60); refused actions and state() use steps, finish() ends the episode unsolved.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "No JSON array of valid actions could be read (missing, malformed, wrong field names, or over the plan cap).",
      likely: ["evasion", "runaway"],
    },
    {
      name: "plan.actions_valid",
      meaning:
        "An action was refused (the detail gives its index, the action and the refusal code and message); the answer counts as invalid and nothing after it was played.",
      likely: ["local-only", "trivialized", "near-miss"],
    },
    {
      name: "plan.solved",
      meaning:
        "At the end the box is not exactly full (the detail counts filled cells and unplaced pieces). Fails with plan.actions_valid after a refusal; alone when every action was accepted but pieces were left out or the plan called finish.",
      likely: ["local-only", "near-miss", "evasion"],
    },
    {
      name: "episode.success",
      meaning:
        "Interactive: the box was not full when the episode ended (finish(), step budget or turn cap). The step log shows the refusal codes and the fill reached.",
      likely: ["local-only", "runaway", "evasion"],
    },
  ],
  tieBreaks: {
    evasion:
      "The reply says the pieces cannot fill the box, returns an empty array, ends with finish() at once, or interactively spends turns on state() and unreadable replies instead of placing pieces.",
    trivialized:
      "The plan ignores rules of the task as stated: copies each piece's own-frame cells without rotating or translating them, mirrors pieces, ignores gravity or the straight-down path (floating or blocked refusals from sliding a piece under an overhang), or fills the volume with shapes that are not the given pieces (shape_mismatch, wrong_cell_count).",
    runaway:
      "Long layer-by-layer enumeration of rotations and coordinates that keeps revising and is cut off before the JSON array, or an interactive run with ever longer reasoning and a string of refusals of different codes without progress.",
    "local-only":
      "Each placement is a legal-looking rotation in a sensible spot, but the pieces do not fit together: a later piece collides with or cannot reach the space left, the remaining hole has the wrong shape for the remaining pieces, or the build order buries a space that had to be filled first.",
    "near-miss":
      "The packing is right apart from one predicate: one piece one cell off or in a near rotation, the last piece refused for one cell, or every piece placed but one with the remaining hole matching it and only one refusal in the log.",
  },
};
