import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, inject, it } from "vitest";
import type { Db } from "~/adapters/db/database.server";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { createObjectStorage } from "~/adapters/storage/object-storage.server";
import { seedSampleContent } from "../../server/seed";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";
import { openSeededTestDatabase } from "../support/seeded-databases";

const TABLES = [
  "settings", "articles", "article_translations", "products", "product_translations", "episodes", "episode_translations",
  "episode_listens", "shop_book", "shop_video", "user", "audit_log", "outbox", "kysely_migration",
];

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

const migrationNames = async (db: Db) =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((row) => row.name);

/** How many files are under `folder`, at any depth. */
const filesUnder = (folder: string) =>
  readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;

describe.each(dialects)("test databases copied from the run's template on %s", (dialect) => {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.drop();
  });

  it("hold what a fresh start's migrations and seed leave, the seed's stored audio included, and nothing is left to do at start", async () => {
    expect(inject("databaseTemplates")).toBeDefined();
    const copy = await openSeededTestDatabase(dialect);
    const fresh = await openTestDatabase(dialect);
    opened.push(copy, fresh);
    const freshDataDir = mkdtempSync(path.join(tmpdir(), "fresh-start-"));
    const freshStorage = await createObjectStorage({ dataDir: freshDataDir, s3: undefined });
    await migrateToLatest(fresh.db);
    await seedSampleContent(fresh.db, freshStorage, new Date());
    freshStorage.close();

    expect(await migrationNames(copy.db)).toEqual(await migrationNames(fresh.db));
    expect(await rowCounts(copy.db)).toEqual(await rowCounts(fresh.db));
    const copyDataDir = copy.env.DATA_DIR!;
    expect(filesUnder(path.join(copyDataDir, "objects"))).toBe(filesUnder(path.join(freshDataDir, "objects")));

    expect((await migrateToLatest(copy.db)).applied).toEqual([]);
    const copyStorage = await createObjectStorage({ dataDir: copyDataDir, s3: undefined });
    expect(await seedSampleContent(copy.db, copyStorage, new Date())).toEqual({ settings: 0, articles: 0, products: 0, episodes: 0 });
    copyStorage.close();
    expect(filesUnder(path.join(copyDataDir, "objects"))).toBe(filesUnder(path.join(freshDataDir, "objects")));
  });

  it("are private to their test: a change in one copy is not seen in another", async () => {
    const first = await openSeededTestDatabase(dialect);
    const second = await openSeededTestDatabase(dialect);
    opened.push(first, second);
    await first.db.deleteFrom("settings").execute();
    expect(await first.db.selectFrom("settings").select("key").execute()).toEqual([]);
    expect((await second.db.selectFrom("settings").select("key").execute()).length).toBeGreaterThan(0);
  });
});
