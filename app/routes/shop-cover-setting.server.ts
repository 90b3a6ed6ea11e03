import type { AppServices } from "~/adapters/context.server";
import type { Actor } from "~/modules/audit/audit.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { COVER_LINK_MS, coverPath, storePermanentCover } from "~/modules/shop/cover.server";
import { readSettings, writeSetting } from "~/modules/settings/settings.server";

type Services = Pick<AppServices, "db" | "storage" | "uploads" | "signedLinks" | "logger">;
/** A link with less than this left is signed again, so the shown cover never expires. */
const RENEW_BEFORE_MS = 30 * 24 * 60 * 60 * 1000;

/** The permanent cover's signed link, renewed when it has under 30 days left; null without a cover. */
export async function permanentCoverLink(services: Services, now: Date): Promise<string | null> {
  const settings = await readSettings(services.db);
  const key = settings["shop.coverKey"];
  if (!key) return null;
  const current = settings["shop.coverUrl"];
  const expires = Number(new URL(current || "/", "http://x").searchParams.get("exp") ?? 0) * 1000;
  if (current && expires - now.getTime() > RENEW_BEFORE_MS) return current;
  const renewed = services.signedLinks.url(coverPath(key), new Date(now.getTime() + COVER_LINK_MS));
  await writeSetting(services.db, "shop.coverUrl", renewed, now);
  return renewed;
}

/** Stores an uploaded cover as the permanent one, with a one-year signed link; the old file goes. */
export async function savePermanentCover(services: Services, actor: Actor, uploadId: string, now: Date): Promise<void> {
  const previous = (await readSettings(services.db))["shop.coverKey"];
  const key = await storePermanentCover(services, actor, uploadId, now);
  const link = services.signedLinks.url(coverPath(key), new Date(now.getTime() + COVER_LINK_MS));
  try {
    await services.db.transaction().execute(async (trx) => {
      await writeSetting(trx, "shop.coverKey", key, now);
      await writeSetting(trx, "shop.coverUrl", link, now);
    });
  } catch (error) {
    await services.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (previous && previous !== key) await services.storage.delete(previous).catch((error: unknown) => services.logger.warn({ err: error }, "could not remove the old cover"));
}

export async function removePermanentCover(services: Services, actor: Actor, now: Date): Promise<void> {
  const key = (await readSettings(services.db))["shop.coverKey"];
  if (!key) return;
  await services.db.transaction().execute(async (trx) => {
    await writeSetting(trx, "shop.coverKey", "", now);
    await writeSetting(trx, "shop.coverUrl", "", now);
    await recordAudit(trx, actor, { action: "shop.cover_removed", resource: "book-cover", details: { key } }, now);
  });
  await services.storage.delete(key).catch(() => undefined);
}
