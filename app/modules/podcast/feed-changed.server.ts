import type { Db } from "~/adapters/db/database.server";

/** Before any change was recorded (an empty database): a fixed date, so Last-Modified is still stable. */
const NEVER = new Date(0);

/**
 * When what the podcast feed shows last changed: an episode added or edited (its row or its English
 * text), an episode deleted (its audit row), or a show detail on the settings page. Listens change no
 * row read here, so they do not move the date.
 */
export async function podcastFeedChangedAt(db: Db): Promise<Date> {
  const [episodes, texts, settings, deletions] = await Promise.all([
    db
      .selectFrom("episodes")
      .select((eb) => eb.fn.max("updated_at").as("at"))
      .executeTakeFirst(),
    db
      .selectFrom("episode_translations")
      .select((eb) => eb.fn.max("updated_at").as("at"))
      .where("language", "=", "en")
      .executeTakeFirst(),
    db
      .selectFrom("settings")
      .select((eb) => eb.fn.max("updated_at").as("at"))
      .where("key", "like", "podcast.%")
      .executeTakeFirst(),
    db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.max("timestamp").as("at"))
      .where("action", "=", "podcast.episode_deleted")
      .executeTakeFirst(),
  ]);
  return latest([episodes?.at, texts?.at, settings?.at, deletions?.at]);
}

/** The latest of ISO timestamps (nulls skipped). */
export function latest(stamps: (string | null | undefined)[]): Date {
  const times = stamps
    .filter((stamp): stamp is string => Boolean(stamp))
    .map((stamp) => Date.parse(stamp))
    .filter(Number.isFinite);
  return times.length > 0 ? new Date(Math.max(...times)) : NEVER;
}
