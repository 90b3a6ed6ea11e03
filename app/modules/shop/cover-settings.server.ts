import type { AppServices } from "~/adapters/context.server";
import type { Actor } from "~/modules/audit/audit.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { readSettings, writeSetting, type Settings } from "~/modules/settings/settings.server";
import { COVER_LINK_MS, storeCover } from "./cover.server";
import { PERMANENT_COVER, TEMPORARY_COVER, uploadedCoverPath, type CoverKind } from "./covers";

/**
 * Where the uploaded covers are kept: the site's settings hold the permanent cover's key and its
 * signed link, and the temporary cover's key and the name of the file the admin chose.
 */
type Services = Pick<AppServices, "db" | "storage" | "uploads" | "signedLinks" | "logger">;
/** A link with less than this left is signed again, so the shown cover never expires. */
const RENEW_BEFORE_MS = 30 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** The temporary cover's link lasts a day from the next full hour, so it stays the same (and cached) for an hour. */
const TEMPORARY_LINK_MS = 24 * HOUR_MS;

/** The permanent cover's signed link, renewed when it has under 30 days left; null without a cover. */
async function permanentCoverLink(services: Services, settings: Settings, now: Date): Promise<string | null> {
  const key = settings["shop.coverKey"];
  if (!key) return null;
  const current = settings["shop.coverUrl"];
  const expires = Number(new URL(current || "/", "http://x").searchParams.get("exp") ?? 0) * 1000;
  if (current && expires - now.getTime() > RENEW_BEFORE_MS) return current;
  const renewed = services.signedLinks.url(uploadedCoverPath(key), new Date(now.getTime() + COVER_LINK_MS));
  await writeSetting(services.db, "shop.coverUrl", renewed, now);
  return renewed;
}

export interface ShopCovers {
  /** The permanent cover's one-year link, or null. */
  secureCover: string | null;
  /** The temporary cover, shown before the permanent one until the admin removes it. */
  temporary: { url: string; name: string } | null;
}

/** The stored covers and their signed links. */
export async function shopCovers(services: Services, now: Date): Promise<ShopCovers> {
  const settings = await readSettings(services.db);
  const key = settings["shop.temporaryCoverKey"];
  const expires = new Date(Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS + TEMPORARY_LINK_MS);
  return {
    secureCover: await permanentCoverLink(services, settings, now),
    temporary: key ? { url: services.signedLinks.url(uploadedCoverPath(key), expires), name: settings["shop.temporaryCoverName"] } : null,
  };
}

/** Whether `key` is one of the stored covers (the private-file route serves no other). */
export async function isStoredCover(services: Pick<AppServices, "db">, key: string): Promise<boolean> {
  const settings = await readSettings(services.db);
  return key === settings["shop.coverKey"] || key === settings["shop.temporaryCoverKey"];
}

/** Writes the settings for a new cover in one transaction; on failure the stored file goes, otherwise the old one does. */
async function replaceCover(services: Services, key: string, previous: string, write: Partial<Settings>, now: Date): Promise<void> {
  try {
    await services.db.transaction().execute(async (trx) => {
      for (const [name, value] of Object.entries(write)) await writeSetting(trx, name as keyof Settings, value, now);
    });
  } catch (error) {
    await services.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (previous && previous !== key) await services.storage.delete(previous).catch((error: unknown) => services.logger.warn({ err: error }, "could not remove the old cover"));
}

/** Stores an uploaded cover as the permanent one, with a one-year signed link; the old file goes. */
export async function savePermanentCover(services: Services, actor: Actor, uploadId: string, now: Date, kind: CoverKind = PERMANENT_COVER): Promise<void> {
  const previous = (await readSettings(services.db))["shop.coverKey"];
  const { key } = await storeCover(services, actor, uploadId, kind, now);
  const link = services.signedLinks.url(uploadedCoverPath(key), new Date(now.getTime() + COVER_LINK_MS));
  await replaceCover(services, key, previous, { "shop.coverKey": key, "shop.coverUrl": link }, now);
}

/** Stores an uploaded cover as the temporary one, named by the file the admin chose; the old file goes. */
export async function saveTemporaryCover(services: Services, actor: Actor, uploadId: string, now: Date): Promise<void> {
  const previous = (await readSettings(services.db))["shop.temporaryCoverKey"];
  const { key, name } = await storeCover(services, actor, uploadId, TEMPORARY_COVER, now);
  await replaceCover(services, key, previous, { "shop.temporaryCoverKey": key, "shop.temporaryCoverName": name }, now);
}

const COVER_SETTINGS = {
  permanent: { key: "shop.coverKey", clear: { "shop.coverKey": "", "shop.coverUrl": "" }, action: "shop.cover_removed" },
  temporary: { key: "shop.temporaryCoverKey", clear: { "shop.temporaryCoverKey": "", "shop.temporaryCoverName": "" }, action: "shop.temporary_cover_removed" },
} as const;

/** Removes the permanent or the temporary cover: its settings and audit row together, then its file. */
export async function removeCover(services: Services, actor: Actor, which: keyof typeof COVER_SETTINGS, now: Date): Promise<void> {
  const { key: setting, clear, action } = COVER_SETTINGS[which];
  const key = (await readSettings(services.db))[setting];
  if (!key) return;
  await services.db.transaction().execute(async (trx) => {
    for (const [name, value] of Object.entries(clear)) await writeSetting(trx, name as keyof Settings, value, now);
    await recordAudit(trx, actor, { action, resource: "book-cover", details: { key } }, now);
  });
  await services.storage.delete(key).catch(() => undefined);
}
