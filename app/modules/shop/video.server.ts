import type { AppServices } from "~/adapters/context.server";
import { newObjectKey } from "~/adapters/storage/keys";
import { finishedUpload } from "~/adapters/uploads/staged-uploads.server";
import { hasDangerousName } from "~/lib/file-name";
import { Refusal } from "~/lib/refusal";
import { UPLOAD_LIMITS } from "~/lib/upload-limits";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { fileOf } from "./covers";
import type { VideoProblem } from "./video-form";

/**
 * The shop's trailer video: MP4, WebM or Ogg under 200 MB, checked by
 * its bytes, stored in object storage. A new upload replaces the current video as a draft the admin
 * previews; 'Save to Shop' publishes it for visitors. Every change is audited.
 */
type Services = Pick<AppServices, "db" | "storage" | "uploads" | "logger">;

const VIDEO_ID = "trailer";
const VIDEO_PREFIX = "shop/video";
const VIDEO_FORMATS: Record<string, string> = { "video/mp4": "mp4", "video/webm": "webm", "video/ogg": "ogv" };

export interface Video {
  key: string;
  type: string;
  size: number;
  name: string;
  published: boolean;
}

/** Not a video 415, over 200 MB 413, the rest 422. */
const VIDEO_STATUS: Record<VideoProblem, number> = { type: 415, tooLarge: 413, name: 422, missing: 422, none: 422 };
const videoRefusal = (problem: VideoProblem) => new Refusal(problem, { field: "video", status: VIDEO_STATUS[problem] });

/** The trailer's public path, `/shop/video/<file>`. */
export const videoPath = (key: string) => `/shop/video/${fileOf(key)}`;
/** The key of the trailer a public path names. */
export const videoKey = (file: string) => `${VIDEO_PREFIX}/${file}`;

export async function readVideo(db: Services["db"]): Promise<Video | null> {
  const row = await db.selectFrom("shop_video").selectAll().where("id", "=", VIDEO_ID).executeTakeFirst();
  return row ? { key: row.video_key, type: row.video_type, size: Number(row.video_size), name: row.video_name, published: Number(row.is_published) === 1 } : null;
}

const removeObject = (services: Services, key: string) =>
  services.storage.delete(key).catch((error: unknown) => services.logger.warn({ err: error, key }, "could not remove a video object"));

/** Stores a finished upload as the trailer (a draft until published), replacing the one before. */
export async function saveVideoUpload(services: Services, actor: Actor, uploadId: string, now: Date): Promise<void> {
  const upload = await finishedUpload(services.uploads, uploadId, actor.userId);
  if (!upload) throw videoRefusal("missing");
  const refuse = async (problem: VideoProblem) => {
    await services.uploads.remove(uploadId);
    return videoRefusal(problem);
  };
  const name = upload.fileName ?? "trailer";
  if (upload.offset > UPLOAD_LIMITS.video) throw await refuse("tooLarge");
  if (hasDangerousName(name)) throw await refuse("name");
  // file-type loads with the first video checked, not at start (about 10 MB most processes never use).
  const detected = upload.offset > 0 ? await import("file-type").then(({ fileTypeFromFile }) => fileTypeFromFile(upload.file)) : undefined;
  const extension = detected ? VIDEO_FORMATS[detected.mime] : undefined;
  if (!detected || !extension) throw await refuse("type");
  const before = await readVideo(services.db);
  const key = newObjectKey(VIDEO_PREFIX, extension);
  const stored = await services.storage.putFile(key, upload.file, { contentType: detected.mime, cacheControl: "public, max-age=31536000, immutable" });
  const values = { video_key: key, video_type: detected.mime, video_size: stored.size, video_name: name, is_published: 0, updated_at: now.toISOString() };
  try {
    await services.db.transaction().execute(async (trx) => {
      if (before) await trx.updateTable("shop_video").set(values).where("id", "=", VIDEO_ID).execute();
      else await trx.insertInto("shop_video").values({ id: VIDEO_ID, ...values }).execute();
      await recordAudit(trx, actor, { action: "shop.video_uploaded", resource: "video", details: { name, bytes: stored.size } }, now);
    });
  } catch (error) {
    await removeObject(services, key);
    throw error;
  }
  await services.uploads.remove(uploadId);
  if (before) await removeObject(services, before.key);
}

/** 'Save to Shop': the current video becomes visible to visitors ('No video selected' without one). */
export async function publishVideo(services: Services, actor: Actor, now: Date): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const result = await trx.updateTable("shop_video").set({ is_published: 1, updated_at: now.toISOString() }).where("id", "=", VIDEO_ID).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw videoRefusal("none");
    await recordAudit(trx, actor, { action: "shop.video_published", resource: "video" }, now);
  });
}

/** Removes the video and its file. False when there was none. */
export async function removeVideo(services: Services, actor: Actor, now: Date): Promise<boolean> {
  const before = await readVideo(services.db);
  if (!before) return false;
  await services.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("shop_video").where("id", "=", VIDEO_ID).execute();
    await recordAudit(trx, actor, { action: "shop.video_removed", resource: "video", details: { name: before.name } }, now);
  });
  await removeObject(services, before.key);
  return true;
}
