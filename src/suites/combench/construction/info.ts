import type { TaskInfo } from "../../../core/registry.ts";

export const comBenchConstructionInfo = {
  id: "combench/construction",
  suite: "combench",
  description:
    "ComBench construction-centric problems: an Olympiad combinatorics proof graded by a judge model on the 0/1/6/7 rubric, and an explicit construction checked by the record's verifier; a failed construction demotes 7 to 6 and 6 to 1.",
  tags: ["combinatorics", "proof", "construction", "judged"],
  levels: ["extremal", "existence-and-construction", "operations-and-strategies", "graph-theory", "counting"],
} satisfies TaskInfo;
