import type { TaskInfo } from "../../../core/registry.ts";

export const topologyEnumerationInfo = {
  id: "scbench/topology-enumeration",
  suite: "scbench",
  description:
    "List every corner-label configuration of a unit square (in a given corner order, up to renaming) that forces an interface (2 classes) or a triple point (3 classes).",
  tags: ["axiomatic", "topology", "enumeration"],
  levels: [
    "level-1",
    "level-2",
    "level-3",
    "level-4",
    "level-5",
    "level-6",
    "level-7",
    "level-8",
    "level-9",
    "level-10",
  ],
  presets: {
    original: {
      description:
        "The original's 10 VisGeomBench records (2 and 3 classes, ten corner orders), in its order.",
      count: 10,
    },
  },
} satisfies TaskInfo;

export const enumerateEdgesInfo = {
  id: "scbench/enumerate-edges",
  suite: "scbench",
  description:
    "For several corner-labelled unit squares, list the pairs of sides certainly joined by one interface curve, in each square's own edge numbering.",
  tags: ["axiomatic", "topology", "corner-labels"],
  levels: ["level-1", "level-2", "level-3", "level-4", "level-5", "level-6", "level-7", "level-8"],
  presets: {
    original: {
      description:
        "The original's 8 VisGeomBench records (4 to 7 squares each, permuted corner orders and edge numberings), in its order.",
      count: 8,
    },
  },
} satisfies TaskInfo;

export const classifyBehaviourInfo = {
  id: "scbench/classify-behaviour",
  suite: "scbench",
  description:
    "Classify corner-labelled unit squares as known behaviour, three domains meeting (triple) or ambiguous.",
  tags: ["axiomatic", "topology", "corner-labels"],
  levels: [
    "level-1",
    "level-2",
    "level-3",
    "level-4",
    "level-5",
    "level-6",
    "level-7",
    "level-8",
    "level-9",
    "level-10",
    "level-11",
    "level-12",
    "level-13",
  ],
  presets: {
    original: {
      description:
        "The original's 13 VisGeomBench records (4 to 15 squares each, permuted corner orders), in its order.",
      count: 13,
    },
  },
} satisfies TaskInfo;
