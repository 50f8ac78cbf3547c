/** Chart series are (run, model) pairs: named by the model alone when no other run has that model. */
export function seriesNamer(
  pairs: readonly { run: string; model: string }[],
): (run: string, model: string) => string {
  const runsOf = new Map<string, Set<string>>();
  for (const p of pairs) runsOf.set(p.model, (runsOf.get(p.model) ?? new Set()).add(p.run));
  return (run, model) => ((runsOf.get(model)?.size ?? 0) > 1 ? `${model} · ${run}` : model);
}

export const byNatural = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });
