import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
// The migrations sit outside app/, in db/migrations; their list is generated beside them (scripts/migration-index.ts).
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { MIGRATIONS } from "../../../db/migrations/index";

/**
 * Every migration, from db/migrations/index.ts: a static list rather than a folder read at run time, so the
 * compiled server (plain JavaScript, no .ts loader) applies the same migrations as `npm run dev` and the tests.
 */
export const STATIC_MIGRATIONS: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => MIGRATIONS,
};

export interface MigrationReport {
  applied: string[];
}

/**
 * Brings the schema up to date. On PostgreSQL Kysely holds an advisory lock, so two processes starting at
 * once apply each migration once; on SQLite a process that loses the write race retries after the other.
 */
export async function migrateToLatest(
  // Migrations see the database untyped: they describe the schema, they do not depend on it.
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  attempts = 5,
  provider = STATIC_MIGRATIONS,
): Promise<MigrationReport> {
  // Kysely looks for its bookkeeping tables in any schema unless told which; with several schemas on
  // one server (tests, or several sites) it could find another's and skip creating its own.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) {
      return { applied: (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName) };
    }
    if (attempt >= attempts) throw error;
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 100));
  }
}
