import { InputError } from "../../core/errors.ts";
import { MIGRATIONS } from "../schema.ts";
import type { Sql } from "../sql.ts";

/** Samples stored before calls and spending were kept (migration 3): SQLite's JSON functions, PostgreSQL's. */
const ESTIMATE_CALLS_SQLITE = `UPDATE samples SET
    calls = CASE WHEN cached = 1 THEN 0
      ELSE COALESCE(steps, status = 'ok') + COALESCE(json_array_length(judge, '$.replies'), 0) END,
    spent_usd = CASE WHEN cached = 1 THEN 0
      ELSE cost_usd + CASE WHEN json_type(judge) = 'object' THEN json_extract(judge, '$.costUsd') ELSE 0 END END;`;
const ESTIMATE_CALLS_POSTGRES = `UPDATE samples SET
    calls = CASE WHEN cached = 1 THEN 0
      ELSE COALESCE(steps, (status = 'ok')::int)
        + COALESCE(CASE WHEN json_typeof(judge::json -> 'replies') = 'array' THEN json_array_length(judge::json -> 'replies') END, 0) END,
    spent_usd = CASE WHEN cached = 1 THEN 0
      ELSE cost_usd + CASE WHEN json_typeof(judge::json) = 'object' THEN (judge::json ->> 'costUsd')::double precision ELSE 0 END END;`;

/**
 * The SQLite migrations in PostgreSQL's types, one for one, so both stores have the same tables,
 * columns, keys and indexes: SQLite's INTEGER (64-bit) is BIGINT, its REAL (a double) is DOUBLE
 * PRECISION; TEXT stays TEXT (JSON included, as in SQLite), compared byte by byte as SQLite does
 * (COLLATE "C"), so that both stores sort samples alike whatever the database's locale.
 */
export const PG_MIGRATIONS: readonly string[] = MIGRATIONS.map((m) => {
  let text = m
    .replace(/\bINTEGER\b/g, "BIGINT")
    .replace(/\bREAL\b/g, "DOUBLE PRECISION")
    .replace(/\bTEXT\b/g, 'TEXT COLLATE "C"');
  if (text.includes("json_array_length(judge, '$.replies')")) {
    const before = text;
    text = text.replace(ESTIMATE_CALLS_SQLITE, ESTIMATE_CALLS_POSTGRES);
    if (text === before) throw new Error("migration 3's estimate of calls has changed: translate it again");
  }
  return text;
});

/** Any key for PostgreSQL's advisory lock that serialises migrations: "plumb" in ASCII. */
const MIGRATION_LOCK = 0x706c756d62;

/**
 * Brings a PostgreSQL store's schema up to date. The version lives in `plumb_schema`; the advisory
 * lock makes two processes opening a new store at once run each migration once.
 */
export function migratePostgres(
  sql: Sql,
  source: string,
  mode: { create: boolean; readonly: boolean },
): void {
  const now = sql.get<{ ok: boolean }>("SELECT to_regclass('plumb_schema') IS NOT NULL AS ok")?.ok
    ? (sql.get<{ version: number }>("SELECT version FROM plumb_schema")?.version ?? 0)
    : null;
  if (now === PG_MIGRATIONS.length) return;
  if (now !== null && now > PG_MIGRATIONS.length) throw newer(now, source);
  if (now === null && !mode.create) throw new InputError("holds no Plumb store", { source });
  if (mode.readonly)
    throw new InputError(
      "has another store schema than this version of Plumb: open it once with a command that writes (plumb run) to upgrade it",
      { source },
    );
  sql.transaction(() => {
    sql.get("SELECT pg_advisory_xact_lock(?)", [MIGRATION_LOCK]);
    sql.exec("CREATE TABLE IF NOT EXISTS plumb_schema (version BIGINT NOT NULL)");
    let v = sql.get<{ version: number }>("SELECT version FROM plumb_schema")?.version;
    if (v === undefined) {
      if (sql.get("SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'runs'"))
        throw new InputError("has a table named runs but is not a Plumb store", { source });
      sql.run("INSERT INTO plumb_schema (version) VALUES (0)");
      v = 0;
    }
    if (v > PG_MIGRATIONS.length) throw newer(v, source);
    for (; v < PG_MIGRATIONS.length; v++) sql.exec(PG_MIGRATIONS[v] ?? "");
    sql.run("UPDATE plumb_schema SET version = ?", [v]);
  });
}

function newer(version: number, source: string): InputError {
  return new InputError(
    `was written by a newer version of Plumb (store schema ${version}; this version reads up to ${PG_MIGRATIONS.length})`,
    { source },
  );
}
