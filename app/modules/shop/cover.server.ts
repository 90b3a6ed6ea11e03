import type { AppServices } from "~/adapters/context.server";
import { checkImage } from "~/adapters/documents/image-check.server";
import { finishedUpload } from "~/adapters/uploads/staged-uploads.server";
import { hasDangerousName } from "~/lib/file-name";
import { recordAudit, recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import { Refusal } from "~/lib/refusal";
import type { CoverProblem } from "./cover-form";
import { COVERS_AREA, type CoverKind } from "./covers";

/**
 * An uploaded book cover (covers.ts names the kinds): a JPEG or PNG the admin uploads, checked and
 * re-encoded (adapters/documents/image-check.server.ts), stored in the private book-covers area as
 * `{prefix}-{timestamp}.{ext}` with Cache-Control 3600. It is shown through a signed link, which
 * cover-settings.server.ts keeps in the site's settings.
 */
type Services = Pick<AppServices, "db" | "storage" | "uploads">;

/** A signed link valid for one year (31 536 000 s). */
export const COVER_LINK_MS = 31_536_000 * 1000;

/** Not an image 415, too large 413, a storage failure 500, over the rate limit 429, a failed admin-operation validation 403, the rest 422. */
const COVER_STATUS: Record<CoverProblem, number> = { type: 415, tooLarge: 413, name: 422, script: 422, pixels: 422, missing: 422, storage: 500, rateLimited: 429, validation: 403 };

/** A refused cover, under the panel's `cover` field. */
export const coverRefusal = (problem: CoverProblem, retryAfterSeconds?: number) => new Refusal(problem, { field: "cover", status: COVER_STATUS[problem], retryAfterSeconds });

/** Checks a finished upload as a cover of `kind` and stores it; the staged bytes go either way. */
export async function storeCover(services: Services, actor: Actor, uploadId: string, kind: CoverKind, now: Date): Promise<{ key: string; name: string }> {
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
