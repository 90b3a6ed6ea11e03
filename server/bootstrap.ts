import type { Logger } from "pino";
import type { AppServices } from "~/adapters/context.server";
import { loadAuthOnFirstUse } from "~/adapters/auth/auth.server";
import { createMp3Encoder } from "~/adapters/audio/mp3-encoder.server";
import { createPdfCoverRenderer } from "~/adapters/documents/pdf-cover.server";
import { openDatabase, type Db, type DialectName } from "~/adapters/db/database.server";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { createMailer } from "~/adapters/mail/mailer.server";
import { createMailingProvider } from "~/adapters/mailing/mailerlite.server";
import { createCampaignProvider } from "~/adapters/mailing/mailerlite-campaigns.server";
import { PageCache } from "~/adapters/pages/page-cache.server";
import { pageChangeFeed } from "~/adapters/pages/page-changes.server";
import { createObjectStorage } from "~/adapters/storage/object-storage.server";
import type { ObjectStorage } from "~/adapters/storage/contract";
import { createSignedLinks } from "~/adapters/storage/signed-links.server";
import { createStagedUploads } from "~/adapters/uploads/staged-uploads.server";
import { insecureAppUrlWarning, untrustedProxyWarning, type AppConfig } from "~/lib/config.server";
import { ensurePrivateFolder, keepNewFilesPrivate } from "~/lib/private-files.server";
import { queuedAuthMails } from "~/modules/accounts/account-mail-queue.server";
import { limitConfirmationMails } from "~/modules/accounts/unconfirmed-accounts.server";
import { PASSWORD_LIMITS } from "~/modules/accounts/password-limits";
import { createOutbox } from "~/modules/outbox/outbox.server";
import { showGuid } from "~/modules/podcast/podcast-guid.server";
import { seedSampleContent } from "./seed";
import { linkSettingsFrom } from "~/modules/settings/settings.server";

/** The real time, as `services.now` gives it outside tests; code asks `services.now`, never the system clock. */
export const systemClock = (): Date => new Date();

/**
 * Opens the database, brings its schema up to date and seeds what is missing. `now` is the clock every
 * module reads through `services.now` (rate-limit windows, audit times, the outbox); tests pass a
 * clock they can move forward instead of waiting for a window to pass.
 */
export async function openServices(config: AppConfig, logger: Logger, { now = systemClock }: { now?: () => Date } = {}): Promise<AppServices> {
  // Every process that opens DATA_DIR (the server, admin:create, tests) creates its files private to its user.
  keepNewFilesPrivate();
  ensurePrivateFolder(config.dataDir);
  for (const warning of [insecureAppUrlWarning(config), untrustedProxyWarning(config)]) if (warning) logger.warn(warning);
  const { db, dialect, location } = openDatabase(config);
  // Storage comes first: the sample podcast episodes store their generated audio in it.
  const storage = await createObjectStorage(config).catch(async (error: unknown) => {
    await db.destroy();
    throw error;
  });
  try {
    const { applied } = await migrateToLatest(db);
    const seeded = await seedSampleContent(db, storage, now(), linkSettingsFrom(config), (message) => logger.warn(message));
    // The show's identity in podcast indexes is fixed from the APP_URL of the first start.
    await showGuid(db, config.appUrl, now());
    logger.info({ dialect, location, migrationsApplied: applied, seeded }, "database ready");
  } catch (error) {
    storage.close();
    await db.destroy();
    throw error;
  }
  return connectServices(config, logger, { db, dialect, storage, now });
}

export interface OpenedParts {
  db: Db;
  dialect: DialectName;
  storage: ObjectStorage;
  now: () => Date;
}

/**
 * Everything else loaders and actions use, around an open database and storage. The server's render
 * threads (server/render-thread.ts) build theirs here too, without a page cache: only the server keeps one.
 */
export async function connectServices(config: AppConfig, logger: Logger, { db, dialect, storage, now }: OpenedParts): Promise<AppServices> {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger, now, dkim: config.dkim });
  const newsletterMailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger, now, dkim: config.dkim, connections: config.newsletter.connections });
  // Account mails are queued in the outbox and its worker woken (the server starts the worker after this).
  const outbox = createOutbox({ db, dialect, logger, now });
  const mails = limitConfirmationMails(db, queuedAuthMails({ db, now, wake: outbox.wake, secret: config.sessionSecret }), now);
  // better-auth loads at the first request that needs an account (a sign-in, a session cookie, the admin pages).
  const auth = loadAuthOnFirstUse({ db, dialect, config, mails, passwordLimits: PASSWORD_LIMITS, now });
  const mailingProvider = createMailingProvider(config.mailerLite, { now });
  // One account, one pace: the campaigns client waits on the subscriber client's limits and the other way round.
  const campaigns = mailingProvider && config.mailerLite.apiKey ? createCampaignProvider({ apiKey: config.mailerLite.apiKey, baseUrl: config.mailerLite.baseUrl, now, pace: mailingProvider.pace }) : null;
  const signedLinks = createSignedLinks(config.sessionSecret);
  const uploads = await createStagedUploads(config, now);
  // The cover worker's file is found beside its adapter's code: in app/adapters/documents/ under tsx, in build/entry/
  // (copied there by scripts/build-server.ts) in the compiled server.
  const pdfCovers = createPdfCoverRenderer();
  // The same for the MP3 encoder's worker (app/adapters/audio/).
  const mp3 = createMp3Encoder();
  // A page older than a minute renders again: time alone changes some pages (a scheduled article).
  const pageCache = config.pageCacheBytes > 0 ? new PageCache({ maxBytes: config.pageCacheBytes, maxAgeMs: 60_000, now: () => now().getTime() }) : null;
  const pageChanges = await pageChangeFeed(db, (areas) => pageCache?.invalidate(areas), logger);
  return { auth, config, db, dialect, logger, mailer, newsletterMailer, mailingProvider, campaigns, mp3, now, outbox, pageCache, pageChanges, pdfCovers, signedLinks, storage, uploads };
}
