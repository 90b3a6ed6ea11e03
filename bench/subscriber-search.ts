import { rmSync } from "node:fs";
import { sql } from "kysely";
import type { Db, DialectName } from "~/adapters/db/database.server";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { listSubscribers } from "~/modules/newsletter/subscriber-admin.server";
import { dialects, openTestDatabase } from "../tests/support/databases";
import { seedSubscribers } from "./subscriber-seed";

/**
 * `npm run bench:search [-- --rows=1000000] [--only=sqlite|postgres]`: the admin's subscriber search
 * at scale, as listSubscribers() answers it (the count and the first page, the queries the list page
 * runs; rendering the page adds a few milliseconds). For SQLite, and for PostgreSQL when
 * TEST_DATABASE_URL is set (in a scratch schema, dropped after, as the tests do). It seeds the
 * rows, then times each search 5 times. Numbers, not thresholds (docs/decisions/013-benchmarks-outside-tests.md):
 * a million rows take minutes to write, so it never runs in the tests.
 */
const ROWS = Number(process.argv.find((arg) => arg.startsWith("--rows="))?.slice(7) ?? 1_000_000);
const SEARCHES = {
  domain: ["example.org", "gmail.com", "univ-dakar.sn", "@orange.fr"],
  "inside a name": ["diaye", "baptiste", "osta", "ousm", "ntho"],
  "accents, case": ["élodie", "JOSE", "nadège", "Adébáyọ̀", "keïta"],
  "full name": ["ama mensah", "thandiwe nkosi", "jean-baptiste da costa"],
  address: ["a.diallo", "fatou.traore12", "kofi_4321", "mbeki70"],
  "rare, none": ["zzz", "qwerty", "100%", "tomas_"],
  "1–2 characters": ["j", "o", "ke"],
};

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;
const ms = (value: number) => Math.round(value * 10) / 10;

/**
 * The rows go in 1 000 per statement, 50 000 per transaction. SQLite keeps its trigram table in step
 * through the triggers meanwhile; PostgreSQL's trigram index is built once after the load (faster than
 * row by row), then the table is vacuumed and analysed as autovacuum would.
 */
async function seed(db: Db, dialect: DialectName): Promise<number> {
  const started = performance.now();
  let trigramIndex: string | undefined;
  if (dialect === "sqlite") {
    await sql`pragma cache_size = -400000`.execute(db);
    await sql`pragma synchronous = off`.execute(db);
  } else {
    trigramIndex = (await sql<{ definition: string }>`select indexdef as definition from pg_indexes where indexname = 'subscribers_search_trigrams' and schemaname = current_schema()`.execute(db)).rows[0]?.definition;
    await sql`drop index subscribers_search_trigrams`.execute(db);
  }
  await seedSubscribers(db, ROWS, new Date(), (done) => process.stdout.write(`\r  ${dialect}: ${done.toLocaleString("en-US")} subscribers written`));
  if (trigramIndex) {
    await sql`set maintenance_work_mem = '256MB'`.execute(db);
    await sql.raw(trigramIndex).execute(db);
    await sql`vacuum analyze subscribers`.execute(db);
  }
  process.stdout.write("\n");
  return (performance.now() - started) / 1000;
}

async function measure(dialect: DialectName) {
  const database = await openTestDatabase(dialect);
  const { db } = database;
  try {
    await migrateToLatest(db);
    const seedSeconds = await seed(db, dialect);
    const all: number[] = [];
    const kinds: Record<string, string | number> = { database: dialect, "seed s": Math.round(seedSeconds) };
    for (const [kind, queries] of Object.entries(SEARCHES)) {
      const durations: number[] = [];
      for (let round = 0; round < 5; round++) {
        for (const query of queries) {
          const started = performance.now();
          await listSubscribers(db, dialect, query, 1);
          durations.push(performance.now() - started);
        }
      }
      all.push(...durations);
      kinds[`${kind} p95`] = ms(percentile(durations, 0.95));
    }
    return { summary: { database: dialect, searches: all.length, "p50 ms": ms(percentile(all, 0.5)), "p95 ms": ms(percentile(all, 0.95)), "max ms": ms(Math.max(...all)) }, kinds };
  } finally {
    await database.drop();
    // The SQLite file is large: its folder goes too.
    if (database.env.DATA_DIR) rmSync(database.env.DATA_DIR, { recursive: true, force: true });
  }
}

const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice(7);
const results = [];
for (const dialect of dialects.filter((name) => !only || name === only)) results.push(await measure(dialect));
console.log(`\n${ROWS.toLocaleString("en-US")} subscribers: the count and first page of each search, ${Object.values(SEARCHES).flat().length} searches × 5. Aim: p95 ≤ 100 ms.`);
console.table(results.map((result) => result.summary));
console.log("p95 ms by kind of search:");
console.table(results.map((result) => result.kinds));
