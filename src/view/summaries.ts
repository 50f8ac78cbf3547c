import { runPreset } from "../eval/run-report.ts";
import type { SampleFacet, Store } from "../store/store.ts";
import type { RunRecord } from "../store/types.ts";
import type { RunSummary } from "./api.ts";

type ListedRun = RunRecord & { samples: number; passed: number; errors: number };

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

function maxOutputTokensOf(spec: unknown): number | null {
  if (typeof spec !== "object" || spec === null) return null;
  const generation = (spec as { generation?: unknown }).generation;
  if (typeof generation !== "object" || generation === null) return null;
  const cap = (generation as { maxOutputTokens?: unknown }).maxOutputTokens;
  return typeof cap === "number" ? cap : null;
}

function summaryOf(run: ListedRun, facets: readonly SampleFacet[]): RunSummary {
  return {
    name: run.name,
    createdAt: run.createdAt,
    status: run.status,
    samples: run.samples,
    passed: run.passed,
    errors: run.errors,
    tasks: sorted(facets.map((f) => f.task)),
    suites: sorted(facets.map((f) => f.suite)),
    models: sorted(facets.map((f) => f.model)),
    tags: sorted(facets.flatMap((f) => f.tags)),
    preset: runPreset(run.config),
    maxOutputTokens: maxOutputTokensOf(run.config),
  };
}

const cached = new WeakMap<Store, { version: number; runs: RunSummary[] }>();

/** Every run's summary, oldest first: two queries whatever the number of samples, none while nothing was committed. */
export function runSummaries(store: Store): RunSummary[] {
  const version = store.dataVersion();
  const hit = cached.get(store);
  if (hit && hit.version === version) return hit.runs;
  const byRun = new Map<string, SampleFacet[]>();
  for (const f of store.sampleFacets()) {
    const list = byRun.get(f.run) ?? [];
    list.push(f);
    byRun.set(f.run, list);
  }
  const runs = store.listRuns().map((r) => summaryOf(r, byRun.get(r.name) ?? []));
  cached.set(store, { version, runs });
  return runs;
}

export function runSummary(store: Store, run: string): RunSummary | undefined {
  return runSummaries(store).find((r) => r.name === run);
}
