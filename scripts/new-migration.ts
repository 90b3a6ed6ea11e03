import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR as MIGRATIONS_FOLDER } from "./migration-checksums";
import { writeMigrationIndex } from "./migration-index";

// `npm run db:new-migration -- add-articles`: creates the next numbered migration file.
const name = (process.argv[2] ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
if (!name) {
  console.error("Usage: npm run db:new-migration -- <name>");
  process.exit(1);
}
const numbers = readdirSync(MIGRATIONS_FOLDER).map((file) => Number.parseInt(file, 10)).filter(Number.isFinite);
const next = String(Math.max(0, ...numbers) + 1).padStart(4, "0");
const file = path.join(MIGRATIONS_FOLDER, `${next}-${name}.ts`);
if (existsSync(file)) throw new Error(`${file} exists`);
writeFileSync(
  file,
  `import type { Kysely } from "kysely";

// Schema and data changes go in separate migrations; never edit this file once it is on main.
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  void db;
}
`,
);
// The compiled server imports every migration from db/migrations/index.ts: the new file is added to it.
writeMigrationIndex(MIGRATIONS_FOLDER);
console.log(`Created ${path.relative(process.cwd(), file)}; once it is final, record it with \`npm run db:checksums\`.`);
