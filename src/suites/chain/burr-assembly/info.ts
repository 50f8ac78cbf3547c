import type { TaskInfo } from "../../../core/registry.ts";

export const burrAssemblyInfo = {
  id: "chain/burr-assembly",
  suite: "chain",
  description:
    "Put an interlocking burr puzzle together from its pieces lying apart, by inserting parts into each other and sliding pieces; the optimum is the shortest disassembly reversed.",
  tags: ["interactive", "interlocking", "burr", "3d", "assembly"],
  levels: ["easy", "mid", "hard", "classic"],
} satisfies TaskInfo;
