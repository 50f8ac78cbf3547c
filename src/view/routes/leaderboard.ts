import { runAnalysis } from "../analysis.ts";
import { leaderboardQuery, leaderboardResponse } from "../api.ts";
import { type Route, route } from "../router.ts";
import { runSummaries } from "../summaries.ts";

type Response = ReturnType<typeof leaderboardResponse.parse>;

export const leaderboardRoutes: Route[] = [
  route({
    method: "GET",
    path: "/api/leaderboard",
    query: leaderboardQuery,
    response: leaderboardResponse,
    async handle({ store, query }) {
      const runs = runSummaries(store);
      const suites = [...new Set(runs.flatMap((r) => r.suites))].sort();
      const wanted = query.suite === undefined || query.suite === "" ? suites[0] : query.suite;
      const out: Response = { suites, suite: wanted ?? null, rows: [], levels: [] };
      if (wanted === undefined) return out;
      for (const run of runs.filter((r) => r.suites.includes(wanted))) {
        const rows = (await runAnalysis(store, run.name)).suites.get(wanted);
        for (const row of rows?.overall ?? []) {
          out.rows.push({
            run: run.name,
            model: row.model,
            createdAt: run.createdAt,
            maxOutputTokens: run.maxOutputTokens,
            row: { ...row },
          });
        }
        for (const row of rows?.levels ?? []) {
          out.levels.push({
            run: run.name,
            model: row.model,
            level: row.group,
            accuracy: row.accuracy,
            samples: row.samples,
          });
        }
      }
      return out;
    },
  }),
];
