import { createRequire } from "node:module";
import type pg from "pg";
import { BackupError } from "./backup-error";
import type { DatabaseContents } from "./database-contents";
import { checkToolVersion, runPostgresTool } from "./postgres-tools.server";

/** pg is CommonJS and needed only for a PostgreSQL site, as in the database adapter. */
const loadPg = (): typeof pg => createRequire(import.meta.url)("pg");

export async function connectPostgres(databaseUrl: string): Promise<pg.Client> {
  const client = new (loadPg().Client)({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    const url = new URL(databaseUrl);
    throw new BackupError(`Cannot reach the PostgreSQL database ${url.pathname.slice(1)} on ${url.host}: ${(error as Error).message}. Check DATABASE_URL.`);
  }
  return client;
}

export async function serverVersionNum(client: pg.Client): Promise<number> {
  return Number((await client.query<{ v: string }>("select current_setting('server_version_num') as v")).rows[0]!.v);
}

/**
 * Dumps the database with pg_dump (custom format) while the site runs. The row counts for the manifest
 * are read in a repeatable-read transaction whose snapshot pg_dump is told to use (--snapshot), so the
 * manifest and the dump describe the very same moment, however many writes happen meanwhile.
 */
export async function snapshotPostgres(databaseUrl: string, dumpFile: string, signal?: AbortSignal): Promise<DatabaseContents> {
  const client = await connectPostgres(databaseUrl);
  try {
    await checkToolVersion("pg_dump", await serverVersionNum(client));
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]!.id;
    const contents = await describePostgres(client);
    await runPostgresTool("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, `--file=${dumpFile}`], { databaseUrl, signal });
    await client.query("commit");
    return contents;
  } finally {
    await client.end();
  }
}

/** Rows per table of the site's schema and its last migration. */
export async function describePostgres(client: pg.Client): Promise<DatabaseContents> {
  const { rows } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  );
  const tables: Record<string, number> = {};
  for (const { name } of rows) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    tables[name] = Number((await client.query<{ count: string }>(`select count(*) as count from ${quoted}`)).rows[0]!.count);
  }
  const migration = "kysely_migration" in tables
    ? ((await client.query<{ name: string }>("select name from kysely_migration order by name desc limit 1")).rows[0]?.name ?? null)
    : null;
  return { migration, tables };
}

/** The tables and other objects already in the database, outside PostgreSQL's own schemas. */
export async function postgresObjects(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
     order by 1 limit 10`,
  );
  return rows.map((row) => row.name);
}

/**
 * Loads a dump into an empty database in one transaction: if anything fails, nothing is left. Owners,
 * grants and comments are left out: the database user of the new site owns what it restores, and
 * a comment on the pg_trgm extension could only be set by that extension's owner.
 */
export async function restorePostgres(databaseUrl: string, dumpFile: string, signal?: AbortSignal): Promise<DatabaseContents> {
  const client = await connectPostgres(databaseUrl);
  try {
    await checkToolVersion("pg_restore", await serverVersionNum(client));
    await runPostgresTool("pg_restore", ["--no-owner", "--no-privileges", "--no-comments", "--single-transaction", "--exit-on-error", dumpFile], { databaseUrl, signal });
    return await describePostgres(client);
  } finally {
    await client.end();
  }
}
