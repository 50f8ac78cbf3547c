import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import { isHidden, overlapsBuilding, type Vec2, withinRange } from "./geometry.ts";
import { overlapPartners } from "./overlaps.ts";
import type { HideAnswer, HideData } from "./scene.ts";

const INVALID = new Set(["hide.count"]);

/** Per-person facts the checks and the renderer share. */
export interface PersonReport {
  inRange: boolean;
  inBuilding: boolean;
  /** Index of another person whose box overlaps this one, or -1. */
  overlapsWith: number;
  hidden: boolean;
}

export function analysePeople(data: HideData, people: readonly Vec2[]): PersonReport[] {
  const overlapsWith = overlapPartners(data, people);
  return people.map((p, i) => ({
    inRange: withinRange(data, p),
    inBuilding: overlapsBuilding(data, p),
    overlapsWith: overlapsWith[i]!,
    hidden: isHidden(data, p),
  }));
}

const show = ([x, y]: Vec2) => `(${x}, ${y})`;

function firstFailure(name: string, failures: string[]): Check {
  if (failures.length === 0) return { name, ok: true };
  const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : "";
  return { name, ok: false, detail: `${failures[0]}${more}` };
}

/**
 * The original's basic checks (count, range, building, overlap) then visibility. When the basic
 * checks hold the score is the hidden fraction 1 − visible/N (our geometric stand-in for the
 * original's red-pixel penalty); it passes only when nobody is visible. A failed basic check scores 0.
 */
export function verifyHiding(data: HideData, answer: HideAnswer): Verdict {
  const people = answer.people;
  const reports = analysePeople(data, people);
  const at = (i: number) => `person ${i} at ${show(people[i]!)}`;
  const fails = (pred: (r: PersonReport, i: number) => string | null) =>
    reports.flatMap((r, i) => {
      const msg = pred(r, i);
      return msg === null ? [] : [msg];
    });
  const visible = reports.filter((r) => !r.hidden).length;
  const checks: Check[] = [
    people.length === data.people
      ? { name: "hide.count", ok: true }
      : { name: "hide.count", ok: false, detail: `expected ${data.people} people, got ${people.length}` },
    firstFailure(
      "hide.within_range",
      fails((r, i) =>
        r.inRange
          ? null
          : `${at(i)} is ${Math.hypot(...people[i]!).toFixed(3)} m from the building centre (max ${data.maxDistance})`,
      ),
    ),
    firstFailure(
      "hide.clear_of_building",
      fails((r, i) => (r.inBuilding ? `${at(i)} overlaps the building` : null)),
    ),
    firstFailure(
      "hide.no_overlap",
      fails((r, i) => (r.overlapsWith > i ? `${at(i)} overlaps ${at(r.overlapsWith)}` : null)),
    ),
    firstFailure(
      "hide.all_hidden",
      fails((r, i) => (r.hidden ? null : `${at(i)} is visible to the sniper`)),
    ),
  ];
  const verdict = verdictFromChecks(checks, INVALID);
  const basicOk = checks.every((c) => c.ok || c.name === "hide.all_hidden");
  if (verdict.passed || !basicOk) return verdict;
  return { ...verdict, score: 1 - visible / people.length };
}
