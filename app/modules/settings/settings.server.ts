import type { Db } from "~/adapters/db/database.server";

/**
 * What the owner may change on /admin/settings without a code change. Each has a default that is
 * seeded on first start and never overwrites what the owner set.
 */
export const SETTING_DEFAULTS = {
  "promo.movements": "230",
  "promo.countries": "57",
  "newsletter.subscriberClaim": "500",
  /** Days the audit log and security events are kept. */
  "retention.days": "90",
  /** Where 'Buy' sends a reader, the tip jar and monthly support; PURCHASE_URL and SUPPORT_URL fill them on first start. */
  "links.purchase": "",
  "links.tip": "",
  "links.monthly": "",
  /** Whether the e-book's 'Limited Time Offer' badge shows ("true"/"false"). */
  "shop.limitedOffer": "true",
  /** The footer's social buttons: a set link opens the page, an empty one the 'Coming Soon' overlay. */
  "social.facebook": "",
  "social.twitter": "",
  "social.instagram": "",
  "social.youtube": "",
  /** The show's pages on the podcast platforms ('Follow Everywhere'); empty means 'Coming soon'. */
  "podcast.appleUrl": "",
  "podcast.spotifyUrl": "",
  "podcast.youtubeMusicUrl": "",
  /** Google Podcasts closed in 2024: shown only when the owner set a link. */
  "podcast.googleUrl": "",
  /** Further platforms the owner added, as a JSON list of { name, url }. */
  "podcast.otherLinks": "[]",
  /** The show as the feed describes it; empty means the site's own words (see podcast-feed). */
  "podcast.title": "",
  "podcast.author": "",
  "podcast.ownerEmail": "",
  "podcast.category": "News > Politics",
  "podcast.explicit": "false",
  "podcast.hostBio": "",
  /** The uploaded show artwork's storage key; empty means the drawn artwork. */
  "podcast.artworkKey": "",
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
  /** The newsletter issues' footer: who sends them, and the postal address the bulk-mail rules ask for. */
  "newsletter.senderLine": "",
  "newsletter.postalAddress": "",
  /** Whether the links of issues sent from now on count their clicks through the site's redirect ("true"/"false"). */
  "newsletter.countClicks": "false",
  /** The show's podcast:guid, assigned once (modules/podcast/podcast-guid.server.ts) and never changed. */
  "podcast.guid": "",
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type Settings = Record<SettingKey, string>;

/**
 * Stores every setting not stored yet. `firstStart` gives values from the environment (PURCHASE_URL,
 * SUPPORT_URL) that replace a default only when the setting is first stored; later the owner's word wins.
 */
export async function seedDefaultSettings(db: Db, now: Date, firstStart: Partial<Settings> = {}): Promise<number> {
  const rows = Object.entries({ ...SETTING_DEFAULTS, ...firstStart }).map(([key, value]) => ({
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

/**
 * Stores `value` only when the setting is missing or empty, and returns what the setting holds after:
 * a value given once and never replaced, whichever process claims it first.
 */
export async function claimSetting(db: Db, key: SettingKey, value: string, now: Date): Promise<string> {
  const stamp = now.toISOString();
  await db
    .insertInto("settings")
    .values({ key, value, updated_at: stamp })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value, updated_at: stamp }).where("settings.value", "=", ""))
    .execute();
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirstOrThrow();
  return row.value;
}

/** Writes several settings (pass a transaction so they land together); returns the keys whose value changed. */
export async function writeSettings(db: Db, values: Partial<Settings>, now: Date): Promise<SettingKey[]> {
  const before = await readSettings(db);
  const changed: SettingKey[] = [];
  for (const [key, value] of Object.entries(values) as [SettingKey, string][]) {
    if (before[key] === value) continue;
    await writeSetting(db, key, value, now);
    changed.push(key);
  }
  return changed;
}

/** The links PURCHASE_URL and SUPPORT_URL give on first start; monthly support starts as the tip jar. */
export function linkSettingsFrom(config: { purchaseUrl: string; supportUrl: string }): Partial<Settings> {
  return {
    "links.purchase": config.purchaseUrl,
    "links.tip": config.supportUrl,
    "links.monthly": config.supportUrl,
  };
}
