import { createRequire } from "node:module";
import path from "node:path";
import SQLite from "better-sqlite3";
import type pg from "pg";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { ensurePrivateFolder, restrictMode } from "~/lib/private-files.server";
import type { Database } from "./schema";
import { withKeptStatements } from "./statement-cache.server";

export type Db = Kysely<Database>;
export type DialectName = "sqlite" | "postgres";

export interface OpenedDatabase {
  db: Db;
  dialect: DialectName;
  /** Where the data lives, for logs: a file path or the PostgreSQL host/database (no password). */
  location: string;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** File name inside dataDir for the embedded database. */
  sqliteFile?: string;
}

const INT8_OID = 20;

/** The SQLite database's file in DATA_DIR (backups copy it from there and restore it there). */
export const SQLITE_FILE = "app.db";

export function openDatabase(options: DatabaseOptions): OpenedDatabase {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openSqlite(path.join(options.dataDir, options.sqliteFile ?? SQLITE_FILE));
}

function openSqlite(file: string): OpenedDatabase {
  ensurePrivateFolder(path.dirname(file));
  const database = new SQLite(file);
  // SQLite gives the -wal and -shm files the database file's mode, so it is narrowed before they are
  // made; those left by an older start are narrowed too.
  for (const suffix of ["", "-wal", "-shm"]) restrictMode(`${file}${suffix}`);
  // WAL lets readers run during a write; NORMAL sync in WAL mode survives a process crash.
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = NORMAL");
  database.pragma("busy_timeout = 5000");
  database.pragma("foreign_keys = ON");
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withKeptStatements(database) }) }), dialect: "sqlite", location: file };
}

/**
 * The PostgreSQL client is loaded only when DATABASE_URL names a PostgreSQL server: the default SQLite site
 * never needs its ~15 MB. pg is CommonJS, so `require` loads it at once and openDatabase stays synchronous.
 */
export const loadPg = (): typeof pg => createRequire(import.meta.url)("pg");

function openPostgres(connectionString: string): OpenedDatabase {
  const { Pool, types } = loadPg();
  // COUNT(*) and BIGINT come back as strings by default; our counts fit in a JS number.
  types.setTypeParser(INT8_OID, (value) => Number.parseInt(value, 10));
  // A burst of forms on a busy machine queues for the ten connections: a request waits up to 15 s for one
  // (well inside a proxy's 60 s) rather than failing with a 500 after a few seconds of queueing.
  const pool = new Pool({ connectionString, max: 10, connectionTimeoutMillis: 15_000 });
  // An idle connection the database ends (a restart, an administrator) is dropped by the pool and the
  // next query opens a new one; without a listener the pool's 'error' event would end the process.
  pool.on("error", () => undefined);
  const url = new URL(connectionString);
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    dialect: "postgres",
    location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
  };
}

/** Answers whether the database responds within the time limit; never throws. */
export async function pingDatabase(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const ping = sql`select 1 as ok`
    .execute(db)
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
