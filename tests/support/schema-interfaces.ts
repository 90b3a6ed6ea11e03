import { readFileSync } from "node:fs";
import path from "node:path";

export const SCHEMA_FILE = path.resolve(import.meta.dirname, "../../app/adapters/db/schema.ts");
/** The files that declare the tables: `Database` and the app's own in schema.ts, the content's and better-auth's beside it. */
const SCHEMA_FILES = [SCHEMA_FILE, ...["schema-content.ts", "schema-accounts.ts"].map((file) => path.resolve(import.meta.dirname, "../../app/adapters/db", file))];

/**
 * Table → sorted column names as app/adapters/db/schema.ts (and schema-accounts.ts) declare them, read from their text: TypeScript
 * types do not exist at run time, and reading the file keeps it the one description queries are checked
 * against, with no second hand-kept list beside it. It follows each `table: SomeTable;` line of
 * `interface Database` to `interface SomeTable { column: type; … }`; comments and the types are ignored.
 */
export function declaredTables(source = SCHEMA_FILES.map((file) => readFileSync(file, "utf8")).join("\n")): Record<string, string[]> {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
  const interfaces = new Map<string, Array<{ field: string; type: string }>>();
  for (const [, name, body] of code.matchAll(/interface\s+(\w+)\s*\{([^}]*)\}/g)) {
    const fields = [...body!.matchAll(/^\s*(\w+)\??\s*:\s*([^;]+);/gm)].map(([, field, type]) => ({ field: field!, type: type!.trim() }));
    interfaces.set(name!, fields);
  }
  const database = interfaces.get("Database");
  if (!database) throw new Error(`No "interface Database" in ${SCHEMA_FILE}`);
  return Object.fromEntries(
    database.map(({ field: table, type }) => {
      const columns = interfaces.get(type);
      if (!columns) throw new Error(`Database.${table} names ${type}, which ${SCHEMA_FILE} does not declare as an interface`);
      return [table, columns.map(({ field }) => field).sort()];
    }),
  );
}
