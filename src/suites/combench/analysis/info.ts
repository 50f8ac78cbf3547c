import type { TaskInfo } from "../../../core/registry.ts";

export const comBenchAnalysisInfo = {
  id: "combench/analysis",
  suite: "combench",
  description:
    "ComBench analysis-centric problems (built in: the 60 IMO-ProofBench problems): a complete Olympiad solution graded by a judge model on the 0/1/6/7 rubric.",
  tags: ["proof", "analysis", "judged"],
  levels: [
    "algebra",
    "combinatorics",
    "geometry",
    "number-theory",
    "pre-imo",
    "imo-easy",
    "imo-medium",
    "imo-hard",
  ],
} satisfies TaskInfo;
