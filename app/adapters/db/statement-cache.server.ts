import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Enough for every query the site writes, with room for the variants of lists of different lengths. */
const KEPT_STATEMENTS = 500;

/**
 * The embedded database as Kysely sees it, with its prepared statements kept: Kysely prepares every
 * query it runs, and parsing and planning the same SQL again costs more than running it. The least
 * recently used statement goes first. One connection runs one query at a time, so a kept statement is
 * never in use twice at once; SQLite prepares a kept statement again by itself after a schema change.
 */
export function withKeptStatements(database: SQLite.Database, kept = KEPT_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const known = statements.get(sql);
      if (known) {
        statements.delete(sql);
        statements.set(sql, known);
        return known;
      }
      const statement = database.prepare(sql) as unknown as SqliteStatement;
      statements.set(sql, statement);
      if (statements.size > kept) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
