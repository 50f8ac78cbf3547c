/**
 * The run store on a real PostgreSQL server (a throwaway cluster of the test's own): the same
 * schema as SQLite's, the same answers to the same calls, and claims that share a run's samples
 * out between processes (SKIP LOCKED, leases by the database's clock).
 */
import { hostname } from "node:os";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Postgres, postgresAvailable, startPostgres } from "../../../test/support/postgres.ts";
import type { Sql } from "../sql.ts";
import { Store } from "../store.ts";
import { instance, judge, response, sample, step, storeTracker, tempPath } from "../testing.ts";
import { PG_MIGRATIONS } from "./schema.ts";
import { redactUrl } from "./url.ts";

let server: Postgres;
let databases = 0;

/** A URL of a new, empty database on the test's server. */
async function freshDatabase(): Promise<string> {
  const name = `t${++databases}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return url.toString();
}

const stores = storeTracker();
afterEach(() => stores.closeAll());
const me = { id: "me", pid: process.pid, host: hostname() };
const other = { id: "other", pid: 1, host: "elsewhere" };

function sqlOf(store: Store): Sql {
  return (store as unknown as { sql: Sql }).sql;
}

describe.skipIf(!postgresAvailable())("the PostgreSQL store", () => {
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("has SQLite's tables, columns, keys and indexes, in PostgreSQL's types", async () => {
    const url = await freshDatabase();
    const path = tempPath();
    stores.open(path).close();
    stores.open(url).close();
    const lite = new Database(path, { readonly: true });
    const liteTables = lite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const pgTables = (
        await client.query(
          "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'plumb_schema' ORDER BY tablename",
        )
      ).rows.map((r) => r.tablename as string);
      expect(pgTables).toEqual(liteTables);
      const typeOf: Record<string, string> = { INTEGER: "bigint", REAL: "double precision", TEXT: "text" };
      for (const table of liteTables) {
        const liteColumns = (
          lite.prepare(`PRAGMA table_info(${table})`).all() as {
            name: string;
            type: string;
            notnull: number;
            pk: number;
          }[]
        ).map((c) => [c.name, typeOf[c.type], c.notnull === 1 || c.pk > 0]);
        const pgColumns = (
          await client.query(
            "SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position",
            [table],
          )
        ).rows.map((c) => [c.column_name, c.data_type, c.is_nullable === "NO"]);
        expect(pgColumns, table).toEqual(liteColumns);
      }
      const liteIndexes = lite
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%' ORDER BY name",
        )
        .pluck()
        .all();
      const pgIndexes = (
        await client.query(
          "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND indexname NOT LIKE '%_pkey' ORDER BY indexname",
        )
      ).rows.map((r) => r.indexname);
      expect(pgIndexes).toEqual(liteIndexes);
      expect((await client.query("SELECT version::int AS v FROM plumb_schema")).rows).toEqual([
        { v: PG_MIGRATIONS.length },
      ]);
    } finally {
      lite.close();
      await client.end();
    }
  });

  it("answers every call as the SQLite store does", async () => {
    const stores2 = [stores.open(tempPath()), stores.open(await freshDatabase())];
    const reads: unknown[][] = [[], []];
    for (const [i, store] of stores2.entries()) {
      const read = (value: unknown) => reads[i]?.push(value);
      store.openRun("r1", { spec: 1 });
      store.openRun("r2", null);
      store.saveInstances("r1", [
        { hash: "h0", instance: instance("0") },
        { hash: "h1", instance: instance("1") },
      ]);
      await store.save(sample(), [step(0), step(1), step(2)]);
      // Model text may hold U+0000, which PostgreSQL's text cannot: it must come back exactly.
      const odd = "a\u0000b\uE000c\uE0000\uE000\uE000 \u0000";
      await store.save(
        sample({
          key: "b",
          model: "m2",
          level: "hard",
          passed: true,
          score: 1,
          failureKind: null,
          text: odd,
          reasoning: odd,
        }),
      );
      expect(store.sample("r1", "b")).toMatchObject({ text: odd, reasoning: odd });
      await store.save(
        sample({ key: "c", status: "error", verdict: null, score: null, passed: null, failureKind: null }),
      );
      await store.save(sample({ key: "d", judge: judge(null), costUsd: null, spentUsd: 0.02 }));
      await store.save(sample({ key: "e", judge: judge(5, null), cached: true, spentUsd: 0, calls: 0 }));
      await store.save(sample({ run: "r2", key: "x", tags: ["other"] }));
      store.cachePut("k1", response);
      store.cachePutLater("k2", { ...response, text: "later" });
      read(store.cacheGet("k2"));
      await store.flush();
      read([store.cacheGet("k1"), store.cacheGet("none"), store.cacheSize()]);
      read([...store.instances("r1")]);
      read(store.instance("r1", "h1"));
      read(store.samples("r1"));
      for (const outcome of ["passed", "error", "wrong"])
        read(store.samples("r1", { outcome }).map((s) => s.key));
      read(store.samples("r1", { model: "m2", level: "hard", status: "ok" }).map((s) => s.key));
      read(store.samplesPage("r1", { offset: 1, limit: 2 }, { task: "maze" }));
      read(store.reportSamples("r1"));
      read(store.sample("r1", "a"));
      read(store.sample("r1", "maze/0/m1/0"));
      read(store.steps("r1", "maze/0/m1/0"));
      read([...store.sampleStatus("r1")]);
      read(store.sampleFacets());
      read(store.sampleFacets("r2"));
      read(store.sampleStamp("r1"));
      read(store.totals("r1"));
      read(store.totals("nothing"));
      read(store.listRuns().map(({ createdAt, ...r }) => r));
      const label = {
        run: "r1",
        sampleKey: "b",
        taxonomy: "scbench",
        judge: "j",
        label: "near-miss",
        confidence: 0.5,
        reason: "one cell",
        replies: ["{}"],
        errors: [],
        usage: { input: 1, output: 1, reasoning: 0, cached: 0 },
        costUsd: null,
        createdAt: "2026-11-25T00:00:00.000Z",
      };
      store.saveLabel(label);
      store.saveLabel({ ...label, confidence: 0.9 });
      read(store.labels("r1", "scbench"));
      store.savePick({
        ...label,
        model: "m1",
        task: "maze",
        instance: "0",
        k: 2,
        picked: "b",
        candidates: ["a", "b"],
      });
      read(store.picks("r1"));
      read(store.acquireLease("r1", me, 60_000));
      read(store.acquireLease("r1", other, 60_000).ok);
      read(store.renewLease("r1", "me", 60_000));
      store.releaseLease("r1", "me");
      read(store.getRun("r1")?.lease);
      store.setRunStatus("r1", "done");
      read(store.getRun("r1")?.status);
      read(store.clearCache({ olderThan: new Date(Date.now() + 60_000) }));
      store.resetRun("r1", { spec: 2 });
      read([store.samples("r1").length, store.instances("r1").size, store.getRun("r1")?.config]);
      store.deleteRun("r2");
      read(store.listRuns().map((r) => r.name));
      read(() => store.deleteRun("r2"));
    }
    const [lite, postgres] = reads as [unknown[], unknown[]];
    const plain = (values: unknown[]) =>
      values.map((v) => {
        if (typeof v !== "function") return v;
        try {
          (v as () => void)();
          return "no error";
        } catch (e) {
          return (e as Error).message;
        }
      });
    expect(plain(postgres)).toStrictEqual(plain(lite));
  });

  it("reopens, reads only when read-only, refuses a foreign database, and never shows the password", async () => {
    const url = await freshDatabase();
    const writer = stores.open(url);
    writer.openRun("r", null);
    await writer.save(sample({ run: "r" }));
    const reader = stores.open(url, { readonly: true });
    expect(reader.samples("r")).toHaveLength(1);
    expect(() => reader.openRun("s", null)).toThrow(/read-only/);
    // A store of an older schema: read-only refuses it; a writer brings it up to date.
    const older = new pg.Client({ connectionString: url });
    await older.connect();
    await older.query("DROP TABLE claims; UPDATE plumb_schema SET version = 4");
    await older.end();
    expect(() => Store.open(url, { readonly: true })).toThrow(/another store schema/);
    stores.open(url).close();
    expect(stores.open(url, { readonly: true }).claimsLeft("r")).toEqual({ open: 0, free: 0 });
    const empty = await freshDatabase();
    expect(() => Store.open(empty, { create: false })).toThrow(/holds no Plumb store/);
    const foreign = await freshDatabase();
    const client = new pg.Client({ connectionString: foreign });
    await client.connect();
    await client.query("CREATE TABLE runs (x int)");
    await client.end();
    expect(() => Store.open(foreign)).toThrow(/has a table named runs but is not a Plumb store/);
    const secret = new URL(server.url);
    secret.password = "hunter2";
    secret.port = "1";
    let message = "";
    try {
      Store.open(secret.toString());
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/cannot open the store/);
    expect(message).not.toContain("hunter2");
    expect(redactUrl(secret.toString())).toContain(":***@");
  });

  it("refuses one bad sample of a batch alone, leaving its previous version and the others", async () => {
    const store = stores.open(await freshDatabase());
    store.openRun("r1", {});
    const old = sample({ key: "old" });
    await store.save(old, [step(0, { sampleKey: "old" })]);
    const results = await Promise.allSettled([
      store.save(sample({ key: "new" }), [step(0, { sampleKey: "new" }), step(0, { sampleKey: "new" })]),
      store.save(sample({ key: "good" })),
      store.save(sample({ key: "old", text: "changed" }), [
        step(0, { sampleKey: "old" }),
        step(1, { sampleKey: "old", observation: null as unknown as string }),
      ]),
      store.save(sample({ key: "foreign", run: "no-such-run" })),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "rejected", "rejected"]);
    const codes = results.map((r) => (r.status === "rejected" ? (r.reason as { code?: string }).code : ""));
    expect(codes).toEqual(["23505", "", "23502", "23503"]); // unique, not null, foreign key
    expect(store.samples("r1").map((s) => s.key)).toEqual(["good", "old"]);
    expect(store.samples("r1").find((s) => s.key === "old")).toEqual(old);
    expect(store.steps("r1", "old")).toEqual([step(0, { sampleKey: "old" })]);
  });

  it("shares a run's samples out by claims: each to one process, in plan order, until saved or lapsed", async () => {
    const url = await freshDatabase();
    const a = stores.open(url);
    const b = stores.open(url);
    expect(a.shared).toBe(true);
    a.openRun("r", null);
    const keys = Array.from({ length: 10 }, (_, i) => ({ key: `k${i}`, seq: i, retry: false }));
    a.planClaims("r", keys);
    b.planClaims("r", keys.slice(5)); // a second process plans the same keys: nothing changes
    expect(a.claimSamples("r", me, 3, 60_000)).toEqual(["k0", "k1", "k2"]);
    expect(b.claimSamples("r", other, 3, 60_000)).toEqual(["k3", "k4", "k5"]);
    expect(a.claimsLeft("r")).toEqual({ open: 10, free: 4 });
    await a.save(sample({ run: "r", key: "k0" }));
    expect(b.claimsLeft("r")).toEqual({ open: 9, free: 4 });
    // While one process's claim is uncommitted, another passes those rows over instead of waiting.
    const taken = sqlOf(a).transaction(() => {
      const mine = a.claimSamples("r", me, 2, 60_000);
      return { mine, theirs: b.claimSamples("r", other, 2, 60_000) };
    });
    expect(taken).toEqual({ mine: ["k6", "k7"], theirs: ["k8", "k9"] });
    // A process that dies stops renewing: its claims lapse and another takes them, first in plan order.
    expect(b.renewClaims("r", other, 1)).toBe(5);
    await new Promise((r) => setTimeout(r, 20));
    expect(a.claimSamples("r", me, 10, 60_000)).toEqual(["k3", "k4", "k5", "k8", "k9"]);
    expect(a.claimsLeft("r")).toEqual({ open: 9, free: 0 });
    a.releaseClaims("r", me);
    expect(a.claimsLeft("r")).toEqual({ open: 9, free: 9 });
    // A retried key opens again only while its sample still needs it.
    await a.save(
      sample({ run: "r", key: "k1", status: "error", verdict: null, passed: null, failureKind: null }),
    );
    await a.save(sample({ run: "r", key: "k2" }));
    a.planClaims("r", [
      { key: "k1", seq: 1, retry: true },
      { key: "k2", seq: 2, retry: true },
    ]);
    expect(a.claimSamples("r", me, 2, 60_000)).toEqual(["k1", "k3"]);
    a.resetRun("r", null);
    expect(a.claimsLeft("r")).toEqual({ open: 0, free: 0 });
  });
});
