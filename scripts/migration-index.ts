import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR, migrationFiles } from "./migration-checksums";

/**
 * db/migrations/index.ts lists every migration file as a static import. The compiled server
 * (scripts/build-server.ts) has no folder of .ts files it could import at run time, so the migrator takes
 * its migrations from this list; tests/integration/migration-index.test.ts keeps it in step with the folder.
 */
export const INDEX_FILE_NAME = "index.ts";

/** The text index.ts should hold for the migration files in `folder`. */
export function migrationIndexSource(folder = MIGRATIONS_DIR): string {
  const names = migrationFiles(folder).map((file) => file.replace(/\.ts$/, ""));
  const binding = (name: string) => `migration${name.slice(0, 4)}`;
  return [
    "// Written by `npm run db:new-migration` (scripts/migration-index.ts), never by hand: every migration in this",
    "// folder, imported statically so the compiled server needs no .ts files at run time.",
    'import type { Migration } from "kysely";',
    ...names.map((name) => `import * as ${binding(name)} from "./${name}";`),
    "",
    "export const MIGRATIONS: Record<string, Migration> = {",
    ...names.map((name) => `  "${name}": ${binding(name)},`),
    "};",
    "",
  ].join("\n");
}

export function readMigrationIndex(folder = MIGRATIONS_DIR): string {
  return readFileSync(path.join(folder, INDEX_FILE_NAME), "utf8").replace(/\r\n/g, "\n");
}

export function writeMigrationIndex(folder = MIGRATIONS_DIR): void {
  writeFileSync(path.join(folder, INDEX_FILE_NAME), migrationIndexSource(folder));
}
