import type { Logger } from "pino";
import type { AppServices } from "~/adapters/context.server";
import { openDatabase } from "~/adapters/db/database.server";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { createMailer } from "~/adapters/mail/mailer.server";
import type { AppConfig } from "~/lib/config.server";
import { seedSampleContent } from "./seed";

/** Opens the database, brings its schema up to date and seeds what is missing. */
export async function openServices(config: AppConfig, logger: Logger): Promise<AppServices> {
  const { db, dialect, location } = openDatabase(config);
  try {
    const { applied } = await migrateToLatest(db);
    const seeded = await seedSampleContent(db, new Date());
    logger.info({ dialect, location, migrationsApplied: applied, seeded }, "database ready");
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  return { config, db, dialect, logger, mailer, now: () => new Date() };
}
