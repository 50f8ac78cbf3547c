import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, statSync, writeSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { InputError } from "../core/errors.ts";
import { MIGRATIONS } from "./schema.ts";
import { type Store, storeError } from "./store.ts";
import { judge, response, sample, storeTracker, tempPath } from "./testing.ts";

const stores = storeTracker();
afterEach(() => stores.closeAll());
const me = { id: "me", pid: process.pid, host: hostname() };

/** The store's own connection, to limit its size as a full disk would. */
function connection(store: Store): Database.Database {
  return (store as unknown as { sql: { db: Database.Database } }).sql.db;
}

/** Lets the store's connection grow by only a few pages past its present size. */
function nearlyFull(store: Store): void {
  const db = connection(store);
  db.pragma("wal_checkpoint(TRUNCATE)");
  const pages = db.pragma("page_count", { simple: true }) as number;
  db.pragma(`max_page_count = ${pages + 1}`);
}

const big = (key: string) => sample({ key, text: "x".repeat(20_000) });

describe("group commit", () => {
  it("resolves a save only once it is committed, and commits many saves and cache entries together", async () => {
    const path = tempPath();
    const store = stores.open(path);
    const reader = stores.open(path);
    store.openRun("r1", {});
    const saves = Array.from({ length: 600 }, (_, i) => store.save(sample({ key: `k${i}` })));
    store.cachePutLater("c", response);
    // Queued, not committed: another connection sees none of it yet.
    expect(reader.sampleStatus("r1").size).toBeLessThan(600);
    let seenAtFirst = -1;
    void saves[0]?.then(() => {
      seenAtFirst = reader.sampleStatus("r1").size;
    });
    await Promise.all(saves);
    // By the time the first save resolved, its whole batch was readable elsewhere.
    expect(seenAtFirst).toBeGreaterThanOrEqual(256);
    expect(reader.sampleStatus("r1").size).toBe(600);
    expect(reader.cacheGet("c")).toEqual(response);
  });

  it("rejects every save of a batch whose commit fails with the SqliteError, then commits the next batch", async () => {
    const path = tempPath();
    const store = stores.open(path);
    store.openRun("r1", {});
    await store.save(sample({ key: "before" }));
    nearlyFull(store);
    store.cachePutLater("lost", response);
    const batch = ["a", "b", "c", "d"].map((k) => store.save(big(k)));
    const results = await Promise.allSettled(batch);
    for (const r of results) {
      expect(r.status).toBe("rejected");
      const error = (r as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(Database.SqliteError);
      expect(error.code).toBe("SQLITE_FULL");
    }
    const line = storeError((results[0] as PromiseRejectedResult).reason, path)?.message ?? "";
    expect(line).toMatch(
      new RegExp(`^${path}: the disk is full \\(SQLITE_FULL: database or disk is full\\); `),
    );
    expect(line).not.toContain("\n");
    // The whole batch was rolled back, the cache entry with it; the error was told to the saves.
    expect(store.samples("r1").map((s) => s.key)).toEqual(["before"]);
    expect(store.cacheGet("lost")).toBeUndefined();
    await store.flush();
    connection(store).pragma("max_page_count = 1073741823");
    await store.save(big("after"));
    expect(store.samples("r1").map((s) => s.key)).toEqual(["after", "before"]);
  });

  it("reports a failed cache-only commit at the next flush, and at close", async () => {
    const store = stores.open();
    nearlyFull(store);
    store.cachePutLater("a", { ...response, text: "y".repeat(50_000) });
    await expect(store.flush()).rejects.toMatchObject({ code: "SQLITE_FULL" });
    await store.flush(); // told once
    store.cachePutLater("b", { ...response, text: "y".repeat(50_000) });
    expect(() => store.close()).toThrow(/database or disk is full/);
    expect(() => store.cacheGet("a")).toThrow(/not open/); // closed all the same
  });

  it("keeps nothing once a batch is committed", async () => {
    const store = stores.open();
    store.openRun("r1", {});
    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: 300 }, (_, i) => store.save(sample({ key: `${round}-${i}` }))));
      store.cachePutLater(`c${round}`, response);
      await store.flush();
      const inner = store as unknown as { writer: { queue: unknown[] }; queuedCache: Map<string, string> };
      expect(inner.writer.queue).toHaveLength(0);
      expect(inner.queuedCache.size).toBe(0);
    }
  });
});

