import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";

/** Loads `NNNN-name.ts` files from the migrations folder, in name order. */
class FolderMigrationProvider implements MigrationProvider {
  constructor(private readonly folder: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.folder)).filter((name) => /^\d{4}-[\w-]+\.ts$/.test(name)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const module = (await import(pathToFileURL(path.join(this.folder, file)).href)) as Migration;
      migrations[file.replace(/\.ts$/, "")] = module;
    }
    return migrations;
  }
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, "../../../db/migrations");

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
  folder = MIGRATIONS_FOLDER,
  attempts = 5,
): Promise<MigrationReport> {
  // Kysely looks for its bookkeeping tables in any schema unless told which; with several schemas on
  // one server (tests, or several sites) it could find another's and skip creating its own.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider(folder), ...(schema ? { migrationTableSchema: schema } : {}) });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) {
      return { applied: (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName) };
    }
    if (attempt >= attempts) throw error;
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 100));
  }
}
