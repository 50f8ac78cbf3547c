import Database from "better-sqlite3";
import { InputError } from "../core/errors.ts";

const PERMISSIONS = "check the permissions of the file and its folder";
const LOCKED: Problem = ["the store is locked by another process", "try again once it is done"];

/** What went wrong and what to do, by SQLite's primary result code (SQLITE_IOERR_FSYNC is an SQLITE_IOERR). */
type Problem = readonly [what: string, advice: string];
const PROBLEMS: ReadonlyMap<string, Problem> = new Map<string, Problem>([
  ["SQLITE_CORRUPT", ["the store is damaged", "restore it from a copy, or use another store"]],
  ["SQLITE_FULL", ["the disk is full", "free some space, then resume"]],
  ["SQLITE_READONLY", ["the store cannot be written", PERMISSIONS]],
  ["SQLITE_PERM", ["the store cannot be written", PERMISSIONS]],
  ["SQLITE_AUTH", ["access to the store was refused", PERMISSIONS]],
  [
    "SQLITE_CANTOPEN",
    ["cannot open the store", "check that the path names a file, in a folder that can be written"],
  ],
  [
    "SQLITE_IOERR",
    [
      "the disk failed reading or writing the store",
      "check the disk, and the permissions of the file and its folder",
    ],
  ],
  ["SQLITE_BUSY", LOCKED],
  ["SQLITE_LOCKED", LOCKED],
  ["SQLITE_NOMEM", ["out of memory while using the store", "free some memory, then resume"]],
]);

/**
 * The failures of the store that are the user's to fix (a damaged or foreign file, a full disk,
 * missing permissions, a lock held elsewhere) as one line naming the store:
 * "PATH: what (CODE: SQLite's words); what to do". Undefined for anything else (a bug).
 */
export function storeError(e: unknown, path: string): InputError | undefined {
  if (!(e instanceof Database.SqliteError)) return undefined;
  if (e.code === "SQLITE_NOTADB")
    return new InputError("not a Plumb store (not a SQLite database)", { source: path });
  const primary = /^SQLITE_[A-Z]+/.exec(e.code)?.[0] ?? e.code;
  const problem = PROBLEMS.get(primary);
  if (problem === undefined) return undefined;
  const [what, advice] = problem;
  const words = e.message.split("\n", 1)[0];
  return new InputError(`${what} (${e.code}: ${words}); ${advice}`, { source: path });
}

export function noSuchRun(name: string): InputError {
  return new InputError(`no run named "${name}"`);
}
