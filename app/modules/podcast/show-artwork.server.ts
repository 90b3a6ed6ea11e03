import type { AppServices } from "~/adapters/context.server";
import { checkImage } from "~/adapters/documents/image-check.server";
import { loadSharp } from "~/adapters/images/sharp.server";
import { serveObject } from "~/adapters/storage/serve-object.server";
import { finishedUpload } from "~/adapters/uploads/staged-uploads.server";
import { notFound } from "~/lib/plain-answers";
import { Refusal } from "~/lib/refusal";
import { recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import { storeSettings } from "~/modules/settings/save-settings.server";
import { readSettings } from "~/modules/settings/settings.server";
import { artworkSizeProblem, SHOW_ARTWORK_AREA, type ArtworkProblem } from "./show-artwork";

type Services = Pick<AppServices, "db" | "storage" | "uploads" | "pageChanges" | "logger">;

const refusal = (problem: ArtworkProblem) => new Refusal(problem, { field: "artwork", status: problem === "artworkType" ? 415 : 422 });

/**
 * Makes a finished upload the show's artwork: checked and re-encoded like every uploaded image (its
 * metadata dropped, any transparency laid on white), refused unless square and 1400–3000 px, stored as `podcast-artwork/show-<time>`,
 * and named in the settings with its audit row. The previous artwork is removed after; the staged
 * bytes go either way.
 */
export async function saveShowArtwork(services: Services, actor: Actor, uploadId: string, now: Date): Promise<void> {
  const upload = await finishedUpload(services.uploads, uploadId, actor.userId);
  if (!upload) throw refusal("artworkMissing");
  try {
    const image = await checkImage(upload.file);
    if ("problem" in image) {
      if (image.problem === "script") {
        await recordSecurityEvent(services.db, actor, { type: "upload.script_in_image", severity: "critical", details: { name: upload.fileName } }, now);
      }
      throw refusal("artworkType");
    }
    const sharp = await loadSharp();
    const { width = 0, height = 0, hasAlpha } = await sharp(image.bytes).metadata();
    const problem = artworkSizeProblem(width, height);
    if (problem) throw refusal(problem);
    // Apple Podcasts refuses artwork with transparency: a PNG with an alpha channel is laid on white.
    const bytes = hasAlpha ? await sharp(image.bytes).flatten({ background: "#ffffff" }).png().toBuffer() : image.bytes;
    const previous = (await readSettings(services.db))["podcast.artworkKey"];
    const key = `${SHOW_ARTWORK_AREA}/show-${now.getTime()}.${image.extension}`;
    await services.storage.put(key, bytes, { contentType: image.contentType, cacheControl: "public, max-age=31536000, immutable" });
    await storeSettings(services, actor, "artwork", { "podcast.artworkKey": key }, now);
    if (previous && previous !== key) await services.storage.delete(previous).catch((error: unknown) => services.logger.warn({ err: error, key: previous }, "old show artwork not removed"));
  } finally {
    await services.uploads.remove(uploadId);
  }
}

/** GET /podcast/artwork/show-<time>.jpg|png: the uploaded artwork, only the current one (its name is never reused). */
export async function serveShowArtwork(services: Pick<AppServices, "db" | "storage">, request: Request, key: string): Promise<Response> {
  if ((await readSettings(services.db))["podcast.artworkKey"] !== key) return notFound();
  return serveObject(services.storage, key, request, { cacheControl: "public, max-age=31536000, immutable" });
}
