import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { STATIC_MIGRATIONS } from "~/adapters/db/migrate.server";
import { MIGRATIONS_DIR, migrationFiles, readChecksums } from "../../scripts/migration-checksums";
import { migrationIndexSource, readMigrationIndex, writeMigrationIndex } from "../../scripts/migration-index";

const copies: string[] = [];
afterEach(() => copies.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe("the static list of migrations (db/migrations/index.ts)", () => {
  it("is what the generator writes for the folder: every migration file, nothing else", () => {
    expect(readMigrationIndex(), "Regenerate db/migrations/index.ts: npx tsx -e 'import(\"./scripts/migration-index.ts\").then((m) => m.writeMigrationIndex())'").toBe(
      migrationIndexSource(),
    );
  });

  it("gives the migrator every file of the folder and of checksums.json, each with an up function", async () => {
    const migrations = await STATIC_MIGRATIONS.getMigrations();
    const names = Object.keys(migrations).map((name) => `${name}.ts`);
    expect(names).toEqual(migrationFiles());
    expect(names).toEqual(Object.keys(readChecksums()));
    for (const migration of Object.values(migrations)) expect(typeof migration.up).toBe("function");
  });

  it("takes in a new migration file when rewritten", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "migrations-"));
    copies.push(folder);
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    writeFileSync(path.join(folder, "9999-new-table.ts"), "export async function up() {}\n");
    expect(readMigrationIndex(folder)).not.toContain("9999-new-table");
    writeMigrationIndex(folder);
    expect(readMigrationIndex(folder)).toContain('import * as migration9999 from "./9999-new-table";');
    expect(readMigrationIndex(folder)).toContain('"9999-new-table": migration9999,');
  });
});
