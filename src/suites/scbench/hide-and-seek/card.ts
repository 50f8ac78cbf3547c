import type { TaskCard } from "../../../core/failure-modes.ts";

export const hideAndSeekCard: TaskCard = {
  intent:
    "Probes 3D visibility reasoning combined with packing: a square building stands at the origin and a sniper watches from a raised point far off; the model must place a crowd of 4 to 200 box-shaped people on the ground, within a given range of the building, clear of it and of each other, so that the building hides every one of them entirely. It needs the building's shadow region as seen from the sniper, in three dimensions, and an arrangement that fits the whole crowd into it.",
  output: [
    'The default prompt asks for {"people": [{"xy": [x, y]}, ...]}; {"people": [[x, y], ...]} is read too (the two forms may be mixed), as JSON or a Python literal, with extra keys such as "reasoning" ignored. Each pair is a person\'s footprint centre in metres.',
    'The parser takes the whole reply if it is JSON, else the last ```json block, else the last balanced {...}; a truncated list, a bare list without the "people" key, or positions given in prose or as a formula is a parse failure (check `parse`).',
    "Coordinates beyond ±1e6, non-numbers, or more than 10,000 people are parse failures; a list of the wrong length is read and fails hide.count (invalid).",
  ],
  constraints: [
    "Exactly the stated number of people is given (otherwise invalid).",
    "Every person's centre is within the maximum distance of the building's centre.",
    "No person's box overlaps the building (standing against a wall is allowed).",
    "No two people's boxes overlap (touching is allowed).",
    "Every point of every person's box is hidden: the sight line from the sniper's eye to it meets the building; people do not hide each other.",
    "Score: 0 if any of count, range, building or overlap fails; otherwise 1 − (visible people) / N, and a pass needs everyone hidden.",
  ],
  checks: [
    {
      name: "hide.count",
      meaning: "The number of positions differs from the crowd size: invalid, score 0.",
      likely: ["trivialized", "evasion", "local-only"],
    },
    {
      name: "hide.within_range",
      meaning:
        "Someone stands farther from the building than allowed (typically placed far back in the shadow to make room): score 0.",
      likely: ["trivialized", "local-only"],
    },
    {
      name: "hide.clear_of_building",
      meaning: "Someone's box overlaps the building's footprint: score 0.",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "hide.no_overlap",
      meaning: "Two people's boxes overlap (spacing below the person width in both x and y): score 0.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "hide.all_hidden",
      meaning:
        "Some people are at least partly visible to the sniper; with the other checks passing the score is the hidden fraction.",
      likely: ["local-only", "near-miss", "trivialized"],
    },
  ],
  tieBreaks: {
    evasion:
      "No placement is given, the model says the crowd cannot be hidden, or it returns far fewer positions than asked or a placeholder list.",
    trivialized:
      "The model solves a flatter problem: hides people from a sniper on the ground (2D shadow only, ignoring the sniper's height so heads stick out), puts people behind the wrong side of the building, ignores the range limit, or lets people hide behind one another.",
    runaway:
      "Long line-of-sight algebra for individual people or repeated re-gridding of the crowd that ends without a readable list, or a final list failing several different rules after visibly spiralling.",
    "local-only":
      "Each person's spot is plausible on its own but the crowd does not fit: rows spill outside the shadow as the crowd grows, people overlap where rows meet, or many are visible at the shadow's edges.",
    "near-miss":
      "A sound arrangement with one fault: one or two people at the shadow's edge still visible, a single overlapping pair, or one person just beyond the range limit or just inside the building's footprint.",
  },
};
