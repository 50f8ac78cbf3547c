/** Values bound to a statement: positional (`?`) or named (`@name`, an object's own properties). */
export type Params = readonly unknown[] | object;

/**
 * The SQL that differs between the store's two databases; everything else the store says is
 * written once, in SQL both accept (named `@name` and positional `?` parameters included).
 */
export interface Dialect {
  readonly name: "sqlite" | "postgres";
  /** A sample's judge cost: 0 without a judge, NULL when its judge was unpriced. */
  readonly judgeCost: string;
  /** 1 when a judge was asked and gave no grade (the sample can be judged again), else 0. */
  readonly unjudged: string;
  /** The sum of a column, 0 over no rows, NULLs skipped. */
  total(expr: string): string;
  /** The larger of two values, NULL when the second is. */
  atLeastZero(expr: string): string;
  /** Appended to a SELECT of rows to claim: rows another transaction is claiming are passed over. */
  readonly skipLocked: string;
  /** Appended to a SELECT whose rows the transaction goes on to write: others wait for it. */
  readonly forUpdate: string;
  /** The database's clock in ms since the epoch: one clock for every machine sharing a store. */
  readonly nowMs: string;
}

/**
 * One connection to the store's database. Every call is synchronous (the store's API is): SQLite
 * answers on this thread, PostgreSQL through a thread that waits on the server for it.
 */
export interface Sql {
  readonly dialect: Dialect;
  /** Runs a statement; how many rows it changed. */
  run(sql: string, params?: Params): number;
  get<R>(sql: string, params?: Params): R | undefined;
  all<R>(sql: string, params?: Params): R[];
  /** Runs writes in order, stopping at the first that fails (PostgreSQL: in one trip to its thread). */
  runAll(statements: readonly (readonly [sql: string, params: Params])[]): void;
  /** Rows as arrays of values in the select list's order (cheaper than objects for large reads). */
  rows(sql: string, params?: Params): unknown[][];
  /**
   * Runs `fn` in a transaction that holds the write lock from its start (two transactions cannot
   * both read a lease as free), committed when `fn` returns; nested, a savepoint.
   */
  transaction<T>(fn: () => T): T;
  /** A script of several statements, without parameters (migrations). */
  exec(script: string): void;
  /** True when a failed statement harmed nothing but itself (a constraint, a value out of range). */
  confinedToOneWrite(e: unknown): boolean;
  /** A number that changes whenever another connection commits (used to keep derived data fresh). */
  dataVersion(): number;
  close(): void;
}
