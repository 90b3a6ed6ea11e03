import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { parseConfig } from "~/lib/config.server";
import { syncAllVerified } from "~/modules/newsletter/provider-sync.server";
import { openServices } from "../server/bootstrap";
import { createLogger } from "../server/logger";
import { outboxHandlers } from "../server/outbox-handlers";
import { BATCH_MAX, startFakeMailerLite } from "../tests/support/fake-mailerlite";
import { seedSubscribers } from "./subscriber-seed";

/**
 * The admin's Sync of many confirmed subscribers, from the click to the last one at the provider,
 * against the MailerLite stand-in keeping MailerLite's limits: 120 requests and 5 imports a window.
 * The window is 60 s at MailerLite; a run in real time of 100,000 subscribers takes hours, so the
 * window is shortened `scale` times (60: 1 s) and the result is given in windows, which the real
 * limits turn into minutes. In-process: the app's own services and outbox worker (its handlers as the
 * server registers them) on a scratch SQLite database; the stand-in over HTTP on this machine.
 */

const REAL_WINDOW_S = 60;
const PER_WINDOW = 120;
const IMPORTS_PER_WINDOW = 5;
/** New subscribers a window can take at most: 5 imports of 50, then one request each for the rest. */
const NEW_PER_WINDOW = IMPORTS_PER_WINDOW * BATCH_MAX + (PER_WINDOW - IMPORTS_PER_WINDOW);
/** Subscribers the provider knows (an update by id is not an import): 120 batches of 50. */
const KNOWN_PER_WINDOW = PER_WINDOW * BATCH_MAX;

const duration = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  return h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${s} s` : `${s} s`;
};

export async function benchSubscriberSync({ rows, scale }: { rows: number; scale: number }) {
  const windowMs = (REAL_WINDOW_S * 1000) / scale;
  const fake = await startFakeMailerLite({ limits: { perWindow: PER_WINDOW, importsPerWindow: IMPORTS_PER_WINDOW, windowMs }, recordCalls: false });
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-sync-"));
  const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", MAILERLITE_API_KEY: fake.apiKey, MAILERLITE_BASE_URL: fake.url });
  const services = await openServices(config, createLogger("silent"));
  const worker = services.outbox.start(outboxHandlers(services));
  const admin = { userId: null, ip: "bench", userAgent: null };
  try {
    await seedSubscribers(services.db, rows, new Date());
    await sql`update subscribers set is_verified = 1, confirmed_at = coalesce(confirmed_at, created_at), unsubscribed_at = null`.execute(services.db);
    const waiting = async () => Number((await services.db.selectFrom("outbox").select((eb) => eb.fn.countAll().as("n")).where("done_at", "is", null).executeTakeFirstOrThrow()).n);

    const run = async () => {
      const before = { ...fake.stats };
      const started = performance.now();
      const answered = await syncAllVerified(services, admin);
      const answerMs = performance.now() - started;
      let left = await waiting();
      for (let tick = 0; left > 0; tick++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        left = await waiting();
        if (tick % 40 === 0) process.stdout.write(`\r  ${(rows - left).toLocaleString("en-US")} of ${rows.toLocaleString("en-US")} sent, ${fake.stats.windows - before.windows} windows   `);
      }
      process.stdout.write("\n");
      const seconds = (performance.now() - started) / 1000;
      const windows = fake.stats.windows - before.windows;
      const atLimit = fake.stats.limitedWindows - before.limitedWindows;
      return { answered, answerMs, seconds, windows, atLimit, requests: fake.stats.counted - before.counted, imports: fake.stats.imports - before.imports, limited: fake.stats.limited - before.limited, importLimited: fake.stats.importLimited - before.importLimited };
    };
    const first = await run();
    if (fake.subscribers.size !== rows) throw new Error(`the stand-in has ${fake.subscribers.size} subscribers, not ${rows}`);
    const second = await run();
    const gaveUp = await services.db.selectFrom("outbox").select("id").where("outcome", "!=", "done").execute();
    const events = await services.db.selectFrom("security_events").select("id").where("event_type", "=", "mailing_provider_error").execute();

    const report = (label: string, result: typeof first, perWindow: number) => {
      const minimumWindows = Math.ceil(rows / perWindow);
      // At 60 s, a window is bound by its 120 requests or its 5 imports, whichever runs out first.
      const atMailerLite = Math.max(Math.ceil(result.requests / PER_WINDOW), Math.ceil(result.imports / IMPORTS_PER_WINDOW));
      console.log(`\n${label}`);
      console.log(`  the Sync request answered in ${Math.round(result.answerMs)} ms (it only queues); the last subscriber reached the stand-in after ${duration(result.seconds)} here`);
      console.log(`  requests: ${result.requests.toLocaleString("en-US")}, of them imports: ${result.imports.toLocaleString("en-US")}; 429s taken as back-pressure: ${result.limited} (requests), ${result.importLimited} (imports)`);
      console.log(`  windows here: ${result.windows}, ${result.atLimit} of them ended at the limits (a 429), the others closed by the ${windowMs} ms clock while this machine worked`);
      console.log(`  at MailerLite: max(${result.requests.toLocaleString("en-US")} / ${PER_WINDOW}, ${result.imports.toLocaleString("en-US")} / ${IMPORTS_PER_WINDOW}) = ${atMailerLite} windows = ${duration(atMailerLite * REAL_WINDOW_S)} (this machine's own work took ${duration(result.seconds)}, so the limits, not the work, set the pace when that is shorter)`);
      console.log(`  limit-imposed minimum: ${rows.toLocaleString("en-US")} / ${perWindow.toLocaleString("en-US")} a window = ${minimumWindows} windows = ${duration(minimumWindows * REAL_WINDOW_S)}`);
    };
    console.log(`\nSync of ${rows.toLocaleString("en-US")} confirmed subscribers to the MailerLite stand-in (SQLite, the app's outbox worker), limits as MailerLite documents:`);
    console.log(`  ${PER_WINDOW} requests and ${IMPORTS_PER_WINDOW} imports (batches made only of upserts) a window, at most ${BATCH_MAX} requests a batch.`);
    console.log(`  The window is ${windowMs} ms here instead of 60 s (${scale}× shorter), so the run takes minutes, not hours. What a window`);
    console.log(`  can carry is set by the limits, so the requests and imports sent give the windows MailerLite needs; waiting for`);
    console.log(`  Retry-After's whole seconds adds at most 1 s a window there.`);
    report(`First Sync: nobody at the provider yet (5 imports of 50, then one upsert a request: ${NEW_PER_WINDOW} a window at most)`, first, NEW_PER_WINDOW);
    report(`Second Sync: every subscriber known by id (updates in batches of 50, not imports: ${KNOWN_PER_WINDOW.toLocaleString("en-US")} a window at most)`, second, KNOWN_PER_WINDOW);
    console.log(`\n  rows not done: ${gaveUp.length}; mailing_provider_error security events: ${events.length}`);
  } finally {
    await worker.stop();
    services.mailer.close();
    services.storage.close();
    services.uploads.close();
    await services.db.destroy();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
