import type { TaskInfo } from "../../../core/registry.ts";

export const topologyEnumerationInfo = {
  id: "scbench/topology-enumeration",
  suite: "scbench",
  description:
    "List every corner-label configuration of a unit square (in a given corner order, up to renaming) that forces an interface (2 classes) or a triple point (3 classes).",
  tags: ["axiomatic", "topology", "enumeration"],
  levels: Array.from({ length: 10 }, (_, i) => `level-${i + 1}`),
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
  levels: Array.from({ length: 8 }, (_, i) => `level-${i + 1}`),
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
  levels: Array.from({ length: 13 }, (_, i) => `level-${i + 1}`),
  presets: {
    original: {
      description:
        "The original's 13 VisGeomBench records (4 to 15 squares each, permuted corner orders), in its order.",
      count: 13,
    },
  },
} satisfies TaskInfo;
