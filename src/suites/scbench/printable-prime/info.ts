import type { TaskInfo } from "../../../core/registry.ts";

export const printablePrimeInfo = {
  id: "scbench/printable-prime",
  suite: "scbench",
  description:
    "Largest 3D-printable prime: stack 7-segment digits, each in a chosen orientation, so the stack prints without supports, the number is prime and no comma group repeats.",
  tags: ["constructive", "3d", "number-theory", "printing"],
  levels: ["default", "proven-max", "max-12-digits", "max-24-digits"],
  presets: {
    original: {
      description:
        "The original's one subtask: the largest printable prime, scored against its 42-digit answer, with the 70 mm height goal.",
      count: 1,
    },
  },
} satisfies TaskInfo;
