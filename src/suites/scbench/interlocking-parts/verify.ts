import type { Check, Verdict } from "../../../core/verdict.ts";
import { type Manifold, withKernel } from "../../../geometry/manifold.ts";
import { toManifold, transformMesh } from "../../../geometry/mesh.ts";
import { crossingBudget } from "../../../geometry/mesh-validity.ts";
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
  problems: (string | null)[];
}

function assemble(keep: Keep, answer: InterlockingAnswer): Assembled {
  const solids: (Manifold | null)[] = [];
  const problems: (string | null)[] = [];
  // One self-intersection budget for the whole answer bounds the work ten hostile parts can cause.
  const budget = crossingBudget(
    answer.parts.reduce((n, p) => n + Math.min(p.faces.length, RULES.maxTriangles), 0),
  );
  for (const part of answer.parts) {
    let problem = meshProblem(part, budget);
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
    solids.push(problem ? null : solid);
    problems.push(problem);
  }
  return { solids, problems };
}

const listed = (items: string[]) =>
  items.slice(0, 4).join("; ") + (items.length > 4 ? `; … (${items.length} in all)` : "");

/** Why the answer fails basic validity (criterion 0), or undefined when it passes. */
function basicProblem(answer: InterlockingAnswer, problems: (string | null)[]): string | undefined {
  const bad = problems.flatMap((p, i) => (p ? [`part #${i}: ${p}`] : []));
  if (answer.parts.length !== RULES.partCount)
    bad.unshift(`${answer.parts.length} parts, exactly ${RULES.partCount} needed`);
  return bad.length > 0 ? listed(bad) : undefined;
}

/**
 * Runs every criterion; `only` limits the run to some (for the bench). Returns the checks in order.
 * As in the original grader, criteria 1–8 are only checked on an answer that passes basic
 * validity: when it fails, they all fail and the score is 0.
 */
export function runCriteria(
  data: InterlockingData,
  answer: InterlockingAnswer,
  only?: ReadonlySet<Criterion>,
): Check[] {
  const l: Limits = limitsOf(data);
  return withKernel((keep) => {
    // Ten parts at most are built: more already fail basic validity on the count alone.
    const counted = answer.parts.length === RULES.partCount ? answer : { ...answer, parts: [] };
    const { solids, problems } = assemble(keep, counted);
    const want = (c: Criterion) => !only || only.has(c);
    const results = new Map<Criterion, CheckResult>();

    const basic = basicProblem(answer, problems);
    results.set("basic", {
      ok: basic === undefined,
      detail: basic ?? `${RULES.partCount} valid closed single-body parts`,
    });
    if (basic !== undefined) {
      for (const c of CRITERIA.slice(1))
        results.set(c, { ok: false, detail: "not checked: the answer fails basic validity" });
    } else {
      if (want("printability")) {
        const unprintable = answer.parts.flatMap((p, i) =>
          printReport(p, data.build).problems.map((m) => `part #${i}: ${m}`),
        );
        results.set("printability", {
          ok: unprintable.length === 0,
          detail: listed(unprintable) || "every part prints flat",
        });
      }
      // Past basic validity every part is a solid.
      const valid = solids as Manifold[];
      const boxes = valid.map((s) => s.boundingBox() as Box3);
      const as: Assembly = {
        solids: valid,
        boxes,
        box: {
          min: [0, 1, 2].map((k) => Math.min(...boxes.map((b) => b.min[k] as number))) as Box3["min"],
          max: [0, 1, 2].map((k) => Math.max(...boxes.map((b) => b.max[k] as number))) as Box3["max"],
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

/**
 * Partial credit: the share of the nine criteria passed (0 when basic validity fails, since the
 * other eight are then failed too); a pass needs all nine. On one of the original's subtasks
 * (`data.subpass` set) only that criterion is graded, pass or fail, after basic validity as in
 * the original (a failed criterion 0 fails every subtask).
 */
export function verifyInterlocking(data: InterlockingData, answer: InterlockingAnswer): Verdict {
  if (data.subpass !== undefined) return verifySubpass(data, answer, CRITERIA[data.subpass] as Criterion);
  const checks = runCriteria(data, answer);
  const passed = checks.filter((c) => c.ok).length;
  const score = passed / CRITERIA.length;
  if (passed === CRITERIA.length) return { score: 1, passed: true, checks };
  const failed = checks.filter((c) => !c.ok);
  const basic = checks.find((c) => c.name === "basic");
  const kind = basic && !basic.ok ? "invalid" : "wrong";
  const message = (basic && !basic.ok ? [basic] : failed).map((c) => `${c.name}: ${c.detail}`).join("; ");
  return { score, passed: false, checks, failure: { kind, message } };
}

function verifySubpass(data: InterlockingData, answer: InterlockingAnswer, criterion: Criterion): Verdict {
  const checks = runCriteria(data, answer, new Set<Criterion>(["basic", criterion]));
  const basic = checks.find((c) => c.name === "basic");
  const graded = checks.find((c) => c.name === criterion);
  if (graded?.ok) return { score: 1, passed: true, checks };
  const invalid = basic !== undefined && !basic.ok;
  const shown = invalid ? basic : graded;
  const message = shown ? `${shown.name}: ${shown.detail}` : `${criterion}: not checked`;
  return { score: 0, passed: false, checks, failure: { kind: invalid ? "invalid" : "wrong", message } };
}
