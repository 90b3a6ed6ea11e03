import type { Db } from "~/adapters/db/database.server";

/**
 * Numbers and claims the owner may change without a code change. Each has a default that is seeded
 * on first start and never overwrites what the owner set.
 */
export const SETTING_DEFAULTS = {
  "promo.movements": "230",
  "promo.countries": "57",
  "newsletter.subscriberClaim": "500",
  /** Days the audit log and security events are kept. */
  "retention.days": "90",
  /** The show's pages on the podcast platforms ('Follow Everywhere'); empty means 'Coming soon'. */
  "podcast.appleUrl": "",
  "podcast.spotifyUrl": "",
  "podcast.googleUrl": "",
  /** The permanent book cover: its storage key and its signed link, valid for a year and renewed. */
  "shop.coverKey": "",
  "shop.coverUrl": "",
  /** The temporary cover: its storage key and the name of the file the admin chose. */
  "shop.temporaryCoverKey": "",
  "shop.temporaryCoverName": "",
  /** When the sample episodes were first stored: after that, one the owner deleted stays deleted. */
  "podcast.samplesSeededAt": "",
  /** When the sample articles of content/articles were first stored: after that the database is the truth. */
  "articles.samplesSeededAt": "",
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type Settings = Record<SettingKey, string>;

export async function seedDefaultSettings(db: Db, now: Date): Promise<number> {
  const rows = Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({
    key,
    value,
    updated_at: now.toISOString(),
  }));
  const result = await db
    .insertInto("settings")
    .values(rows)
    .onConflict((conflict) => conflict.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function readSettings(db: Db): Promise<Settings> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const settings: Settings = { ...SETTING_DEFAULTS };
  for (const row of rows) {
    if (Object.hasOwn(SETTING_DEFAULTS, row.key)) settings[row.key as SettingKey] = row.value;
  }
  return settings;
}

export async function writeSetting(db: Db, key: SettingKey, value: string, now: Date): Promise<void> {
  await db
    .insertInto("settings")
    .values({ key, value, updated_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value, updated_at: now.toISOString() }))
    .execute();
}
