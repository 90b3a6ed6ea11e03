import type { AppServices } from "~/adapters/context.server";
import { checkImage } from "~/adapters/documents/image-check.server";
import { finishedUpload, isUploadId } from "~/adapters/uploads/staged-uploads.server";
import { hasDangerousName } from "~/lib/file-name";
import { Refusal } from "~/lib/refusal";
import { recordAudit, recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import { consume, LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { readSettings, writeSetting, type Settings } from "~/modules/settings/settings.server";
import { COVERS_AREA, PERMANENT_COVER, TEMPORARY_COVER, uploadedCoverPath, type CoverKind, type CoverProblem } from "./covers";

/**
 * The uploaded book covers (covers.ts names the kinds): a JPEG or PNG the admin uploads, checked and
 * re-encoded (adapters/documents/image-check.server.ts), stored in the private book-covers area as
 * `{prefix}-{timestamp}.{ext}` with Cache-Control 3600, and shown through a signed link. The site's
 * settings hold the permanent cover's key and its signed link, and the temporary cover's key and
 * the name of the file the admin chose.
 */
type Services = Pick<AppServices, "db" | "storage" | "uploads" | "signedLinks" | "logger">;

/** A signed link valid for one year (31 536 000 s). */
const COVER_LINK_MS = 31_536_000 * 1000;

/** Not an image 415, too large 413, a storage failure 500, over the rate limit 429, a failed admin-operation validation 403, the rest 422. */
const COVER_STATUS: Record<CoverProblem, number> = { type: 415, tooLarge: 413, name: 422, script: 422, pixels: 422, missing: 422, storage: 500, rateLimited: 429, validation: 403 };

/** A refused cover, under the panel's `cover` field. */
const coverRefusal = (problem: CoverProblem, retryAfterSeconds?: number) => new Refusal(problem, { field: "cover", status: COVER_STATUS[problem], retryAfterSeconds });

/** Checks a finished upload as a cover of `kind` and stores it; the staged bytes go either way. */
async function storeCover(services: Services, actor: Actor, uploadId: string, kind: CoverKind, now: Date): Promise<{ key: string; name: string }> {
  const upload = await finishedUpload(services.uploads, uploadId, actor.userId);
  if (!upload) throw coverRefusal("missing");
  const refuse = async (problem: CoverProblem) => {
    await services.uploads.remove(uploadId);
    return coverRefusal(problem);
  };
  if (upload.offset > kind.maxBytes) throw await refuse("tooLarge");
  if (hasDangerousName(upload.fileName ?? "")) throw await refuse("name");
  const image = await checkImage(upload.file);
  if ("problem" in image) {
    // A script hidden in an image is a critical security event.
    if (image.problem === "script") {
      await recordSecurityEvent(services.db, actor, { type: "upload.script_in_image", severity: "critical", details: { name: upload.fileName } }, now);
    }
    throw await refuse(image.problem);
  }
  const key = `${COVERS_AREA}/${kind.prefix}-${now.getTime()}.${image.extension}`;
  try {
    await services.storage.put(key, image.bytes, { contentType: image.contentType, cacheControl: "private, max-age=3600" });
  } catch {
    throw await refuse("storage");
  }
  await services.uploads.remove(uploadId);
  await recordAudit(services.db, actor, { action: kind.action, resource: "book-cover", details: { key, name: upload.fileName } }, now);
  return { key, name: upload.fileName ?? "" };
}

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
async function saveTemporaryCover(services: Services, actor: Actor, uploadId: string, now: Date): Promise<void> {
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

export interface TemporaryCoverChange {
  intent: "saveTemporaryCover" | "removeTemporaryCover";
  uploadId: string;
  /** Whether the form names the admin who sends it (the route checks it: accounts own the rule). */
  ownForm: boolean;
}

/**
 * A temporary cover upload or removal: the admin-operation validation first (a failure is a critical
 * security event and changes nothing), then 3 uploads per account in 5 minutes, then the cover's own
 * checks. A refused upload's staged bytes are removed.
 */
export async function changeTemporaryCover(services: Services, actor: Actor, change: TemporaryCoverChange, now: Date): Promise<"temporarySaved" | "temporaryRemoved"> {
  const { uploadId } = change;
  const discard = async () => {
    if (isUploadId(uploadId)) await services.uploads.remove(uploadId);
  };
  if (!change.ownForm) {
    await recordSecurityEvent(services.db, actor, { type: "admin.operation_invalid", severity: "critical", details: { operation: "temporary_cover" } }, now);
    await discard();
    throw coverRefusal("validation");
  }
  if (change.intent === "removeTemporaryCover") {
    await removeCover(services, actor, "temporary", now);
    return "temporaryRemoved";
  }
  const limit = await consume(services.db, LIMITS.temporaryCoverPerUser, actor.userId ?? "", now);
  if (!limit.allowed) {
    await discard();
    throw coverRefusal("rateLimited", limit.retryAfterSeconds);
  }
  if (!isUploadId(uploadId)) throw coverRefusal("missing");
  await saveTemporaryCover(services, actor, uploadId, now);
  return "temporarySaved";
}
