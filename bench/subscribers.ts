import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "kysely";
import pg from "pg";
import type { Db } from "~/adapters/db/database.server";
import { parseConfig } from "~/lib/config.server";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { buildIfStale } from "../scripts/build-if-stale";
import { openServices } from "../server/bootstrap";
import { createLogger } from "../server/logger";
import { HttpSession } from "../tests/support/http-session";
import { spawnServer } from "../tests/support/server-process";
import { startFakeMailerLite } from "../tests/support/fake-mailerlite";
import { watchPeakRss } from "./process-memory";
import { seedSubscribers } from "./subscriber-seed";
import { benchSubscriberSync } from "./subscriber-sync";

/**
 * `npm run bench:subscribers [-- --rows=1000000] [--only=sqlite|postgres|sync] [--sync-rows=100000] [--sync-scale=60]`:
 * the admin's subscriber list at scale, then the Sync's pace against MailerLite's limits (./subscriber-sync.ts). For SQLite, and
 * for PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (in a scratch schema, dropped
 * after), it seeds the subscribers, starts the production server on that database and measures over
 * HTTP, as the admin in admin mode: search and page latency, the overview, the CSV export of every
 * confirmed subscriber with the server's memory growth meanwhile, and subscribe POSTs with autocannon.
 * Numbers, not thresholds (docs/decisions/013-benchmarks-outside-tests.md).
 */
const ROWS = Number(process.argv.find((arg) => arg.startsWith("--rows="))?.slice(7) ?? 1_000_000);
const PASSWORD = "bench passphrase 2026";
const SEARCHES = ["ama", "Kwame", "élodie", "ELODIE", "nadège", "da costa", "ama mensah", "thandiwe nkosi", "j", "o", "ke", "tomas_", "a.diallo", "fatou.traore12", "obi", "zzz", "n'diaye", "jean-baptiste", "beatriz", "sankara"];
const PGURL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;
const ms = (value: number) => Math.round(value * 10) / 10;
const seconds = (start: number) => (performance.now() - start) / 1000;

interface Scratch {
  dialect: "sqlite" | "postgres";
  env: Record<string, string>;
  drop: () => Promise<void>;
}

async function scratch(dialect: "sqlite" | "postgres"): Promise<Scratch> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-subscribers-"));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === "sqlite") return { dialect, env: { DATA_DIR: dataDir }, drop: async () => removeDir() };
  const schema = `bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PGURL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(PGURL!);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    dialect,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: PGURL });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
      removeDir();
    },
  };
}

/**
 * Bulk loading: the secondary indexes the migrations made are dropped while the rows go in and built
 * again after (faster than maintaining them row by row); the unique ones stay. SQLite's connection
 * gets a large cache and no fsync for the load only; PostgreSQL is vacuumed and analysed as its
 * autovacuum would after such a load.
 */
async function seed(db: Db, dialect: Scratch["dialect"]): Promise<number> {
  const started = performance.now();
  const indexes =
    dialect === "sqlite"
      ? (await sql<{ name: string; definition: string }>`select name, sql as definition from sqlite_master where type = 'index' and tbl_name = 'subscribers' and sql is not null`.execute(db)).rows
      : (await sql<{ name: string; definition: string }>`select indexname as name, indexdef as definition from pg_indexes where tablename = 'subscribers' and schemaname = current_schema() and indexdef not like 'CREATE UNIQUE%'`.execute(db)).rows;
  if (dialect === "sqlite") {
    await sql`pragma cache_size = -400000`.execute(db);
    await sql`pragma synchronous = off`.execute(db);
  }
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  await seedSubscribers(db, ROWS, new Date(), (done) => process.stdout.write(`\r  ${dialect}: ${done.toLocaleString("en-US")} subscribers written`));
  for (const index of indexes) await sql.raw(index.definition).execute(db);
  if (dialect === "postgres") await sql`vacuum analyze subscribers`.execute(db);
  process.stdout.write("\n");
  return seconds(started);
}

async function timed(session: HttpSession, paths: string[]): Promise<number[]> {
  const durations: number[] = [];
  for (const pathname of paths) {
    const started = performance.now();
    const response = await session.get(pathname);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
    durations.push(performance.now() - started);
  }
  return durations;
}

/**
 * Subscribe POSTs as the newsletter forms send them, 20 connections for 10 s, a new address each and
 * a network each (the per-network limit, 20 an hour, would otherwise answer 429). `/newsletter.data`
 * is the forms' request with JavaScript (React Router's data request); `/newsletter` without.
 */
async function subscribeLoad(url: string, pathname: string) {
  let counter = 0;
  const result = await autocannon({
    url,
    connections: 20,
    duration: 10,
    requests: [
      {
        method: "POST",
        path: pathname,
        setupRequest: (request) => {
          counter += 1;
          const email = `load-${counter}-${Math.random().toString(36).slice(2, 8)}@bench.example`;
          return {
            ...request,
            body: new URLSearchParams({ email, source: "footer-newsletter" }).toString(),
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              origin: url,
              "x-forwarded-for": `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
            },
          };
        },
      },
    ],
  });
  return { "requests/s": Math.round(result.requests.average), "p50 ms": result.latency.p50, "p99 ms": result.latency.p99, errors: result.errors + result.non2xx };
}

