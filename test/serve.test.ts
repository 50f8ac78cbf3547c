/**
 * `plumb serve` end to end: real servers on 127.0.0.1 (port 0), real HTTP requests, the real catalog
 * in real worker threads. No mocks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gradeResponse } from "../src/core/grade.ts";
import { generateInstances } from "../src/core/instances.ts";
import { loadTask, registerLazyTask, unregisterTask } from "../src/core/registry.ts";
import { finalReply } from "../src/core/replies.ts";
import type { AnyTask, Instance } from "../src/core/task.ts";
import { ROUTES, type Serve, startServe } from "../src/serve/index.ts";
import { registerAllTasks } from "../src/suites/catalog.ts";
import { sparcRecords, sparcResponses } from "./support/sparc.ts";

registerAllTasks();
const sparc = await loadTask("sparc");
const interlocking = await loadTask("scbench/interlocking-parts");

const MAX_BODY = 4 * 1024 * 1024;
let server: Serve;
let url: string;
/** What the server logs (with quiet, only bugs). */
const logged: string[] = [];

beforeAll(async () => {
  server = await startServe({
    port: 0,
    workers: 2,
    quiet: true,
    maxBodyBytes: MAX_BODY,
    log: (line) => logged.push(line),
  });
  url = server.url;
  await server.ready;
}, 30_000);
afterAll(async () => {
  await server.close();
});

interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field
  body: any;
}

async function call(method: string, path: string, body?: unknown, base = url): Promise<Reply> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers = { "content-type": "application/json" };
  }
  const res = await fetch(`${base}${path}`, init);
  return { status: res.status, body: await res.json() };
}

const post = (path: string, body: unknown, base = url) => call("POST", path, body, base);

/** An instance as it travels: plain JSON. */
const wire = (inst: Instance) => JSON.parse(JSON.stringify(inst)) as Instance;

const records = sparcRecords().slice(0, 12);
const sparcInstances = records.map((r) => wire(sparc.load?.(r) as Instance));

function solvedText(task: AnyTask, inst: Instance): string {
  const answer = task.references?.(inst)[0] ?? task.solve?.(inst).answers[0];
  return task.formatAnswer?.(answer, inst) ?? "";
}

