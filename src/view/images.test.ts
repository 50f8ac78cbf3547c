import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { runCli } from "../../test/support/cli.ts";
import { loadTask } from "../core/registry.ts";
import { Store } from "../store/store.ts";
import { registerAllTasks } from "../suites/catalog.ts";
import {
  episodeResponse,
  errorResponse,
  sampleDetailResponse,
  samplesResponse,
  stepImagesResponse,
} from "./api.ts";
import { EXPORT_KEY, exportRunHtml } from "./export.ts";
import { startViewServer, type ViewServer } from "./server.ts";

let dir: string;
let db: string;
let server: ViewServer;

const PNG = /^data:image\/png;base64,iVBORw0KGgo/;

async function plumb(argv: string[]): Promise<void> {
  const got = await runCli([...argv, "--db", db, "--no-progress"]);
  expect(got.code, got.stderr).toBe(0);
}

async function get<T>(path: string, schema: z.ZodType<T>, status = 200): Promise<T> {
  const res = await fetch(`${server.url}${path}`);
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return schema.parse(body);
}

async function keysOf(run: string): Promise<string[]> {
  const page = await get(`/api/runs/${run}/samples`, samplesResponse);
  return page.samples.map((s) => encodeURIComponent(s.key));
}

beforeAll(async () => {
  registerAllTasks();
  dir = mkdtempSync(join(tmpdir(), "plumb-images-"));
  db = join(dir, "plumb.db");
  await plumb(["run", "sparc", "--model", "oracle", "--variant", "vision", "--count", "2", "--run", "sv"]);
  await plumb(["run", "sparc", "--model", "oracle", "--count", "2", "--run", "plain"]);
  const stacking = ["run", "chain/stacking", "--gym", "--variant", "vision", "--model", "oracle"];
  await plumb([...stacking, "--count", "1", "--level", "2x2x2-easy", "--run", "cg"]);
  server = await startViewServer({ db, webRoot: join(dir, "no-web") });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("prompt images", () => {
  it("draws a vision prompt's images again, with the stored alt texts", async () => {
    for (const key of await keysOf("sv")) {
      const d = await get(`/api/runs/sv/samples/${key}`, sampleDetailResponse);
      const stored = (d.sample.prompt as { images: string[] }).images;
      expect(stored.length).toBeGreaterThan(0);
      expect(d.promptImages.map((i) => i.alt)).toEqual(stored);
      for (const image of d.promptImages) expect(image.dataUrl).toMatch(PNG);
      expect(d.promptImagesNote).toBeNull();
    }
  });

  it("shows none, with a note, when the task draws other images than the run stored", async () => {
    const store = Store.open(db);
    const [key] = await keysOf("sv");
    const sample = store.sample("sv", decodeURIComponent(key ?? ""));
    if (!sample) throw new Error("no sample");
    await store.save({ ...sample, prompt: { ...(sample.prompt as object), images: ["another picture"] } });
    store.close();
    const d = await get(`/api/runs/sv/samples/${key}`, sampleDetailResponse);
    expect(d.promptImages).toEqual([]);
    expect(d.promptImagesNote).toMatch(/other images/);
  });

  it("builds no prompt for a sample whose prompt had no images", async () => {
    const sparc = await loadTask("sparc");
    const prompt = vi.spyOn(sparc, "prompt");
    try {
      for (const key of await keysOf("plain")) {
        const d = await get(`/api/runs/plain/samples/${key}`, sampleDetailResponse);
        expect(d.promptImages).toEqual([]);
        expect(d.promptImagesNote).toBeNull();
      }
      expect(prompt).not.toHaveBeenCalled();
    } finally {
      prompt.mockRestore();
    }
  });
});

describe("observation images", () => {
  it("gives each step the images of the observation the model acted on", async () => {
    const [key] = await keysOf("cg");
    const path = `/api/runs/cg/samples/${key}/episode`;
    const episode = await get(path, episodeResponse);
    expect(episode.observationImages).toBe(true);
    expect(episode.steps.length).toBeGreaterThan(0);
    const each: z.infer<typeof stepImagesResponse>[] = [];
    for (const step of episode.steps) {
      const got = await get(`${path}/${step.index}/images`, stepImagesResponse);
      expect(got.note).toBeNull();
      expect(got.images.length).toBeGreaterThan(0);
      for (const image of got.images) expect(image.dataUrl).toMatch(PNG);
      each.push(got);
    }
    expect(each[0]?.images[0]?.alt).toMatch(/0 placed pieces/);
    expect(each[1]?.images[0]?.alt).toMatch(/1 placed pieces/);
    // Stepped on from the environment kept for Next, or replayed afresh after a step back: the same.
    const last = episode.steps.length - 1;
    expect(await get(`${path}/0/images`, stepImagesResponse)).toEqual(each[0]);
    expect(await get(`${path}/${last}/images`, stepImagesResponse)).toEqual(each[last]);
    await get(`${path}/${episode.steps.length}/images`, errorResponse, 404);
    await get(`${path}/-1/images`, errorResponse, 404);
    await get(`${path}/1e3/images`, errorResponse, 404);
  });

  it("says an episode without images has none", async () => {
    await plumb(["run", "chain/stacking", "--gym", "--model", "oracle", "--count", "1", "--run", "ct"]);
    const [key] = await keysOf("ct");
    const path = `/api/runs/ct/samples/${key}/episode`;
    expect((await get(path, episodeResponse)).observationImages).toBe(false);
    expect((await get(`${path}/0/images`, stepImagesResponse)).images).toEqual([]);
  });

  it("are in the static export, one entry per step", async () => {
    const web = join(dir, "web");
    mkdirSync(web, { recursive: true });
    writeFileSync(
      join(web, "index.html"),
      '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>',
    );
    const page = await exportRunHtml({ db, run: "cg", webRoot: web });
    const json = /window\.__PLUMB_DATA__ = (.*?);<\/script>/s.exec(page)?.[1] ?? "";
    const data = JSON.parse(json) as Record<string, unknown>;
    const [key] = await keysOf("cg");
    const path = `/api/runs/cg/samples/${key}/episode`;
    const steps = episodeResponse.parse(data[path]).steps;
    for (const step of steps) {
      const got = stepImagesResponse.parse(data[`${path}/${step.index}/images`]);
      expect(got.images[0]?.dataUrl).toMatch(PNG);
    }
    expect(String((data[EXPORT_KEY] as { note: string }).note)).not.toMatch(/left out/);
  });
});
