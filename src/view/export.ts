import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { InputError } from "../core/errors.ts";
import { Store, storeError } from "../store/store.ts";
import {
  apiPath,
  type episodeResponse,
  type ImageJson,
  type leaderboardResponse,
  type runsResponse,
  type sampleDetailResponse,
  type samplesResponse,
} from "./api.ts";
import { type Connections, dispatch } from "./dispatch.ts";
import { observationImagesOf } from "./images.ts";
import type { Route } from "./router.ts";
import { routes as readRoutes } from "./routes/index.ts";
import { defaultWebRoot } from "./static.ts";
import { envOptionsOf, instanceOf, taskOf } from "./tasks.ts";

/** Samples whose own pages (detail, episode, scenes) an exported page holds; the lists hold every sample. */
export const EXPORTED_SAMPLES = 2_000;
/**
 * Steps of an episode, and of all episodes together, whose 3D state an exported page holds (each
 * is a replay from the start: a long episode's scenes cost its length squared).
 */
const EXPORTED_STEP_SCENES = 100;
const EXPORTED_STEP_SCENES_TOTAL = 5_000;
/** Steps of an episode whose observation images an exported page holds. */
const EXPORTED_STEP_IMAGES = 100;
/** Characters of image data (data: URLs) an exported page holds in all; past them, images are left out. */
const EXPORTED_IMAGE_CHARS = 50 * 1024 * 1024;
const PAGE = 50;

/** What an exported page says about itself, under this key of its data. */
export const EXPORT_KEY = "/__export__";

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
  const app = inlinedApp(opts.webRoot ?? defaultWebRoot());
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
  await get(`${runPath}/report`);
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
  const images = imageBudget();
  for (const key of keys) {
    const samplePath = `${runPath}/samples/${encodeURIComponent(key)}`;
    const detail = await get<z.infer<typeof sampleDetailResponse>>(samplePath);
    if ((detail.promptImages ?? []).length > 0 && !images.take(detail.promptImages))
      data[samplePath] = { ...detail, promptImages: [], promptImagesNote: images.leftOutNote };
    for (const which of detail.scenes ?? []) await get(`${samplePath}/scene`, { which });
    if ((detail.steps ?? 0) === 0) continue;
    const episode = await get<z.infer<typeof episodeResponse>>(`${samplePath}/episode`);
    if (episode.observationImages) await stepImages(store, run, key, episode.steps.length, images, data);
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
      (keys.length < total
        ? `this page holds the pages of the first ${keys.length} of ${total} samples`
        : `this page holds every sample's page`) +
      (images.leftOut ? `; images past ${EXPORTED_IMAGE_CHARS / 1024 / 1024} MB in all were left out` : ""),
  };
  return data;
}

/** The images an exported page may still hold: `take` counts them in, or refuses them once past the budget. */
function imageBudget() {
  let left = EXPORTED_IMAGE_CHARS;
  const budget = {
    leftOut: false,
    leftOutNote: `left out of this exported page (it holds ${EXPORTED_IMAGE_CHARS / 1024 / 1024} MB of images at most)`,
    take(images: readonly ImageJson[]): boolean {
      const chars = images.reduce((n, i) => n + i.dataUrl.length, 0);
      if (chars > left) {
        budget.leftOut = true;
        return false;
      }
      left -= chars;
      return true;
    },
  };
  return budget;
}

/**
 * Each step's observation images, as `/episode/:step/images` answers them, from one replay (the
 * route replays from the start for each step); steps past EXPORTED_STEP_IMAGES or the budget hold a note.
 */
async function stepImages(
  store: Store,
  run: string,
  key: string,
  count: number,
  budget: ReturnType<typeof imageBudget>,
  data: Record<string, unknown>,
): Promise<void> {
  const sample = store.sample(run, key);
  const task = sample ? await taskOf(sample.task) : null;
  const instance = sample ? instanceOf(store, sample) : null;
  if (!sample || !task || !instance) return;
  const steps = store.steps(run, key);
  const drawn = observationImagesOf(task, instance, steps, envOptionsOf(store.getRun(run)?.config), {
    from: 0,
    to: Math.min(count, EXPORTED_STEP_IMAGES),
  });
  const samplePath = `/api/runs/${encodeURIComponent(run)}/samples/${encodeURIComponent(key)}`;
  for (let step = 0; step < count; step++) {
    const got = drawn[step];
    data[apiPath(`${samplePath}/episode/${step}/images`)] =
      got === undefined
        ? {
            images: [],
            note: `this exported page holds the images of the first ${EXPORTED_STEP_IMAGES} steps`,
          }
        : budget.take(got.images)
          ? got
          : { images: [], note: budget.leftOutNote };
  }
}
