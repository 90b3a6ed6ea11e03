import type { AppServices } from "~/adapters/context.server";
import { checkImage } from "~/adapters/documents/image-check.server";
import { finishedUpload } from "~/adapters/uploads/staged-uploads.server";
import { hasDangerousName } from "~/lib/file-name";
import { UPLOAD_LIMITS } from "~/lib/upload-limits";
import { recordAudit, recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import type { CoverProblem } from "./cover-form";

/**
 * The permanent book cover (spec §3 "permanent cover", §7 bucket book-covers, issue 7): a JPEG or PNG
 * the admin uploads, checked and re-encoded (adapters/documents/image-check.server.ts), stored in the
 * private book-covers area as `admin-book-cover-{timestamp}.{ext}` with Cache-Control 3600. It is shown
 * through a signed link, which the route keeps in the site's settings.
 */
type Services = Pick<AppServices, "db" | "storage" | "uploads">;

export const COVERS_AREA = "book-covers";
/** Spec §7: a signed link valid for one year (31 536 000 s). */
export const COVER_LINK_MS = 31_536_000 * 1000;

export class CoverRejected extends Error {
  override name = "CoverRejected";
  constructor(readonly problem: CoverProblem) {
    super(`Cover refused: ${problem}`);
  }
}

/** The signed path of a stored cover, `/files/book-covers/<file>`. */
export const coverPath = (key: string) => `/files/${key}`;

export async function storePermanentCover(services: Services, actor: Actor, uploadId: string, now: Date): Promise<string> {
  const upload = await finishedUpload(services.uploads, uploadId, actor.userId);
  if (!upload) throw new CoverRejected("missing");
  const refuse = async (problem: CoverProblem) => {
    await services.uploads.remove(uploadId);
    return new CoverRejected(problem);
  };
  if (upload.offset > UPLOAD_LIMITS.image) throw await refuse("tooLarge");
  if (hasDangerousName(upload.fileName ?? "")) throw await refuse("name");
  const image = await checkImage(upload.file);
  if ("problem" in image) {
    // Spec §5: a script hidden in an image is a critical security event.
    if (image.problem === "script") {
      await recordSecurityEvent(services.db, actor, { type: "upload.script_in_image", severity: "critical", details: { name: upload.fileName } }, now);
    }
    throw await refuse(image.problem);
  }
  const key = `${COVERS_AREA}/admin-book-cover-${now.getTime()}.${image.extension}`;
  try {
    await services.storage.put(key, image.bytes, { contentType: image.contentType, cacheControl: "private, max-age=3600" });
  } catch {
    throw new CoverRejected("storage");
  }
  await services.uploads.remove(uploadId);
  await recordAudit(services.db, actor, { action: "shop.cover_uploaded", resource: "book-cover", details: { key, name: upload.fileName } }, now);
  return key;
}