describe("lease", () => {
  it("lets one of two stores on a file hold a run; renews, releases and takes it over", () => {
    const path = tempPath();
    const a = stores.open(path);
    const b = stores.open(path);
    a.openRun("r1", {});
    const other = { id: "b", pid: process.pid, host: hostname() };
    expect(a.acquireLease("r1", me, 60_000)).toEqual({ ok: true });
    const refused = b.acquireLease("r1", other, 60_000);
    expect(refused).toMatchObject({ ok: false, holder: me });
    expect(!refused.ok && refused.expiresAt > Date.now() + 50_000).toBe(true);
    expect(b.renewLease("r1", "b", 60_000)).toBe(false);
    expect(a.renewLease("r1", "me", 120_000)).toBe(true);
    expect(b.getRun("r1")?.lease?.expiresAt).toBeGreaterThan(Date.now() + 100_000);
    expect(a.acquireLease("r1", me, 60_000).ok).toBe(true); // already ours
    b.releaseLease("r1", "b"); // not b's: no effect
    expect(b.getRun("r1")?.status).toBe("running");
    a.releaseLease("r1", "me");
    expect(b.getRun("r1")).toMatchObject({ status: "interrupted", lease: null });
    expect(b.acquireLease("r1", other, 60_000).ok).toBe(true);
    expect(a.renewLease("r1", "me", 60_000)).toBe(false);
    expect(() => a.acquireLease("nope", me, 1000)).toThrow(InputError);
    expect(a.renewLease("nope", "me", 1000)).toBe(false);
  });

  it("takes over a lapsed lease, and one held on another host only once it lapsed", async () => {
    const store = stores.open();
    store.openRun("r1", {});
    // A pid that surely does not run here: another host's process must not be judged by it.
    const far = { id: "far", pid: 2 ** 22 + 7, host: "another-host.invalid" };
    expect(store.acquireLease("r1", far, 40).ok).toBe(true);
    expect(store.listRuns()[0]?.status).toBe("running");
    expect(store.acquireLease("r1", me, 60_000)).toMatchObject({ ok: false, holder: far });
    await new Promise((r) => setTimeout(r, 60));
    expect(store.listRuns()[0]?.status).toBe("interrupted");
    expect(store.acquireLease("r1", me, 60_000)).toEqual({ ok: true });
  });

  it("stops saving a run whose lease another process took over", async () => {
    const path = tempPath();
    const a = stores.open(path);
    const b = stores.open(path);
    a.openRun("r1", {});
    a.openRun("r2", {});
    expect(a.acquireLease("r1", me, 1).ok).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    const thief = { id: "thief", pid: process.pid, host: hostname() };
    expect(b.acquireLease("r1", thief, 60_000).ok).toBe(true);
    const results = await Promise.allSettled([
      a.save(sample({ key: "late" })),
      a.save(sample({ run: "r2", key: "free" })),
    ]);
    expect(results[0]).toMatchObject({ status: "rejected" });
    const reason = (results[0] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(InputError);
    expect(reason.message).toBe(
      `run "r1" is no longer written by this process (process ${process.pid} on ${hostname()} holds it now): its lease lapsed`,
    );
    expect(results[1]).toMatchObject({ status: "fulfilled" }); // r2 was never leased by a
    await b.save(sample({ key: "b's" }));
    expect(b.samples("r1").map((s) => s.key)).toEqual(["b's"]);
  });

  it("refuses a live holder in another process, and resumes at once once it is killed with kill -9", async () => {
    const path = tempPath();
    const store = stores.open(path);
    store.openRun("r1", {});
    const holderCode = `
      import { hostname } from "node:os";
      import { Store } from ${JSON.stringify(new URL("./store.ts", import.meta.url).pathname)};
      const store = Store.open(${JSON.stringify(path)});
      const got = store.acquireLease("r1", { id: "child", pid: process.pid, host: hostname() }, 600_000);
      console.log(JSON.stringify(got));
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", holderCode], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const said = await new Promise<string>((resolve, reject) => {
        child.stdout.once("data", (d: Buffer) => resolve(d.toString()));
        child.once("exit", (code) => reject(new Error(`the holder exited (${code})`)));
      });
      expect(JSON.parse(said)).toEqual({ ok: true });
      const holder = { id: "child", pid: child.pid, host: hostname() };
      expect(store.acquireLease("r1", me, 60_000)).toMatchObject({ ok: false, holder });
      expect(store.getRun("r1")?.status).toBe("running");
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
      // Its lease has 10 minutes to run, but its process is gone from this host.
      expect(store.getRun("r1")?.status).toBe("interrupted");
      expect(store.acquireLease("r1", me, 60_000)).toEqual({ ok: true });
    } finally {
      child.kill("SIGKILL");
    }
  }, 20_000);
});

describe("schema", () => {
  it("upgrades a schema-2 store: new columns estimated, runs read as interrupted, instances kept", async () => {
    const path = tempPath();
    const old = new Database(path);
    // The DDL as released up to schema 2 (released migrations never change).
    for (const ddl of MIGRATIONS.slice(0, 2)) old.exec(ddl);
    old.pragma("user_version = 2");
    const cols =
      "run, key, task, suite, tags, instance, model, epoch, status, input_tokens, output_tokens, reasoning_tokens, " +
      "cached_tokens, cost_usd, latency_ms, attempts, cached, steps, started_at, finished_at, judge";
    old.exec(
      `
      INSERT INTO runs VALUES ('old', '2025-01-01T00:00:00.000Z', '{"models":["m"]}', 'running');
      INSERT INTO runs VALUES ('finished', '2025-01-02T00:00:00.000Z', NULL, 'done');
      INSERT INTO samples (${cols}) VALUES
        ('old', 'paid', 'maze', 'sparc', '[]', '0', 'm', 0, 'ok', 10, 2, 0, 0, 0.5, 3, '[]', 0, NULL, 'a', 'b', NULL),
        ('old', 'cached', 'maze', 'sparc', '[]', '1', 'm', 0, 'ok', 10, 2, 0, 0, 0.25, 3, '[]', 1, NULL, 'a', 'b', 'null'),
        ('old', 'episode', 'maze', 'sparc', '[]', '2', 'm', 0, 'ok', 10, 2, 0, 0, 0.75, 3, '[]', 0, 5, 'a', 'b', NULL),
        ('old', 'failed', 'maze', 'sparc', '[]', '3', 'm', 0, 'error', 0, 0, 0, 0, NULL, 3, '[]', 0, NULL, 'a', 'b', NULL),
        ('old', 'judged', 'maze', 'sparc', '[]', '4', 'm', 0, 'ok', 10, 2, 0, 0, 0.5, 3, '[]', 0, NULL, 'a', 'b', ?),
        ('old', 'unpriced', 'maze', 'sparc', '[]', '5', 'm', 0, 'ok', 10, 2, 0, 0, NULL, 3, '[]', 0, NULL, 'a', 'b', NULL);
      INSERT INTO steps VALUES ('old', 'episode', 0, 'o', 'r', NULL, 0, NULL, 1, 1, 0, 0);`.replace(
        "?",
        `'${JSON.stringify({ ...judge(null, 0.25), replies: ["x", "y"] })}'`,
      ),
    );
    old.close();

    const store = stores.open(path);
    expect(connection(store).pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    expect(store.getRun("old")).toMatchObject({
      status: "interrupted",
      config: { models: ["m"] },
      lease: null,
    });
    expect(store.getRun("finished")?.status).toBe("done");
    const got = new Map(store.samples("old").map((s) => [s.key, s]));
    const fields = (key: string) => {
      const s = got.get(key);
      return (
        s && {
          calls: s.calls,
          spentUsd: s.spentUsd,
          finishReason: s.finishReason,
          instanceHash: s.instanceHash,
        }
      );
    };
    expect(fields("paid")).toEqual({ calls: 1, spentUsd: 0.5, finishReason: null, instanceHash: null });
    expect(fields("cached")).toMatchObject({ calls: 0, spentUsd: 0 });
    expect(fields("episode")).toMatchObject({ calls: 5, spentUsd: 0.75 });
    expect(fields("failed")).toMatchObject({ calls: 0, spentUsd: null });
    expect(fields("judged")).toMatchObject({ calls: 3, spentUsd: 0.75 });
    expect(fields("unpriced")).toMatchObject({ calls: 1, spentUsd: null });
    expect(store.sampleStatus("old").get("judged")).toEqual({ status: "ok", unjudged: true });
    expect(store.steps("old", "episode")).toHaveLength(1);
    expect(store.totals("old")).toMatchObject({ calls: 10, unpricedSamples: 1, savedUsd: 0.25 });
    store.saveInstances("old", [
      { hash: "h", instance: { id: "0", task: "maze", params: {}, seed: null, data: 1 } },
    ]);
    expect(store.instances("old").size).toBe(1);
    await store.save(sample({ run: "old", key: "new" }));
    expect(store.acquireLease("old", me, 60_000).ok).toBe(true);
    store.deleteRun("old");
    expect(store.instances("old").size).toBe(0);
  });

  it("upgrades a schema-1 store in place, and keeps judge records", async () => {
    const path = tempPath();
    const old = new Database(path);
    old.exec(MIGRATIONS[0] ?? "");
    old.pragma("user_version = 1");
    old.close();
    const store = stores.open(path);
    store.openRun("r1", {});
    const judged = sample({ judge: judge(6) });
    await store.save(judged);
    expect(store.samples("r1")).toEqual([judged]);
  });
});

describe("opening, and failures as one line", () => {
  it("creates nothing when asked not to", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumb-store-"));
    const nested = join(dir, "new", "dir", "x.sqlite");
    expect(() => stores.open(nested, { create: false })).toThrow(new InputError(`no store at ${nested}`));
    expect(existsSync(join(dir, "new"))).toBe(false);
    const flat = join(dir, "y.sqlite");
    expect(() => stores.open(flat, { create: false })).toThrow(`no store at ${flat}`);
    expect(readdirSync(dir)).toEqual([]);
    stores.open(flat).close();
    expect(stores.open(flat, { create: false }).listRuns()).toEqual([]);
    expect(() => stores.open(dir, { create: false })).toThrow(InputError); // a folder
    expect(() => stores.open(dir)).toThrow(new RegExp(`^${dir}: cannot open the store \\(SQLITE_CANTOPEN`));
  });

  it("names a file that is not a database", () => {
    const junk = tempPath("junk.db");
    const fd = openSync(junk, "w");
    writeSync(fd, "this is not a database, just some text long enough to be looked at\n".repeat(10));
    closeSync(fd);
    expect(() => stores.open(junk)).toThrow(
      new InputError("not a Plumb store (not a SQLite database)", { source: junk }),
    );
  });

  it("names a damaged store in one line, whether the damage is found on opening or on reading", async () => {
    const path = tempPath();
    const store = stores.open(path);
    store.openRun("r1", {});
    await Promise.all(Array.from({ length: 300 }, (_, i) => store.save(big(`k${i}`))));
    store.close();
    const size = statSync(path).size;
    expect(size).toBeGreaterThan(1_000_000);
    const scribble = (from: number, to: number) => {
      const fd = openSync(path, "r+");
      for (let at = from; at < to; at += 1024) writeSync(fd, Buffer.alloc(512, 0xa5), 0, 512, at);
      closeSync(fd);
    };
    // Page 1 (header and schema) intact, the table pages in the middle of the file scribbled over.
    scribble(Math.floor(size / 3), Math.floor((2 * size) / 3));
    const damaged = stores.open(path);
    let caught: unknown;
    try {
      damaged.samples("r1");
    } catch (e) {
      caught = e;
    }
    expect(caught).toMatchObject({ code: expect.stringMatching(/^SQLITE_CORRUPT/) });
    const line = storeError(caught, path);
    expect(line).toBeInstanceOf(InputError);
    expect(line?.message).toMatch(
      new RegExp(
        `^${path}: the store is damaged \\(SQLITE_CORRUPT[A-Z_]*: database disk image is malformed\\); `,
      ),
    );
    damaged.close();
    // The schema on page 1 scribbled over too: refused on opening.
    scribble(200, 4000);
    expect(() => stores.open(path)).toThrow(InputError);
    expect(() => stores.open(path)).toThrow(new RegExp(`^${path}: (the store is damaged|not a Plumb store)`));
  });

  it("names a read-only store and a locked one; leaves other errors alone", () => {
    const path = tempPath();
    stores.open(path).close();
    const readonly = new Database(path, { readonly: true });
    let caught: unknown;
    try {
      readonly.prepare("DELETE FROM cache").run();
    } catch (e) {
      caught = e;
    }
    readonly.close();
    expect(storeError(caught, path)?.message).toMatch(
      new RegExp(`^${path}: the store cannot be written \\(SQLITE_READONLY`),
    );

    const holder = new Database(path);
    holder.prepare("BEGIN IMMEDIATE").run();
    const waiter = new Database(path, { timeout: 0 });
    try {
      waiter.prepare("BEGIN IMMEDIATE").run();
    } catch (e) {
      caught = e;
    }
    holder.prepare("ROLLBACK").run();
    holder.close();
    waiter.close();
    expect(storeError(caught, path)?.message).toMatch(
      new RegExp(`^${path}: the store is locked by another process \\(SQLITE_BUSY: database is locked\\); `),
    );

    const constraint = stores.open(path);
    constraint.openRun("r1", {});
    try {
      connection(constraint)
        .prepare("INSERT INTO runs (name, created_at, status) VALUES ('r1', 'x', 'done')")
        .run();
    } catch (e) {
      caught = e;
    }
    expect(caught).toMatchObject({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" });
    expect(storeError(caught, path)).toBeUndefined();
    expect(storeError(new Error("boom"), path)).toBeUndefined();
    expect(storeError(new InputError("x"), path)).toBeUndefined();
  });
});
