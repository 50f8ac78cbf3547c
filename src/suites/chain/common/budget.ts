/**
 * The closed-loop step budget: CHAIN caps episodes at 30–60 steps, "substantially larger than
 * the optimal solution length". Twice the optimum, kept within 30–60, and never below 1.5× the
 * optimum so that a long puzzle stays solvable with slack.
 */
export function stepBudget(optimal: number): number {
  const scaled = Math.min(60, Math.max(30, 2 * optimal));
  return Math.max(scaled, Math.ceil(1.5 * optimal));
}

/** The most actions a one-shot plan may hold: four times the step budget; a longer one is not read. */
export function planCap(optimal: number): number {
  return 4 * stepBudget(optimal);
}
