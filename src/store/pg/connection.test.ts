import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Postgres, postgresAvailable, startPostgres } from "../../../test/support/postgres.ts";
import { PgConnection, PgError } from "./connection.ts";

function caught(f: () => unknown): PgError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PgError);
    return e as PgError;
  }
  throw new Error("it did not throw");
}

describe.skipIf(!postgresAvailable())("PgConnection", () => {
  let server: Postgres;
  let db: PgConnection;

  beforeAll(async () => {
    server = await startPostgres();
    db = PgConnection.open(server.url);
  }, 60_000);

  afterAll(async () => {
    db?.close();
    await server?.stop();
  });

  it("creates, inserts and selects with parameters, as objects or arrays", () => {
    db.query("CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL)");
    expect(db.query("INSERT INTO things VALUES ($1, $2), ($3, $4)", [1, "one", 2, "two"]).rowCount).toBe(2);
    expect(db.query("SELECT id, name FROM things WHERE id = $1", [2]).rows).toEqual([{ id: 2, name: "two" }]);
    expect(db.query("SELECT id, name FROM things ORDER BY id", [], { rowMode: "array" }).rows).toEqual([
      [1, "one"],
      [2, "two"],
    ]);
  });

  it("reads int8 and numeric as numbers", () => {
    const row = db.query(
      "SELECT 9007199254740991::int8 AS big, 12.375::numeric AS num, count(*) AS n FROM things",
    ).rows[0];
    expect(row).toEqual({ big: 9007199254740991, num: 12.375, n: 2 });
  });

  it("keeps one session: a transaction spans calls, with savepoints", () => {
    db.query("CREATE TABLE tx (v int)");
    db.query("BEGIN");
    db.query("INSERT INTO tx VALUES (1)");
    db.query("ROLLBACK");
    expect(db.query("SELECT count(*) AS n FROM tx").rows).toEqual([{ n: 0 }]);

    db.query("BEGIN");
    db.query("INSERT INTO tx VALUES (1)");
    db.query("SAVEPOINT s");
    db.query("INSERT INTO tx VALUES (2)");
    db.query("ROLLBACK TO SAVEPOINT s");
    db.query("COMMIT");
    expect(db.query("SELECT v FROM tx", [], { rowMode: "array" }).rows).toEqual([[1]]);
  });

  it("runs a batch of statements in one call, stopping at the first that fails", () => {
    db.query("CREATE TABLE batched (id int PRIMARY KEY)");
    db.queryBatch([
      { text: "INSERT INTO batched VALUES ($1)", params: [1] },
      { text: "INSERT INTO batched VALUES ($1)", params: [2] },
    ]);
    expect(() =>
      db.queryBatch([
        { text: "INSERT INTO batched VALUES ($1)", params: [3] },
        { text: "INSERT INTO batched VALUES ($1)", params: [1] },
        { text: "INSERT INTO batched VALUES ($1)", params: [4] },
      ]),
    ).toThrow(expect.objectContaining({ code: "23505" }));
    expect(db.query("SELECT id FROM batched ORDER BY id").rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it("reports PostgreSQL's errors with their SQLSTATE, and stays usable", () => {
    const unique = caught(() => db.query("INSERT INTO things VALUES (1, 'again')"));
    expect(unique.code).toBe("23505");
    expect(unique.detail).toContain("(id)=(1)");
    expect(caught(() => db.query("SELEC 1")).code).toBe("42601");
    expect(db.query("SELECT 1 AS one").rows).toEqual([{ one: 1 }]);
  });

  it("round-trips a large result", () => {
    const { rows } = db.query("SELECT g AS id, md5(g::text) AS hash FROM generate_series(1, 50000) g");
    expect(rows).toHaveLength(50_000);
    expect(rows[49_999]).toEqual({ id: 50_000, hash: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it("fails promptly and clearly when nothing listens, never showing the password", async () => {
    const port = await freePort();
    const start = Date.now();
    const e = caught(() => PgConnection.open(`postgres://plumb:secret@127.0.0.1:${port}/nowhere`));
    expect(Date.now() - start).toBeLessThan(5_000);
    expect(e.message).toContain(`127.0.0.1:${port}/nowhere`);
    expect(e.message).toMatch(/cannot connect/);
    expect(e.message).not.toContain("secret");
    expect(e.code).toBe("08001");
  });

  it("times out a statement blocked on a lock, and the session lives on", () => {
    const holder = PgConnection.open(server.url);
    const waiter = PgConnection.open(server.url, { timeoutMs: 600 });
    try {
      holder.query("BEGIN");
      holder.query("SELECT * FROM things WHERE id = 1 FOR UPDATE");
      const start = Date.now();
      const e = caught(() => waiter.query("UPDATE things SET name = 'uno' WHERE id = 1"));
      expect(Date.now() - start).toBeLessThan(3_000);
      expect(e.code).toBe("57014");
      expect(e.message).toMatch(/statement timeout/);
      holder.query("ROLLBACK");
      expect(waiter.query("UPDATE things SET name = 'uno' WHERE id = 1").rowCount).toBe(1);
    } finally {
      holder.close();
      waiter.close();
    }
  });

  it("gives up on a call the server does not answer in time, and closes the connection", () => {
    const slow = PgConnection.open(server.url, { timeoutMs: 500 });
    try {
      slow.query("SET statement_timeout = 0");
      const e = caught(() => slow.query("SELECT pg_sleep(3)"));
      expect(e.code).toBe("57014");
      expect(e.message).toMatch(/no answer from PostgreSQL .* within 0\.5 s running "SELECT pg_sleep\(3\)"/);
      expect(caught(() => slow.query("SELECT 1")).message).toMatch(/unusable: .*took longer/);
    } finally {
      slow.close();
    }
  });

  it("closes twice without complaint, and refuses queries once closed", () => {
    const once = PgConnection.open(server.url);
    once.close();
    once.close();
    expect(caught(() => once.query("SELECT 1")).message).toMatch(/unusable: it is closed/);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