async function measure(target: Scratch) {
  const config = parseConfig({ ...target.env, LOG_LEVEL: "silent" });
  const services = await openServices(config, createLogger("silent"));
  let seedSeconds: number;
  try {
    await createOrPromoteAdmin(services, { email: "bench@example.org", password: PASSWORD }, { userId: null, ip: "bench", userAgent: null }, new Date());
    seedSeconds = await seed(services.db, target.dialect);
  } finally {
    services.mailer.close();
    await services.db.destroy();
  }
  const mailerLite = await startFakeMailerLite();
  const server = spawnServer({ ...target.env, TRUST_PROXY: "true", MAILERLITE_API_KEY: mailerLite.apiKey, MAILERLITE_BASE_URL: mailerLite.url });
  await server.ready;
  try {
    const admin = new HttpSession(server.url, "10.99.0.1");
    await admin.post("/sign-in", { email: "bench@example.org", password: PASSWORD });
    if ((await admin.post("/admin-access", { intent: "verify" })).status !== 200) throw new Error("could not verify admin access");
    const pages = Math.ceil(ROWS / 25);
    await timed(admin, ["/admin/subscribers", "/admin/subscribers?q=ama", "/admin/subscribers?page=2"]);

    const searches = await timed(admin, Array.from({ length: 5 }, () => SEARCHES.map((q) => `/admin/subscribers?q=${encodeURIComponent(q)}`)).flat());
    const random = (limit: number) => 2 + Math.floor(Math.random() * (limit - 1));
    const paging = await timed(admin, Array.from({ length: 100 }, () => `/admin/subscribers?page=${random(pages)}`));
    const overview = await timed(admin, Array.from({ length: 20 }, () => "/admin/subscribers"));

    const csvMemory = watchPeakRss(server.child.pid!);
    const exportStarted = performance.now();
    const response = await admin.get("/admin/subscribers.csv");
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const exportSeconds = seconds(exportStarted);
    const csvPeak = csvMemory.stop();

    // Sync against a local MailerLite: the click queues every confirmed subscriber in one statement; the
    // outbox sends them afterwards (its pace is measured by ./subscriber-sync.ts).
    const syncMemory = watchPeakRss(server.child.pid!);
    const syncStarted = performance.now();
    const syncPage = await (await admin.post("/admin/subscribers", { intent: "sync" })).text();
    const syncSeconds = seconds(syncStarted);
    const syncPeak = syncMemory.stop();
    const [, queued = "?"] = /([\d,]+) confirmed subscribers are on their way/.exec(syncPage) ?? [];

    const withScript = await subscribeLoad(server.url, "/newsletter.data");
    const withoutScript = await subscribeLoad(server.url, "/newsletter");
    const list = {
      database: target.dialect,
      "seed s": Math.round(seedSeconds),
      "search p50 ms": ms(percentile(searches, 0.5)),
      "search p95 ms": ms(percentile(searches, 0.95)),
      "page p50 ms": ms(percentile(paging, 0.5)),
      "page p95 ms": ms(percentile(paging, 0.95)),
      "overview p95 ms": ms(percentile(overview, 0.95)),
      "CSV rows": (lines - 1).toLocaleString("en-US"),
      "CSV MB": Math.round(bytes / 1e6),
      "CSV s": Math.round(exportSeconds * 10) / 10,
      "RSS growth MB": Math.round((csvPeak - csvMemory.baseline) / 1e6),
    };
    const sync = {
      database: target.dialect,
      "Sync answer s": Math.round(syncSeconds * 10) / 10,
      "queued for the outbox": queued,
      "RSS growth MB": Math.round((syncPeak - syncMemory.baseline) / 1e6),
    };
    return {
      list,
      sync,
      subscribe: [
        { database: target.dialect, "POST /newsletter": "with JavaScript (fetcher)", ...withScript },
        { database: target.dialect, "POST /newsletter": "without (form, page back)", ...withoutScript },
      ],
    };
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    await mailerLite.close();
  }
}

const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice(7);
const syncRows = Number(process.argv.find((arg) => arg.startsWith("--sync-rows="))?.slice(12) ?? 100_000);
const syncScale = Number(process.argv.find((arg) => arg.startsWith("--sync-scale="))?.slice(13) ?? 60);
if (only === "sync") {
  await benchSubscriberSync({ rows: syncRows, scale: syncScale });
  process.exit(0);
}
buildIfStale();
const dialects = (PGURL ? (["sqlite", "postgres"] as const) : (["sqlite"] as const)).filter((dialect) => !only || dialect === only);
if (!PGURL) console.log("PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too.");
const lists = [];
const syncs = [];
const subscribes = [];
for (const dialect of dialects) {
  const target = await scratch(dialect);
  try {
    const { list, sync, subscribe } = await measure(target);
    lists.push(list);
    syncs.push(sync);
    subscribes.push(...subscribe);
  } finally {
    await target.drop();
  }
}
console.log(`\n${ROWS.toLocaleString("en-US")} subscribers, production build over HTTP, as the admin in admin mode:`);
console.log("  search: 20 terms × 5 (from one letter to full names); page: 100 random pages of 25 without a search;");
console.log("  overview: page 1 with the counts, chart and sources; CSV: every confirmed subscriber, streamed,");
console.log("  and the growth of the server's resident memory meanwhile (sampled every 50 ms).");
console.log("  Aims: search p95 ≤ 100 ms, CSV ≤ 10 s with the server's memory growing ≤ 100 MB.");
console.table(lists);
console.log("\nSync click (every confirmed subscriber queued for MailerLite in one statement; the outbox sends them after):");
console.table(syncs);
await benchSubscriberSync({ rows: syncRows, scale: syncScale });
console.log("\nSubscribe POSTs on the same database, autocannon, 20 connections for 10 s, a new address each:");
console.table(subscribes);
