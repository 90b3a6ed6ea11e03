import type { AppServices } from "~/adapters/context.server";
import type { PageChanges } from "~/adapters/pages/page-changes.server";
import { checkImage } from "~/adapters/documents/image-check.server";
import { loadSharp } from "~/adapters/images/sharp.server";
import { finishedUpload } from "~/adapters/uploads/staged-uploads.server";
import { Refusal } from "~/lib/refusal";
import { MAX_GENERAL_UPLOAD_BYTES } from "~/lib/upload-limits";
import { recordAudit, recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import { COVER_FORMATS, COVER_HEIGHT_RATIO, COVER_WIDTHS, coverFile, isUploadedCover, UPLOADED_COVERS } from "~/modules/blog/cover-files";

type Services = Pick<AppServices, "db" | "storage" | "uploads" | "logger"> & { pageChanges: PageChanges };

const refusal = (problem: string, status = 422) => new Refusal(problem, { field: "cover", status });
const keyOf = (image: string, width: number, format: (typeof COVER_FORMATS)[number]) => coverFile(image, width, format).slice(1);

/** Every file of an uploaded cover, removed (a missing one is no error). */
async function removeCoverFiles(services: Services, image: string): Promise<void> {
  if (!isUploadedCover(image)) return;
  for (const width of COVER_WIDTHS) {
    for (const format of COVER_FORMATS) {
      await services.storage.delete(keyOf(image, width, format)).catch((error: unknown) => services.logger.warn({ err: error, image }, "could not remove an old cover file"));
    }
  }
}

/**
 * Makes a finished upload the article's cover: the image is checked (JPEG or PNG, no script, not too
 * many pixels: adapters/documents/image-check.server.ts), cropped to 16:9 and stored in every width and
 * format the pages use, then the article points at it, with its English description (required), in one
 * transaction with the audit row. The old cover's files go afterwards.
 */
export async function uploadArticleCover(services: Services, actor: Actor, articleId: string, uploadId: string, alt: string, now: Date): Promise<void> {
  if (!alt) throw new Refusal("altRequired", { field: "imageAlt" });
  const article = await services.db.selectFrom("articles").select(["image", "slug"]).where("id", "=", articleId).executeTakeFirst();
  if (!article) throw new Refusal("notFound", { status: 404 });
  const upload = await finishedUpload(services.uploads, uploadId, actor.userId);
  if (!upload) throw refusal("coverMissing");
  try {
    if (upload.offset > MAX_GENERAL_UPLOAD_BYTES) throw refusal("coverTooLarge", 413);
    const checked = await checkImage(upload.file);
    if ("problem" in checked) {
      if (checked.problem === "script") await recordSecurityEvent(services.db, actor, { type: "upload.script_in_image", severity: "critical", details: { name: upload.fileName } }, now);
      throw refusal(checked.problem === "type" ? "coverType" : "coverUnreadable", checked.problem === "type" ? 415 : 422);
    }
    const image = `${UPLOADED_COVERS}${articleId}-${now.getTime()}`;
    await storeSizes(services, checked.bytes, image);
    try {
      await services.db.transaction().execute(async (trx) => {
        await trx.updateTable("articles").set({ image, updated_at: now.toISOString() }).where("id", "=", articleId).execute();
        await trx.updateTable("article_translations").set({ image_alt: alt }).where("article_id", "=", articleId).where("language", "=", "en").execute();
        await recordAudit(trx, actor, { action: "article.cover_uploaded", resource: `article:${articleId}`, details: { slug: article.slug, name: upload.fileName } }, now);
      });
    } catch (error) {
      await removeCoverFiles(services, image);
      throw error;
    }
    await removeCoverFiles(services, article.image);
    await services.pageChanges.changed(["articles"], now);
  } finally {
    await services.uploads.remove(uploadId);
  }
}

async function storeSizes(services: Services, bytes: Buffer, image: string): Promise<void> {
  const sharp = await loadSharp();
  for (const width of COVER_WIDTHS) {
    const resized = sharp(bytes).resize(width, Math.round(width * COVER_HEIGHT_RATIO), { fit: "cover", position: "attention" });
    const encoded = {
      avif: await resized.clone().avif({ quality: 55 }).toBuffer(),
      webp: await resized.clone().webp({ quality: 78 }).toBuffer(),
      jpg: await resized.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
    };
    for (const format of COVER_FORMATS) {
      const contentType = format === "jpg" ? "image/jpeg" : `image/${format}`;
      await services.storage.put(keyOf(image, width, format), encoded[format], { contentType, cacheControl: "public, max-age=31536000, immutable" });
    }
  }
}

/** Goes back to the drawn cover; the uploaded files go. */
export async function removeArticleCover(services: Services, actor: Actor, articleId: string, now: Date): Promise<void> {
  const article = await services.db.selectFrom("articles").select(["image", "slug"]).where("id", "=", articleId).executeTakeFirst();
  if (!article) throw new Refusal("notFound", { status: 404 });
  if (!isUploadedCover(article.image)) return;
  await services.db.transaction().execute(async (trx) => {
    await trx.updateTable("articles").set({ image: `/images/articles/${article.slug}.svg`, updated_at: now.toISOString() }).where("id", "=", articleId).execute();
    await recordAudit(trx, actor, { action: "article.cover_removed", resource: `article:${articleId}`, details: { slug: article.slug } }, now);
  });
  await removeCoverFiles(services, article.image);
  await services.pageChanges.changed(["articles"], now);
}
