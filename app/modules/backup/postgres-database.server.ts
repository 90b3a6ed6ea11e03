import type pg from "pg";
import { loadPg } from "~/adapters/db/database.server";
import { BackupError } from "./backup-error";
import type { DatabaseContents } from "./database-contents";

/** PostgreSQL's own schemas: never counted, never emptied. */
const SYSTEM_SCHEMAS = "n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'";
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

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

export async function withPostgres<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connectPostgres(databaseUrl);
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function serverVersionNum(client: pg.Client): Promise<number> {
  return Number((await client.query<{ v: string }>("select current_setting('server_version_num') as v")).rows[0]!.v);
}

/** Rows per table of the site's schema and its last migration. */
export async function describePostgres(client: pg.Client): Promise<DatabaseContents> {
  const { rows } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  );
  const tables: Record<string, number> = {};
  for (const { name } of rows) {
    tables[name] = Number((await client.query<{ count: string }>(`select count(*) as count from ${quote(name)}`)).rows[0]!.count);
  }
  const migration = "kysely_migration" in tables
    ? ((await client.query<{ name: string }>("select name from kysely_migration order by name desc limit 1")).rows[0]?.name ?? null)
    : null;
  return { migration, tables };
}

/** The first tables and other objects already in the database, outside PostgreSQL's own schemas. */
export async function postgresObjects(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${SYSTEM_SCHEMAS} order by 1 limit 10`,
  );
  return rows.map((row) => row.name);
}

/**
 * What an empty database holds before a restore: its extensions and schemas (plpgsql, public…), and the
 * drop statements that would already apply to it (a function or type made there by hand). Emptying it
 * again after a failed restore keeps all of them.
 */
export interface EmptyDatabase {
  extensions: string[];
  schemas: string[];
  kept: string[];
}

export async function describeEmptyDatabase(client: pg.Client): Promise<EmptyDatabase> {
  const extensions = (await client.query<{ name: string }>("select extname as name from pg_extension")).rows.map((row) => row.name);
  const schemas = (await client.query<{ name: string }>(`select nspname as name from pg_namespace n where ${SYSTEM_SCHEMAS}`)).rows.map((row) => row.name);
  const kept = (await client.query<{ statement: string }>(DROP_STATEMENTS, [extensions, schemas])).rows.map((row) => row.statement);
  return { extensions, schemas, kept };
}

/** Objects an extension made go with the extension: they are left out of the lists below. */
const NOT_OF_AN_EXTENSION = (catalog: string, id: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${id} and d.deptype = 'e')`;

const DROP_STATEMENTS = `
  select 'drop extension if exists ' || quote_ident(extname) || ' cascade' as statement, 1 as step from pg_extension where not (extname = any($1))
  union all
  select 'drop schema if exists ' || quote_ident(n.nspname) || ' cascade', 2 from pg_namespace n where ${SYSTEM_SCHEMAS} and not (n.nspname = any($2))
  union all
  select 'drop ' || case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end
         || ' if exists ' || quote_ident(n.nspname) || '.' || quote_ident(c.relname) || ' cascade', 3
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${SYSTEM_SCHEMAS} and ${NOT_OF_AN_EXTENSION("pg_class", "c.oid")}
  union all
  select 'drop routine if exists ' || p.oid::regprocedure::text || ' cascade', 4
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${SYSTEM_SCHEMAS} and ${NOT_OF_AN_EXTENSION("pg_proc", "p.oid")}
  union all
  select 'drop type if exists ' || t.oid::regtype::text || ' cascade', 5
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
   where t.typtype in ('e', 'd', 'r', 'm') and ${SYSTEM_SCHEMAS} and ${NOT_OF_AN_EXTENSION("pg_type", "t.oid")}
  order by step`;

/**
 * Takes the database back to what `describeEmptyDatabase` saw: the extensions and schemas a restore
 * added, and every table, view, sequence, function and type it made, are dropped in one transaction.
 */
export async function emptyDatabaseAgain(client: pg.Client, before: EmptyDatabase): Promise<void> {
  await client.query("begin");
  try {
    const { rows } = await client.query<{ statement: string }>(DROP_STATEMENTS, [before.extensions, before.schemas]);
    for (const { statement } of rows) if (!before.kept.includes(statement)) await client.query(statement);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  }
}
