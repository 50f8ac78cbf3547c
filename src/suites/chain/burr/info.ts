import type { TaskInfo } from "../../../core/registry.ts";

export const burrInfo = {
  id: "chain/burr",
  suite: "chain",
  description:
    "Take an interlocking burr puzzle apart by sliding pieces or groups along the axes; the disassembler gives the optimal plan and the BurrTools level.",
  tags: ["interactive", "interlocking", "burr", "3d"],
  levels: ["easy", "mid", "hard", "classic"],
} satisfies TaskInfo;
