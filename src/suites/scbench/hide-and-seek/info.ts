import type { TaskInfo } from "../../../core/registry.ts";

export const hideAndSeekInfo = {
  id: "scbench/hide-and-seek",
  suite: "scbench",
  description:
    "Hide and seek: place a crowd of box-shaped people near a building so a sniper's eye sees none of them.",
  tags: ["constructive", "3d", "visibility", "packing"],
  levels: ["4-people-w2", "20-people-w4", "40-people-w6", "80-people-w8", "150-people-w10", "200-people-w7"],
  presets: {
    original: {
      description:
        "The original's six crowds (4 to 200 people, buildings 2 to 10 m wide and 10 m tall, people 0.5 × 0.5 × 2 m), in its order.",
      count: 6,
    },
  },
} satisfies TaskInfo;
