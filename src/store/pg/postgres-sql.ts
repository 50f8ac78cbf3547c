import { InputError } from "../../core/errors.ts";
import type { Dialect, Params, Sql } from "../sql.ts";
import { PgConnection, PgError } from "./connection.ts";
import { rowFromPostgres, toPostgres } from "./nul.ts";
import { type Translated, translate, values } from "./params.ts";

const JUDGE = "judge::json";

export const POSTGRES: Dialect = {
  name: "postgres",
  judgeCost: `CASE WHEN json_typeof(${JUDGE}) = 'object' THEN (${JUDGE} ->> 'costUsd')::double precision ELSE 0 END`,
  unjudged: `(json_typeof(${JUDGE}) = 'object' AND COALESCE(json_typeof(${JUDGE} -> 'grade'), 'null') = 'null')`,
  total: (expr) => `COALESCE(SUM(${expr}), 0)`,
  // GREATEST skips NULLs, where SQLite's MAX gives NULL: kept NULL so that sums skip it alike.
  atLeastZero: (expr) => `CASE WHEN (${expr}) IS NULL THEN NULL ELSE GREATEST(0, ${expr}) END`,
  skipLocked: " FOR UPDATE SKIP LOCKED",
  forUpdate: " FOR UPDATE",
  nowMs: "(extract(epoch FROM clock_timestamp()) * 1000)::bigint",
};

/**
 * SQLSTATE classes a write can fail with alone, its transaction intact once rolled back to its
 * savepoint: data exceptions (22) and integrity constraints (23).
 */
const CONFINED = /^2[23]/;

/**
 * The store's SQL on one PostgreSQL session (PgConnection: synchronous, through a thread of its
 * own). Transactions are BEGIN … COMMIT on that session, savepoints when nested.
 */
export class PostgresSql implements Sql {
  readonly dialect = POSTGRES;
  private readonly translated = new Map<string, Translated>();
  private depth = 0;
  private snapshot = "";
  private version = 0;

  constructor(private readonly connection: PgConnection) {}

  /** Connects; a server that cannot be reached or refuses is an InputError naming `source` (the URL without its password). */
  static open(url: string, source: string): PostgresSql {
    try {
      return new PostgresSql(PgConnection.open(url));
    } catch (e) {
      throw new InputError(`cannot open the store (${e instanceof Error ? e.message : String(e)})`, {
        source,
      });
    }
  }

  private translation(sql: string): Translated {
    let t = this.translated.get(sql);
    if (!t) {
      t = translate(sql);
      this.translated.set(sql, t);
    }
    return t;
  }

  private query(sql: string, params: Params, rowMode?: "array") {
    const t = this.translation(sql);
    const result = this.connection.query(
      t.text,
      values(t, params).map(toPostgres),
      rowMode ? { rowMode } : undefined,
    );
    for (const row of result.rows) rowFromPostgres(row);
    return result;
  }

  runAll(statements: readonly (readonly [sql: string, params: Params])[]): void {
    this.connection.queryBatch(
      statements.map(([sql, params]) => {
        const t = this.translation(sql);
        return { text: t.text, params: values(t, params).map(toPostgres) };
      }),
    );
  }

  run(sql: string, params: Params = []): number {
    return this.query(sql, params).rowCount;
  }

  get<R>(sql: string, params: Params = []): R | undefined {
    return this.query(sql, params).rows[0] as R | undefined;
  }

  all<R>(sql: string, params: Params = []): R[] {
    return this.query(sql, params).rows as R[];
  }

  rows(sql: string, params: Params = []): unknown[][] {
    return this.query(sql, params, "array").rows as unknown[][];
  }

  transaction<T>(fn: () => T): T {
    const outer = this.depth === 0;
    const savepoint = `plumb_${this.depth}`;
    this.connection.query(outer ? "BEGIN" : `SAVEPOINT ${savepoint}`);
    this.depth++;
    let result: T;
    try {
      result = fn();
    } catch (e) {
      this.depth--;
      try {
        this.connection.query(outer ? "ROLLBACK" : `ROLLBACK TO SAVEPOINT ${savepoint}`);
      } catch {
        // The session is gone; the error that got us here says more.
      }
      throw e;
    }
    this.depth--;
    this.connection.query(outer ? "COMMIT" : `RELEASE SAVEPOINT ${savepoint}`);
    return result;
  }

  exec(script: string): void {
    this.connection.query(script);
  }

  confinedToOneWrite(e: unknown): boolean {
    return !(e instanceof PgError) || CONFINED.test(e.code);
  }

  /** Changes when the set of committed transactions does: the snapshot's xmin, xmax and in-progress list. */
  dataVersion(): number {
    const row = this.get<{ s: string }>("SELECT pg_current_snapshot()::text AS s");
    if (row && row.s !== this.snapshot) {
      this.snapshot = row.s;
      this.version++;
    }
    return this.version;
  }

  close(): void {
    this.connection.close();
  }
}
