import { z } from "zod";

/**
 * A list a model's answer may carry, capped so that a hostile answer cannot make verification slow.
 * Each task sets its cap far above what any real answer needs; a longer list is a parse failure
 * whose message (prefixed with the field by the answer reader) states the cap.
 */
export function cappedList<T extends z.ZodType>(item: T, max: number, what: string) {
  return z.array(item).max(max, `more than ${max} ${what}: an answer may list at most ${max}`);
}

/** The first `shown` problems joined by "; ", then how many more: keeps messages about long answers short. */
export function firstFew(problems: readonly string[], shown = 5): string {
  const more = problems.length > shown ? ` (and ${problems.length - shown} more)` : "";
  return problems.slice(0, shown).join("; ") + more;
}
