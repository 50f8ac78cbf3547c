import { clip } from "../../../core/clip.ts";
import type { Check, Verdict } from "../../../core/verdict.ts";
import { verdictFromChecks } from "../../../core/verdict.ts";
import type { HalfSubdivisionAnswer, HalfSubdivisionData } from "./schema.ts";
import { neighbourhood } from "./solve.ts";

const INVALID = new Set(["neighbours.well_formed"]);
const ADDRESS = /^[01]+$/;

function listed(items: readonly string[]): string {
  const shown = items.slice(0, 12).map((s) => JSON.stringify(clip(s, 40)));
  return shown.join(", ") + (items.length > 12 ? ` and ${items.length - 12} more` : "");
}

function check(name: string, bad: readonly string[], what: string): Check {
  return bad.length === 0 ? { name, ok: true } : { name, ok: false, detail: `${what}: ${listed(bad)}` };
}

/** Set equality with the exact neighbour set, one named check per way of missing it. */
export function verifyNeighbours(data: HalfSubdivisionData, answer: HalfSubdivisionAnswer): Verdict {
  const given = answer.neighbours;
  const wellFormed = given.filter((s) => ADDRESS.test(s));
  const leaves = new Set(data.leaves);
  const expected = new Set(neighbourhood(data).neighbours);
  const givenSet = new Set(wellFormed);

  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const s of given) {
    if (seen.has(s)) duplicates.add(s);
    seen.add(s);
  }

  return verdictFromChecks(
    [
      check(
        "neighbours.well_formed",
        given.filter((s) => !ADDRESS.test(s)),
        "not a non-empty string of the characters 0 and 1",
      ),
      check(
        "neighbours.leaves",
        [...givenSet].filter((s) => !leaves.has(s)),
        "not a leaf of this tree (an internal cell, or no cell at all)",
      ),
      check("neighbours.unique", [...duplicates], "listed more than once"),
      check(
        "neighbours.missing",
        [...expected].filter((s) => !givenSet.has(s)),
        "face neighbours of the target left out",
      ),
      check(
        "neighbours.extra",
        [...givenSet].filter((s) => leaves.has(s) && !expected.has(s)),
        givenSet.has(data.target)
          ? "leaves listed that are not face neighbours (the target itself among them)"
          : "leaves listed that share no face of positive measure with the target",
      ),
    ],
    INVALID,
  );
}
