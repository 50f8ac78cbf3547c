import { compareRuns } from "../../report/compare.ts";
import { compareQuery, compareResponse } from "../api.ts";
import { NotFound } from "../errors.ts";
import { type Route, route } from "../router.ts";
import { runSummary } from "../summaries.ts";

export const compareRoutes: Route[] = [
  route({
    method: "GET",
    path: "/api/compare",
    query: compareQuery,
    response: compareResponse,
    handle({ store, query }) {
      const a = runSummary(store, query.a);
      const b = runSummary(store, query.b);
      if (!a) throw new NotFound(`no run "${query.a}"`);
      if (!b) throw new NotFound(`no run "${query.b}"`);
      const comparison = compareRuns(store.reportSamples(a.name), store.reportSamples(b.name));
      return { a, b, comparison: { ...comparison } };
    },
  }),
];
