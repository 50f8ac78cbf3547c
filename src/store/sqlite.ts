import Database from "better-sqlite3";
import type { Dialect, Params, Sql } from "./sql.ts";

export const SQLITE: Dialect = {
  name: "sqlite",
  judgeCost: "CASE WHEN json_type(judge) = 'object' THEN json_extract(judge, '$.costUsd') ELSE 0 END",
  unjudged: "(json_type(judge) = 'object' AND COALESCE(json_type(judge, '$.grade'), 'null') = 'null')",
  // TOTAL() rather than SUM(): 0.0 over no rows instead of NULL.
  total: (expr) => `TOTAL(${expr})`,
  atLeastZero: (expr) => `MAX(0, ${expr})`,
  // An IMMEDIATE transaction already holds the only write lock.
  skipLocked: "",
  forUpdate: "",
  nowMs: "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)",
};

/** The store's SQL on a better-sqlite3 connection; each statement is prepared once. */
export class SqliteSql implements Sql {
  readonly dialect = SQLITE;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly raw = new Map<string, Database.Statement>();

  constructor(readonly db: Database.Database) {}

  private prepared(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  run(sql: string, params: Params = []): number {
    return bind(this.prepared(sql), params, (s, p) => s.run(...p).changes);
  }

  runAll(statements: readonly (readonly [sql: string, params: Params])[]): void {
    for (const [sql, params] of statements) this.run(sql, params);
  }

  get<R>(sql: string, params: Params = []): R | undefined {
    return bind(this.prepared(sql), params, (s, p) => s.get(...p) as R | undefined);
  }

  all<R>(sql: string, params: Params = []): R[] {
    return bind(this.prepared(sql), params, (s, p) => s.all(...p) as R[]);
  }

  rows(sql: string, params: Params = []): unknown[][] {
    let s = this.raw.get(sql);
    if (!s) {
      s = this.db.prepare(sql).raw(true);
      this.raw.set(sql, s);
    }
    return bind(s, params, (st, p) => st.all(...p) as unknown[][]);
  }

  transaction<T>(fn: () => T): T {
    const tx = this.db.transaction(fn);
    // Nested, better-sqlite3 makes it a savepoint; outermost, IMMEDIATE takes the write lock first.
    return this.db.inTransaction ? tx() : tx.immediate();
  }

  exec(script: string): void {
    this.db.exec(script);
  }

  confinedToOneWrite(e: unknown): boolean {
    if (!(e instanceof Database.SqliteError)) return true;
    return /^SQLITE_(CONSTRAINT|MISMATCH|TOOBIG|RANGE)/.test(e.code);
  }

  dataVersion(): number {
    return this.db.pragma("data_version", { simple: true }) as number;
  }

  close(): void {
    this.db.close();
  }
}

function bind<T>(s: Database.Statement, params: Params, call: (s: Database.Statement, p: unknown[]) => T): T {
  return call(s, Array.isArray(params) ? (params as unknown[]) : [params]);
}
