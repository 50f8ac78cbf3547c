import type { Instance, Preset } from "../../../core/task.ts";
import { pipeLoopInfo } from "./info.ts";
import type { Constraints, PipeData } from "./model.ts";

/**
 * The original's 40 subtasks as the paper ran them: SCBench `12.py` in the version the stored runs
 * graded with (`_base_specs` from (3, 1) to (420, 50); subtasks 12–21 take the complication presets
 * `edge_runner` … `wall_kisser` in order, the others only the no-crossing rule). Each preset's rules
 * keep the original's meanings: ratios of the side become absolute numbers, a "genuine turn" turns
 * by more than 5°, a straight run counts consecutive points that turn by less than 5°, the edge
 * tolerance is max(0.001, side / 1000), a quadrant includes its midlines, a fixed start is met
 * within 0.25.
 */
const SPECS: readonly (readonly [number, number])[] = [
  [3, 1],
  [6, 2],
  [8, 2],
  [10, 3],
  [12, 3],
  [14, 3],
  [16, 3],
  [18, 4],
  [20, 4],
  [22, 7],
  [24, 4],
  [26, 5],
  [28, 5],
  [30, 5],
  [32, 5],
  [36, 6],
  [40, 6],
  [44, 6],
  [48, 7],
  [52, 9],
  [56, 7],
  [60, 8],
  [64, 8],
  [72, 9],
  [80, 10],
  [90, 12],
  [100, 14],
  [110, 15],
  [120, 16],
  [140, 18],
  [160, 20],
  [170, 24],
  [180, 26],
  [200, 27],
  [280, 28],
  [320, 30],
  [360, 32],
  [390, 35],
  [400, 40],
  [420, 50],
];

/** The 0-based subtask that takes the first preset; the rest follow one per subtask. */
const FIRST_CONSTRAINED = 11;

const STRAIGHT_DEG = 5;

/**
 * The presets the subtasks use, in the order they take them, as Plumb constraints for a square of
 * side `s` (the original's "no crossings" is Plumb's default rule; its `no_cross_tight_angles` preset
 * comes first in its list but no subtask takes it).
 */
const PRESETS: readonly { name: string; rules: (s: number) => Constraints }[] = [
  {
    name: "edge_runner",
    rules: (s) => ({
      touchEdgeCount: { count: 3, tolerance: Math.max(1e-3, s * 1e-3) },
      minTurns: 5,
      straightDeg: STRAIGHT_DEG,
    }),
  },
  {
    name: "curvy_and_short_runs",
    rules: () => ({ maxStraightJoints: 2, straightDeg: STRAIGHT_DEG, cornerAngle: { min: 60, max: 150 } }),
  },
  { name: "balanced_quadrants", rules: () => ({ allQuadrants: true, quadrantsClosed: true }) },
  { name: "stay_off_walls", rules: (s) => ({ margin: 0.05 * s, minHullArea: 0.15 * s * s }) },
  {
    name: "dense_center",
    rules: (s) => ({
      centroidBox: { xMin: 0.45 * s, xMax: 0.55 * s, yMin: 0.45 * s, yMax: 0.55 * s },
      minSeparation: 0.25,
    }),
  },
  { name: "one_forced_cross", rules: () => ({ crossings: 1, cornerAngle: { min: 10, max: 170 } }) },
  { name: "two_forced_crosses", rules: () => ({ crossings: 2, cornerAngle: { min: 15, max: 165 } }) },
  {
    name: "center_start",
    rules: (s) => ({
      start: { x: 0.5 * s, y: 0.5 * s, tolerance: 0.25 },
      cornerAngle: { min: 40, max: 140 },
    }),
  },
  { name: "hull_spreader", rules: (s) => ({ minHullArea: 0.25 * s * s }) },
  {
    name: "wall_kisser",
    rules: (s) => ({ touchEdgeCount: { count: 4, tolerance: Math.max(1e-3, s * 1e-3) } }),
  },
];

const ID = "scbench/pipe-loop";

function originalInstances(): Instance<PipeData>[] {
  return SPECS.map(([pipes, side], i) => {
    const preset = PRESETS[i - FIRST_CONSTRAINED];
    return {
      id: `${ID}/original/${i + 1}`,
      task: ID,
      params: { pipes, boundary: side, preset: preset?.name ?? null },
      seed: null,
      data: { pipes, side, constraints: preset?.rules(side) ?? {} },
    };
  });
}

export const originalPreset: Preset<PipeData> = {
  description: pipeLoopInfo.presets.original.description,
  instances: originalInstances,
};
