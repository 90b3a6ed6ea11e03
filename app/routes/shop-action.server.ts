import { data, type AppLoadContext } from "react-router";
import { isUploadId } from "~/adapters/uploads/staged-uploads.server";
import { parseBookFields, type BookAnswer, type PdfProblem } from "~/modules/shop/book-form";
import { clearBook, PdfRejected, saveBook } from "~/modules/shop/book.server";
import type { VideoAnswer, VideoProblem } from "~/modules/shop/video-form";
import { publishVideo, removeVideo, saveVideoUpload, VideoRejected } from "~/modules/shop/video.server";
import type { CoverAnswer, CoverProblem } from "~/modules/shop/cover-form";
import { CoverRejected, SECURE_COVER } from "~/modules/shop/cover.server";
import { removeCover, savePermanentCover } from "./shop-cover-setting.server";
import { temporaryCoverChange } from "./shop-temporary-cover.server";
import { authorisedVisitor } from "~/modules/accounts/route-access.server";

/** Not a PDF is 415, too large 413, a forbidden name or nothing usable 422. */
const PDF_STATUS: Record<PdfProblem, number> = { type: 415, tooLarge: 413, name: 422, unreadable: 422, tooHeavy: 422, required: 422, missing: 422 };
/** Not a video 415, over 200 MB 413, the rest 422. */
const VIDEO_STATUS: Record<VideoProblem, number> = { type: 415, tooLarge: 413, name: 422, missing: 422, none: 422 };
/** Not an image 415, too large 413, a storage failure 500, over the rate limit 429, a failed admin-operation validation 403, the rest 422. */
const COVER_STATUS: Record<CoverProblem, number> = { type: 415, tooLarge: 413, name: 422, script: 422, pixels: 422, missing: 422, storage: 500, rateLimited: 429, validation: 403 };
const answer = (body: BookAnswer | VideoAnswer | CoverAnswer, status = 200, headers: Record<string, string> = {}) => data(body, { status, headers });

/**
 * The shop page's action for the 'Admin Content Management' card: intent=saveBook (the form's
 * fields and, to set or replace the PDF, the id of a finished upload), intent=clearBook; and for the
 * trailer intent=saveVideo (a finished upload), intent=publishVideo ('Save to Shop'), intent=removeVideo;
 * for the covers intent=savePermanentCover, saveSecureCover (the dashboard form's, at most 5 MB),
 * removePermanentCover, and saveTemporaryCover / removeTemporaryCover with the form's operatorId.
 */
export async function shopAction(context: AppLoadContext, request: Request) {
  const { actor } = authorisedVisitor(context);
  const services = context.services;
  const form = await request.formData();
  const intent = form.get("intent");
  const now = services.now();
  try {
    if (intent === "savePermanentCover" || intent === "saveSecureCover") {
      const upload = form.get("uploadId");
      if (!isUploadId(upload)) return answer({ ok: false, coverProblem: "missing" }, 422);
      await savePermanentCover(services, actor, upload, now, intent === "saveSecureCover" ? SECURE_COVER : undefined);
      return answer({ ok: true, done: "coverSaved" });
    }
    if (intent === "removePermanentCover") {
      await removeCover(services, actor, "permanent", now);
      return answer({ ok: true, done: "coverRemoved" });
    }
    if (intent === "saveTemporaryCover" || intent === "removeTemporaryCover") {
      return answer({ ok: true, done: await temporaryCoverChange(services, actor, form, now) });
    }
    if (intent === "saveVideo") {
      const upload = form.get("uploadId");
      if (!isUploadId(upload)) return answer({ ok: false, problem: "none" }, 422);
      await saveVideoUpload(services, actor, upload, now);
      return answer({ ok: true, done: "uploaded" });
    }
    if (intent === "publishVideo") {
      await publishVideo(services, actor, now);
      return answer({ ok: true, done: "published" });
    }
    if (intent === "removeVideo") {
      await removeVideo(services, actor, now);
      return answer({ ok: true, done: "removed" });
    }
    if (intent === "clearBook") {
      await clearBook(services, actor, now);
      return answer({ ok: true, done: "cleared" });
    }
    if (intent !== "saveBook") return answer({ ok: false }, 400);
    const { fields, errors } = parseBookFields(Object.fromEntries(form));
    const upload = form.get("uploadId");
    const uploadId = typeof upload === "string" && upload !== "" ? upload : null;
    if (uploadId !== null && !isUploadId(uploadId)) return answer({ ok: false, errors: { ...errors, pdfFile: "missing" } }, 422);
    if (Object.keys(errors).length > 0) return answer({ ok: false, errors }, 422);
    await saveBook(services, actor, fields, uploadId, now);
    return answer({ ok: true, done: "saved" });
  } catch (error) {
    if (error instanceof PdfRejected) return answer({ ok: false, errors: { pdfFile: error.problem } }, PDF_STATUS[error.problem]);
    if (error instanceof VideoRejected) return answer({ ok: false, problem: error.problem }, VIDEO_STATUS[error.problem]);
    if (error instanceof CoverRejected) {
      const retry = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
      return answer({ ok: false, coverProblem: error.problem }, COVER_STATUS[error.problem], retry);
    }
    services.logger.error({ err: error, intent }, "book change failed");
    return answer({ ok: false }, 500);
  }
}