describe("plumb serve", () => {
  it("answers health, ready, the task list and its OpenAPI document", async () => {
    expect(await call("GET", "/v1/health")).toEqual({ status: 200, body: { status: "ok" } });
    expect(await call("GET", "/v1/ready")).toEqual({ status: 200, body: { ready: true, workers: 2 } });
    // A task whose code cannot load is that task's bug: logged and left out; the list still answers.
    const broken = { id: "test/unloadable", suite: "test", description: "cannot load", tags: [], levels: [] };
    registerLazyTask(broken, () => Promise.reject(new Error("this task cannot load")));
    const { body } = await call("GET", "/v1/tasks").finally(() => unregisterTask(broken.id));
    expect(body.tasks.some((t: { id: string }) => t.id === broken.id)).toBe(false);
    expect(logged.some((line) => line.includes("this task cannot load"))).toBe(true);
    const byId = new Map(body.tasks.map((t: { id: string }) => [t.id, t]));
    expect(byId.get("sparc")).toMatchObject({ suite: "sparc", interactive: true });
    expect(byId.get("chain/stacking")).toMatchObject({ interactive: true });
    expect(byId.get("scbench/shikaku")).toMatchObject({ interactive: false, presets: ["original"] });
    const doc = await call("GET", "/openapi.json");
    expect(doc.body.openapi).toBe("3.1.0");
    for (const r of ROUTES) {
      const path = r.path.replace(/:([a-z]+)/g, "{$1}");
      expect(doc.body.paths[path]?.[r.method.toLowerCase()], `${r.method} ${path}`).toBeDefined();
    }
    expect(doc.body.paths["/v1/grade"].post.requestBody.content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["task", "instance", "text"]),
    );
  });

  it("answers unknown routes, methods, tasks and bad JSON with JSON errors", async () => {
    expect(await call("GET", "/v1/nope")).toMatchObject({
      status: 404,
      body: { error: { code: "not_found" } },
    });
    expect(await call("GET", "/v1/grade")).toMatchObject({ status: 405, body: { error: { status: 405 } } });
    expect(await post("/v1/generate", { task: "no/such" })).toMatchObject({
      status: 404,
      body: { error: { code: "unknown_task", field: "task" } },
    });
    expect(await post("/v1/grade", "{not json")).toMatchObject({
      status: 400,
      body: { error: { code: "bad_json", field: "body" } },
    });
    expect(await post("/v1/grade", { task: "sparc", instance: sparcInstances[0], text: 3 })).toMatchObject({
      status: 400,
      body: { error: { field: "text" } },
    });
    expect(await post("/v1/generate", { task: "sparc", colour: "red" })).toMatchObject({
      status: 400,
      body: { error: { field: "colour" } },
    });
  });

  it("generates deterministically: the same seed gives the same instances", async () => {
    const a = await post("/v1/generate", { task: "sparc", level: "difficulty-1", seed: "s", count: 3 });
    const b = await post("/v1/generate", { task: "sparc", level: "difficulty-1", seed: "s", count: 3 });
    const c = await post("/v1/generate", { task: "sparc", level: "difficulty-1", seed: "t", count: 3 });
    expect(a.status).toBe(200);
    expect(a.body.instances).toHaveLength(3);
    expect(b.body).toEqual(a.body);
    expect(c.body.instances[0].id).not.toBe(a.body.instances[0].id);
    const local = generateInstances(sparc, sparc.params.parse(sparc.levels["difficulty-1"]), 3, "s");
    expect(a.body.instances).toEqual(local.map(wire));
    expect(await post("/v1/generate", { task: "sparc", level: "99" })).toMatchObject({
      status: 400,
      body: { error: { field: "level" } },
    });
    expect(await post("/v1/generate", { task: "sparc", count: 1001 })).toMatchObject({
      status: 400,
      body: { error: { field: "count" } },
    });
  });

  it("poses prompts with their images as base64, and refuses an unknown variant", async () => {
    const { status, body } = await post("/v1/prompt", { task: "sparc", instance: sparcInstances[0] });
    expect(status).toBe(200);
    expect(body.prompt.messages.at(-1).role).toBe("user");
    expect(body.prompt.images).toEqual([]);
    const vision = await post("/v1/prompt", {
      task: "sparc",
      instance: sparcInstances[0],
      options: { variant: "vision" },
    });
    if (vision.status === 200) {
      expect(vision.body.prompt.images[0].mediaType).toBe("image/png");
      expect(Buffer.from(vision.body.prompt.images[0].data, "base64").subarray(1, 4).toString()).toBe("PNG");
    }
    const bad = await post("/v1/prompt", {
      task: "sparc",
      instance: sparcInstances[0],
      options: { variant: "x" },
    });
    expect(bad.status).toBe(400);
  });

  it("grades SPaRC exactly as core/grade.ts does in process", async () => {
    const byId = new Map(sparcInstances.map((i) => [i.id, i]));
    const cases: [Instance, string][] = sparcResponses()
      .filter((r) => byId.has(r.puzzle_id))
      .map((r) => [byId.get(r.puzzle_id) as Instance, r.message]);
    for (const inst of sparcInstances) cases.push([inst, solvedText(sparc, inst)], [inst, "no path here"]);
    const served = await Promise.all(
      cases.map(([inst, text]) => post("/v1/grade", { task: "sparc", instance: inst, text })),
    );
    const local = await Promise.all(cases.map(([inst, text]) => gradeResponse(sparc, inst, text)));
    served.forEach((s, i) => {
      expect(s.status).toBe(200);
      expect(s.body.verdict).toEqual(local[i]?.verdict);
      expect(s.body.reward).toBe(local[i]?.verdict.score);
      expect(s.body.answer).toEqual(local[i]?.answer ?? null);
    });
    const kinds = new Set(served.map((s) => s.body.verdict.failure?.kind ?? "pass"));
    expect(kinds.has("pass") && kinds.has("parse")).toBe(true);
  });

  it("verifies answers, and names the field of a malformed one", async () => {
    const inst = sparcInstances[0] as Instance;
    const answer = sparc.references?.(inst)[0];
    expect(await post("/v1/verify", { task: "sparc", instance: inst, answer })).toMatchObject({
      status: 200,
      body: { verdict: { passed: true }, reward: 1 },
    });
    const bad = await post("/v1/verify", { task: "sparc", instance: inst, answer: [{ x: 0, y: "one" }] });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { code: "invalid_body", field: "answer[0].y" } },
    });
    const wrongTask = await post("/v1/verify", { task: "scbench/shikaku", instance: inst, answer });
    expect(wrongTask.body.error.field).toBe("instance.task");
    const badData = await post("/v1/verify", {
      task: "sparc",
      instance: { ...inst, data: { grid: 1 } },
      answer,
    });
    expect(badData.status).toBe(400);
    expect(badData.body.error.field).toMatch(/^instance\.data/);
  });

  it("plays a SPaRC gym session to the end with the oracle's actions", async () => {
    const inst = sparcInstances[1] as Instance;
    const opened = await post("/v1/sessions", { task: "sparc", instance: inst });
    expect(opened.status).toBe(200);
    const id = opened.body.session as string;
    expect(opened.body).toMatchObject({ done: false, steps: 0 });
    const nonsense = await post(`/v1/sessions/${id}/step`, { text: "hmm" });
    expect(nonsense.body.invalid).toBeTruthy();
    expect(nonsense.body.steps).toBe(1);
    const local = sparc.env?.(inst) as NonNullable<ReturnType<NonNullable<AnyTask["env"]>>>;
    let last: Reply | undefined;
    for (let i = 0; i < 100 && !local.done; i++) {
      const action = local.referenceAction?.();
      local.step(action);
      last = await post(`/v1/sessions/${id}/step`, {
        text: `Thinking.\nFinal: ${finalReply(action).replace(/^Final:\s*/, "")}`,
      });
      expect(last.status).toBe(200);
      expect(last.body.invalid).toBeUndefined();
    }
    expect(last?.body).toMatchObject({ done: true, success: true, verdict: { passed: true } });
    expect((await call("GET", `/v1/sessions/${id}`)).body).toMatchObject({
      session: id,
      done: true,
      success: true,
    });
    expect(await post(`/v1/sessions/${id}/step`, { text: "Final: up" })).toMatchObject({ status: 400 });
    expect(await call("DELETE", `/v1/sessions/${id}`)).toMatchObject({
      status: 200,
      body: { closed: true, verdict: { passed: true } },
    });
    expect(await post(`/v1/sessions/${id}/step`, { text: "Final: up" })).toMatchObject({ status: 404 });
    expect(await call("GET", "/v1/sessions/nope")).toMatchObject({
      status: 404,
      body: { error: { code: "unknown_session" } },
    });
    expect(await post("/v1/sessions", { task: "scbench/shikaku", instance: inst })).toMatchObject({
      status: 400,
    });
  });

  it("runs a batch in order, a bad item failing alone", async () => {
    const [a, b] = sparcInstances as [Instance, Instance];
    const { status, body } = await post("/v1/batch/grade", {
      items: [
        { task: "sparc", instance: a, text: solvedText(sparc, a) },
        { task: "sparc", instance: a },
        { task: "nope", instance: a, text: "x" },
        { task: "sparc", instance: b, text: "nothing" },
      ],
    });
    expect(status).toBe(200);
    expect(body.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, false, true]);
    expect(body.results[0].verdict.passed).toBe(true);
    expect(body.results[1].error).toMatchObject({ status: 400, field: "text" });
    expect(body.results[2].error).toMatchObject({ status: 404, code: "unknown_task" });
    expect(body.results[3].verdict.failure.kind).toBe("parse");
    const gen = await post("/v1/batch/generate", {
      items: [
        { task: "sparc", seed: "1" },
        { task: "sparc", count: 0 },
      ],
    });
    expect(gen.body.results[0].instances).toHaveLength(1);
    expect(gen.body.results[1]).toMatchObject({ ok: false, error: { field: "count" } });
    const tooMany = await post("/v1/batch/verify", { items: Array.from({ length: 1025 }, () => ({})) });
    expect(tooMany).toMatchObject({ status: 400, body: { error: { field: "items" } } });
  });

  it("refuses a body over the cap with 413, declared or streamed", async () => {
    const big = JSON.stringify({ task: "sparc", instance: sparcInstances[0], text: "x".repeat(MAX_BODY) });
    expect(await post("/v1/grade", big)).toMatchObject({
      status: 413,
      body: { error: { code: "too_large" } },
    });
    const chunk = new Uint8Array(256 * 1024).fill(32);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 16 * MAX_BODY) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${url}/v1/grade`, {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { "content-type": "application/json" },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(16 * MAX_BODY);
    expect((await call("GET", "/v1/health")).status).toBe(200);
  });

  it("survives hostile bodies", async () => {
    const polluted = await post(
      "/v1/generate",
      '{"task":"sparc","params":{"__proto__":{"polluted":true}},"seed":"p","__proto__":{"polluted":true}}',
    );
    expect(polluted.status).toBe(200);
    const escaped = await post(
      "/v1/generate",
      '{"task":"sparc","seed":"p","\\u005f_proto__":{"polluted":true},"params":{"\\u005F\\u005Fproto__":{"polluted":true}}}',
    );
    expect(escaped.status).toBe(200);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    const deep = `{"task":"sparc","instance":${"[".repeat(200_000)}${"]".repeat(200_000)},"text":"x"}`;
    expect((await post("/v1/grade", deep)).status).toBe(400);
    const deepAnswer = `{"task":"sparc","instance":${JSON.stringify(sparcInstances[0])},"answer":${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    expect((await post("/v1/verify", deepAnswer)).status).toBe(400);
    const brackets = await post("/v1/grade", {
      task: "sparc",
      instance: sparcInstances[0],
      text: "[".repeat(1_000_000),
    });
    expect(brackets).toMatchObject({
      status: 200,
      body: { reward: 0, verdict: { failure: { kind: "parse" } } },
    });
    // Deep but well-formed params: read on a worker thread, whatever the answer.
    const nested = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const withParams = JSON.stringify({ ...sparcInstances[0], params: "@" }).replace('"@"', nested);
    const text = JSON.stringify(solvedText(sparc, sparcInstances[0] as Instance));
    const deepData = await post("/v1/grade", `{"task":"sparc","instance":${withParams},"text":${text}}`);
    expect(deepData).toMatchObject({ status: 200, body: { verdict: { passed: true } } });
    // In a batch, an item too deep to hand to a thread fails alone; the others are graded.
    const deepBatch = await post(
      "/v1/batch/grade",
      `{"items":[{"task":"sparc","instance":${withParams},"text":${text}},{"task":"sparc","instance":${JSON.stringify(sparcInstances[0])},"text":${text}}]}`,
    );
    expect(deepBatch.status).toBe(200);
    expect(deepBatch.body.results[0]).toMatchObject({ ok: false, error: { status: 400, field: "items.0" } });
    expect(deepBatch.body.results[1]).toMatchObject({ ok: true, verdict: { passed: true } });
    expect((await call("GET", "/v1/health")).status).toBe(200);
  });

  it("closes sessions unused past their time to live", async () => {
    const quick = await startServe({ port: 0, workers: 0, quiet: true, sessionTtlMs: 100 });
    try {
      const opened = await post("/v1/sessions", { task: "sparc", instance: sparcInstances[0] }, quick.url);
      const id = opened.body.session as string;
      expect((await call("GET", `/v1/sessions/${id}`, undefined, quick.url)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      const gone = await call("GET", `/v1/sessions/${id}`, undefined, quick.url);
      expect(gone).toMatchObject({ status: 404, body: { error: { code: "session_gone" } } });
      expect(gone.body.error.message).toMatch(/expired/);
    } finally {
      await quick.close();
    }
  });

  it("answers 503 until ready, and 504 for a job over its time limit, then carries on", async () => {
    const strict = await startServe({ port: 0, workers: 1, quiet: true, jobTimeoutMs: 300 });
    try {
      expect(await call("GET", "/v1/ready", undefined, strict.url)).toMatchObject({
        status: 503,
        body: { ready: false },
      });
      await strict.ready;
      const [inst] = generateInstances(interlocking, interlocking.params.parse({}), 1, "t").map(wire);
      const answer = interlocking.solve?.(inst as Instance).answers[0];
      const slow = await post("/v1/verify", { task: interlocking.id, instance: inst, answer }, strict.url);
      expect(slow).toMatchObject({ status: 504, body: { error: { code: "timeout" } } });
      // The thread was replaced: the next job runs (it may load its task first, so it is given a second chance).
      let after = await post(
        "/v1/grade",
        { task: "sparc", instance: sparcInstances[0], text: "x" },
        strict.url,
      );
      if (after.status === 504)
        after = await post(
          "/v1/grade",
          { task: "sparc", instance: sparcInstances[0], text: "x" },
          strict.url,
        );
      expect(after).toMatchObject({ status: 200, body: { verdict: { failure: { kind: "parse" } } } });
    } finally {
      await strict.close();
    }
  });

  it("shuts down gracefully: a request in flight finishes, then the server is gone", async () => {
    const [inst] = generateInstances(interlocking, interlocking.params.parse({}), 1, "g").map(wire);
    const answer = interlocking.solve?.(inst as Instance).answers[0];
    const inFlight = post("/v1/verify", { task: interlocking.id, instance: inst, answer });
    await new Promise((r) => setTimeout(r, 150));
    await server.close();
    expect(await inFlight).toMatchObject({ status: 200, body: { verdict: { passed: true }, reward: 1 } });
    await expect(fetch(`${url}/v1/health`)).rejects.toThrow();
  });
});
