import type { Check, Verdict } from "../../../core/verdict.ts";
import { type Manifold, withKernel } from "../../../geometry/manifold.ts";
import { toManifold, transformMesh } from "../../../geometry/mesh.ts";
import {
  type Assembly,
  assemblySize,
  type Box3,
  barGaps,
  barThickness,
  type CheckResult,
  gapUniformity,
  interference,
  type Keep,
  rodClearance,
  rodEngagement,
  rodPieces,
  SIDES,
  type Wall,
  wallOf,
} from "./assembly.ts";
import { meshOf, meshProblem, printReport } from "./part-checks.ts";
import { type InterlockingAnswer, type InterlockingData, type Limits, limitsOf, RULES } from "./schema.ts";

/** The nine criteria, in the seed's order. */
export const CRITERIA = [
  "basic",
  "printability",
  "bar_gaps",
  "assembly_size",
  "rod_clearance",
  "interference",
  "rod_engagement",
  "bar_thickness",
  "gap_uniformity",
] as const;
export type Criterion = (typeof CRITERIA)[number];

interface Assembled {
  /** Each part as a kernel solid in the assembly, null when its mesh is not a valid solid. */
  solids: (Manifold | null)[];
  boxes: (Box3 | null)[];
  problems: (string | null)[];
}

function assemble(keep: Keep, answer: InterlockingAnswer): Assembled {
  const solids: (Manifold | null)[] = [];
  const boxes: (Box3 | null)[] = [];
  const problems: (string | null)[] = [];
  for (const part of answer.parts) {
    let problem = meshProblem(part);
    let solid: Manifold | null = null;
    if (!problem) {
      try {
        solid = keep(toManifold(transformMesh(meshOf(part), part.transform)));
        if (solid.status() !== "NoError" || solid.isEmpty())
          problem = `manifold-3d rejects the mesh (${solid.status()})`;
      } catch (e) {
        problem = `manifold-3d rejects the mesh (${e instanceof Error ? e.message : String(e)})`;
      }
    }
    if (problem) solid = null;
    solids.push(solid);
    boxes.push(solid ? (solid.boundingBox() as Box3) : null);
    problems.push(problem);
  }
  return { solids, boxes, problems };
}

const listed = (items: string[]) =>
  items.slice(0, 4).join("; ") + (items.length > 4 ? `; … (${items.length} in all)` : "");

/** Runs every criterion; `only` limits the run to some (for the bench). Returns the checks in order. */
export function runCriteria(
  data: InterlockingData,
  answer: InterlockingAnswer,
  only?: ReadonlySet<Criterion>,
): Check[] {
  const l: Limits = limitsOf(data);
  return withKernel((keep) => {
    const { solids, boxes, problems } = assemble(keep, answer);
    const want = (c: Criterion) => !only || only.has(c);
    const results = new Map<Criterion, CheckResult>();

    const bad = problems.flatMap((p, i) => (p ? [`part #${i}: ${p}`] : []));
    if (answer.parts.length !== RULES.partCount)
      bad.unshift(`${answer.parts.length} parts, exactly ${RULES.partCount} needed`);
    results.set("basic", {
      ok: bad.length === 0,
      detail: listed(bad) || `${RULES.partCount} valid closed single-body parts`,
    });

    if (want("printability")) {
      // Parts that are not valid solids are left to "basic"; with none valid there is nothing to print.
      const unprintable = answer.parts.flatMap((p, i) =>
        problems[i] ? [] : printReport(p, data.build).problems.map((m) => `part #${i}: ${m}`),
      );
      if (problems.every((p) => p !== null)) unprintable.push("no valid part to print");
      results.set("printability", {
        ok: unprintable.length === 0,
        detail: listed(unprintable) || "every part prints flat",
      });
    }

    const valid = boxes.filter((b): b is Box3 => b !== null);
    if (valid.length === 0) {
      for (const c of CRITERIA.slice(2)) results.set(c, { ok: false, detail: "no valid part to assemble" });
    } else {
      const as: Assembly = {
        solids,
        boxes,
        box: {
          min: [0, 1, 2].map((k) => Math.min(...valid.map((b) => b.min[k] as number))) as Box3["min"],
          max: [0, 1, 2].map((k) => Math.max(...valid.map((b) => b.max[k] as number))) as Box3["max"],
        },
      };
      const needWalls = want("bar_gaps") || want("bar_thickness") || want("gap_uniformity");
      const walls: Wall[] = needWalls ? SIDES.map((side) => wallOf(keep, as, l, side)) : [];
      const pieces = want("rod_clearance") || want("rod_engagement") ? rodPieces(keep, as, answer.rods) : [];
      if (want("bar_gaps")) results.set("bar_gaps", barGaps(keep, as, l, walls));
      if (want("assembly_size")) results.set("assembly_size", assemblySize(keep, as, l));
      if (want("rod_clearance")) results.set("rod_clearance", rodClearance(keep, as, l, answer.rods, pieces));
      if (want("interference")) results.set("interference", interference(keep, as));
      if (want("rod_engagement")) results.set("rod_engagement", rodEngagement(keep, as, answer.rods, pieces));
      if (want("bar_thickness")) results.set("bar_thickness", barThickness(as, l, walls));
      if (want("gap_uniformity")) results.set("gap_uniformity", gapUniformity(walls));
    }
    return CRITERIA.filter(want).map((name) => {
      const r = results.get(name) as CheckResult;
      return { name, ok: r.ok, detail: r.detail };
    });
  });
}

/** Partial credit: the share of the nine criteria passed; a pass needs all nine. */
export function verifyInterlocking(data: InterlockingData, answer: InterlockingAnswer): Verdict {
  const checks = runCriteria(data, answer);
  const passed = checks.filter((c) => c.ok).length;
  const score = passed / CRITERIA.length;
  if (passed === CRITERIA.length) return { score: 1, passed: true, checks };
  const failed = checks.filter((c) => !c.ok);
  const kind = failed.some((c) => c.name === "basic") ? "invalid" : "wrong";
  const message = failed.map((c) => `${c.name}: ${c.detail}`).join("; ");
  return { score, passed: false, checks, failure: { kind, message } };
}
