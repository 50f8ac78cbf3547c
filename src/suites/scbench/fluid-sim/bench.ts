import { Rng } from "../../../core/rng.ts";
import { generateFluid } from "./generate.ts";
import { GOALS, LEVEL_SIDES } from "./goals.ts";
import { simulate } from "./simulate.ts";
import { referenceAnswer } from "./solve.ts";

/** Median milliseconds to simulate the reference answer (earthworks, rock, rain, measures) per level. */
export function benchFluid(runs = 7): { level: string; side: number; ms: number }[] {
  return GOALS.map((_, k) => {
    const inst = generateFluid({ goal: k + 1, side: LEVEL_SIDES[k] as number }, new Rng("bench"));
    const works = referenceAnswer(inst.data).earthworks;
    const times: number[] = [];
    for (let r = 0; r < runs; r++) {
      const start = performance.now();
      simulate(inst.data.heights, works);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { level: `goal-${k + 1}`, side: inst.data.side, ms: times[Math.floor(runs / 2)] as number };
  });
}
