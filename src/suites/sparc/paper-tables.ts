/**
 * Counts from the SPaRC paper (test split, 500 puzzles; each split 50), which the generator
 * samples from and the distribution check compares against.
 */

/** Table 5: test puzzles per difficulty level 1–5 in each split (`all` is the full set). */
export const TABLE5_LEVELS = {
  all: [86, 118, 121, 86, 89],
  gaps: [34, 6, 7, 3, 0],
  dots: [29, 9, 7, 3, 2],
  stones: [0, 5, 13, 18, 14],
  stars: [0, 29, 15, 5, 1],
  triangles: [13, 17, 12, 4, 4],
  polys: [0, 24, 22, 4, 0],
  polys_ylops: [3, 4, 9, 18, 16],
  stones_stars: [0, 12, 13, 12, 13],
  gaps_dots_triangles: [21, 13, 6, 4, 6],
  dots_stars_polys: [7, 9, 7, 9, 18],
} as const satisfies Record<string, readonly [number, number, number, number, number]>;

/** Table 1: of the 500 test puzzles, how many contain each rule kind. */
export const TABLE1_RULE_PUZZLES = {
  gaps: 313,
  dots: 292,
  stones: 355,
  stars: 210,
  triangles: 233,
  polys: 305,
  ylops: 25,
} as const;
