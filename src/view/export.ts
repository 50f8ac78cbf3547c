import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { InputError } from "../core/errors.ts";
import { Store, storeError } from "../store/store.ts";
import type {
  episodeResponse,
  leaderboardResponse,
  runsResponse,
  sampleDetailResponse,
  samplesResponse,
} from "./api.ts";
import { type Connections, dispatch } from "./dispatch.ts";
import type { Route } from "./router.ts";
import { routes as readRoutes } from "./routes/index.ts";
import { DEFAULT_WEB_ROOT } from "./static.ts";

/** Samples whose own pages (detail, episode, scenes) an exported page holds; the lists hold every sample. */
export const EXPORTED_SAMPLES = 2_000;
/**
 * Steps of an episode, and of all episodes together, whose 3D state an exported page holds (each
 * is a replay from the start: a long episode's scenes cost its length squared).
 */
const EXPORTED_STEP_SCENES = 100;
const EXPORTED_STEP_SCENES_TOTAL = 5_000;
const PAGE = 50;

/** What an exported page says about itself, under this key of its data. */
export const EXPORT_KEY = "/__export__";

/** The key of a response, exactly as web/src/api.ts apiPath builds it (a test holds them together). */
export function apiPath(path: string, query: Record<string, string | number | undefined> = {}): string {
  const entries = Object.entries(query)
    .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString();
  return search === "" ? path : `${path}?${search}`;
}

/** The built page with its scripts and styles inlined: one file, nothing fetched. */
function inlinedApp(webRoot: string): { head: string; body: string } {
  let html: string;
  try {
    html = readFileSync(join(webRoot, "index.html"), "utf8");
  } catch {
    throw new InputError(`no built web app at ${webRoot}: run npm run build first`);
  }
  const asset = (ref: string) => {
    const file = join(webRoot, ref.replace(/^\.?\//, ""));
    if (!file.startsWith(webRoot.replace(/\/?$/, "/"))) throw new Error(`asset outside the web app: ${ref}`);
    return readFileSync(file, "utf8");
  };
  const inlined = html
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, "")
    .replace(
      /<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g,
      (_, href: string) => `<style>${asset(href).replace(/<\/style/gi, "<\\/style")}</style>`,
    )
    .replace(
      /<script\b[^>]*src="([^"]+)"[^>]*><\/script>/g,
      (_, src: string) => `<script type="module">${asset(src).replace(/<\/script/gi, "<\\/script")}</script>`,
    );
  const at = inlined.indexOf("</head>");
  if (at < 0) throw new Error(`${webRoot}/index.html has no </head>`);
  return { head: inlined.slice(0, at), body: inlined.slice(at) };
}

/** Nothing but the page itself: no request leaves it, whatever a task's SVG holds. */
const EXPORT_POLICY =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:";

/**
 * `plumb report RUN --format html`: one self-contained page, the web app with the API's answers
 * for the run embedded (`window.__PLUMB_DATA__`, keyed as the app asks for them): the runs list
 * and leaderboards (this run only), the run's report, every page of its sample list, and the
 * detail, episode replay and 3D scenes of its first EXPORTED_SAMPLES samples.
 */
export async function exportRunHtml(opts: {
  db: string;
  run: string;
  webRoot?: string;
  routes?: readonly Route[];
}): Promise<string> {
  const app = inlinedApp(opts.webRoot ?? DEFAULT_WEB_ROOT);
  let store: Store;
  try {
    store = Store.open(opts.db, { readonly: true });
  } catch (e) {
    throw storeError(e, opts.db) ?? e;
  }
  try {
    const data = await collect(store, opts.db, opts.run, opts.routes ?? readRoutes);
    const json = JSON.stringify(data).replace(/</g, "\\u003c");
    const meta = `<meta http-equiv="Content-Security-Policy" content="${EXPORT_POLICY}" />`;
    const head = /<meta charset[^>]*>/i.test(app.head)
      ? app.head.replace(/<meta charset[^>]*>/i, (charset) => `${charset}\n    ${meta}`)
      : app.head.replace(/<head>/, `<head>\n    ${meta}`);
    return `${head}    <script>window.__PLUMB_DATA__ = ${json};</script>\n  ${app.body}`;
  } finally {
    store.close();
  }
}

async function collect(store: Store, db: string, run: string, routes: readonly Route[]) {
  const connections: Connections = {
    store,
    db,
    writer: () => {
      throw new InputError("an exported page cannot write");
    },
  };
  const data: Record<string, unknown> = Object.create(null);
  const get = async <T>(path: string, query: Record<string, string | number> = {}): Promise<T> => {
    const key = apiPath(path, query);
    const search = key.includes("?") ? key.slice(key.indexOf("?") + 1) : "";
    const answer = await dispatch(routes, connections, "GET", path, search);
    if (answer.status !== 200) {
      const error = (answer.body as { error?: string }).error ?? `status ${answer.status}`;
      if (answer.status === 404 && path === `/api/runs/${encodeURIComponent(run)}`)
        throw new InputError(error);
      return answer.body as T;
    }
    data[key] = answer.body;
    return answer.body as T;
  };
  const runPath = `/api/runs/${encodeURIComponent(run)}`;
  await get(runPath);
  const runs = await get<z.infer<typeof runsResponse>>("/api/runs");
  const only = runs.runs.filter((r) => r.name === run);
  data["/api/runs"] = { runs: only };
  for (const suite of ["", ...(only[0]?.suites ?? [])]) {
    const board = await get<z.infer<typeof leaderboardResponse>>("/api/leaderboard", { suite });
    data[apiPath("/api/leaderboard", { suite })] = {
      ...board,
      suites: board.suites.filter((s) => only[0]?.suites.includes(s)),
      rows: board.rows.filter((r) => r.run === run),
      levels: board.levels.filter((r) => r.run === run),
    };
  }
  const keys: string[] = [];
  let total = 0;
  for (let offset = 0; offset === 0 || offset < total; offset += PAGE) {
    const page = await get<z.infer<typeof samplesResponse>>(`${runPath}/samples`, { offset, limit: PAGE });
    total = page.total;
    for (const s of page.samples) if (keys.length < EXPORTED_SAMPLES) keys.push(s.key);
  }
  let stepScenes = EXPORTED_STEP_SCENES_TOTAL;
  for (const key of keys) {
    const samplePath = `${runPath}/samples/${encodeURIComponent(key)}`;
    const detail = await get<z.infer<typeof sampleDetailResponse>>(samplePath);
    for (const which of detail.scenes ?? []) await get(`${samplePath}/scene`, { which });
    if ((detail.steps ?? 0) === 0) continue;
    const episode = await get<z.infer<typeof episodeResponse>>(`${samplePath}/episode`);
    if (!episode.initial?.hasScene) continue;
    const shown = Math.min(episode.steps.length, EXPORTED_STEP_SCENES, stepScenes);
    stepScenes -= shown;
    for (let step = -1; step < shown; step++) await get(`${samplePath}/scene`, { which: "step", step });
  }
  data[EXPORT_KEY] = {
    run,
    exportedAt: new Date().toISOString(),
    samples: total,
    detailedSamples: keys.length,
    note:
      keys.length < total
        ? `this page holds the pages of the first ${keys.length} of ${total} samples`
        : `this page holds every sample's page`,
  };
  return data;
}
