import type { DatabaseContents } from "./database-contents";
import { describePostgres, serverVersionNum, withPostgres } from "./postgres-database.server";
import { TABLES_LEFT_OUT, withoutLeftOutRows } from "./left-out";
import { checkToolVersion, runPostgresTool } from "./postgres-tools.server";

/**
 * Dumps the database with pg_dump (custom format) while the site runs. The row counts for the manifest
 * are read in a repeatable-read transaction whose snapshot pg_dump is told to use (--snapshot), so the
 * manifest and the dump describe the very same moment, however many writes happen meanwhile. The
 * tables a snapshot leaves out (left-out.ts) are dumped without their rows, and counted so.
 */
export function dumpPostgres(databaseUrl: string, dumpFile: string, signal?: AbortSignal): Promise<DatabaseContents> {
  return withPostgres(databaseUrl, async (client) => {
    await checkToolVersion("pg_dump", await serverVersionNum(client));
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]!.id;
    const contents = await describePostgres(client);
    // The names are lower-case, so pg_dump's patterns match them as written, in the site's schema.
    const leftOut = TABLES_LEFT_OUT.map((table) => `--exclude-table-data=${table}`);
    await runPostgresTool("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, ...leftOut, `--file=${dumpFile}`], { databaseUrl, signal });
    await client.query("commit");
    return { ...contents, tables: withoutLeftOutRows(contents.tables) };
  });
}

/** Refuses, before a restore writes anything, a pg_restore that is missing or older than the server. */
export function checkRestoreTool(databaseUrl: string): Promise<void> {
  return withPostgres(databaseUrl, async (client) => checkToolVersion("pg_restore", await serverVersionNum(client)));
}

/**
 * Loads a dump into an empty database in one transaction: if pg_restore fails, nothing is left. Owners,
 * grants and comments are left out: the database user of the new site owns what it restores, and
 * a comment on the pg_trgm extension could only be set by that extension's owner.
 */
export function loadPostgresDump(databaseUrl: string, dumpFile: string, signal?: AbortSignal): Promise<DatabaseContents> {
  return withPostgres(databaseUrl, async (client) => {
    await runPostgresTool("pg_restore", ["--no-owner", "--no-privileges", "--no-comments", "--single-transaction", "--exit-on-error", dumpFile], { databaseUrl, signal });
    return describePostgres(client);
  });
}
