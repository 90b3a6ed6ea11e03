import type { AppServices } from "~/adapters/context.server";
import { checkImage } from "~/adapters/documents/image-check.server";
import { finishedUpload } from "~/adapters/uploads/staged-uploads.server";
import { hasDangerousName } from "~/lib/file-name";
import { UPLOAD_LIMITS } from "~/lib/upload-limits";
import { recordAudit, recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import type { CoverProblem } from "./cover-form";

/**
 * The permanent book cover (bucket book-covers): a JPEG or PNG
 * the admin uploads, checked and re-encoded (adapters/documents/image-check.server.ts), stored in the
 * private book-covers area as `admin-book-cover-{timestamp}.{ext}` with Cache-Control 3600. It is shown
 * through a signed link, which the route keeps in the site's settings.
 */
type Services = Pick<AppServices, "db" | "storage" | "uploads">;

export const COVERS_AREA = "book-covers";
/** A signed link valid for one year (31 536 000 s). */
export const COVER_LINK_MS = 31_536_000 * 1000;

export class CoverRejected extends Error {
  override name = "CoverRejected";
  /** `retryAfterSeconds`: when a rate-limited upload may be tried again. */
  constructor(
    readonly problem: CoverProblem,
    readonly retryAfterSeconds?: number,
  ) {
    super(`Cover refused: ${problem}`);
  }
}

/** The signed path of a stored cover, `/files/book-covers/<file>`. */
export const coverPath = (key: string) => `/files/${key}`;

/** Which cover: its file name's start, its largest size and its audit action. */
export interface CoverKind {
  prefix: "admin-book-cover" | "temporary-cover";
  maxBytes: number;
  action: string;
}
export const PERMANENT_COVER: CoverKind = { prefix: "admin-book-cover", maxBytes: UPLOAD_LIMITS.image, action: "shop.cover_uploaded" };
/** The dashboard's secure cover form takes at most 5 MB. */
export const SECURE_COVER: CoverKind = { ...PERMANENT_COVER, maxBytes: 5 * 1024 * 1024 };
export const TEMPORARY_COVER: CoverKind = { prefix: "temporary-cover", maxBytes: UPLOAD_LIMITS.image, action: "shop.temporary_cover_uploaded" };

/** Checks a finished upload as a cover of `kind` and stores it; the staged bytes go either way. */
export async function storeCover(services: Services, actor: Actor, uploadId: string, kind: CoverKind, now: Date): Promise<{ key: string; name: string }> {
  const upload = await finishedUpload(services.uploads, uploadId, actor.userId);
  if (!upload) throw new CoverRejected("missing");
  const refuse = async (problem: CoverProblem) => {
    await services.uploads.remove(uploadId);
    return new CoverRejected(problem);
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
