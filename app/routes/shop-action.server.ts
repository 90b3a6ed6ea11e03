import { data, type AppLoadContext } from "react-router";
import { isUploadId } from "~/adapters/uploads/staged-uploads.server";
import { parseBookFields, type BookAnswer, type PdfProblem } from "~/modules/shop/book-form";
import { clearBook, PdfRejected, saveBook } from "~/modules/shop/book.server";
import type { VideoAnswer, VideoProblem } from "~/modules/shop/video-form";
import { publishVideo, removeVideo, saveVideoUpload, VideoRejected } from "~/modules/shop/video.server";
import type { CoverAnswer, CoverProblem } from "~/modules/shop/cover-form";
import { CoverRejected } from "~/modules/shop/cover.server";
import { removePermanentCover, savePermanentCover } from "./shop-cover-setting.server";
import { adminGate, NO_STORE, refusedAction } from "./admin-gate.server";

/** Not a PDF is 415, too large 413, a forbidden name or nothing usable 422. */
const PDF_STATUS: Record<PdfProblem, number> = { type: 415, tooLarge: 413, name: 422, unreadable: 422, required: 422, missing: 422 };
/** Not a video 415, over 200 MB 413, the rest 422. */
const VIDEO_STATUS: Record<VideoProblem, number> = { type: 415, tooLarge: 413, name: 422, missing: 422, none: 422 };
/** Not an image 415, over 10 MB 413, a storage failure 500 ('Failed to upload permanent cover'), the rest 422. */
const COVER_STATUS: Record<CoverProblem, number> = { type: 415, tooLarge: 413, name: 422, script: 422, pixels: 422, missing: 422, storage: 500 };
const answer = (body: BookAnswer | VideoAnswer | CoverAnswer, status = 200) => data(body, { status, headers: NO_STORE });

/**
 * The shop page's action for the 'Admin Content Management' card: intent=saveBook (the form's
 * fields and, to set or replace the PDF, the id of a finished upload), intent=clearBook; and for the
 * trailer intent=saveVideo (a finished upload), intent=publishVideo ('Save to Shop'), intent=removeVideo.
 */
export async function shopAction(context: AppLoadContext, request: Request) {
  const gate = await adminGate(context, request, "shop_media");
  if (!gate.ok) return refusedAction(gate);
  const services = context.services;
  const form = await request.formData();
  const intent = form.get("intent");
  const now = services.now();
  try {
    if (intent === "savePermanentCover") {
      const upload = form.get("uploadId");
      if (!isUploadId(upload)) return answer({ ok: false, coverProblem: "missing" }, 422);
      await savePermanentCover(services, gate.actor, upload, now);
      return answer({ ok: true, done: "coverSaved" });
    }
    if (intent === "removePermanentCover") {
      await removePermanentCover(services, gate.actor, now);
      return answer({ ok: true, done: "coverRemoved" });
    }
    if (intent === "saveVideo") {
      const upload = form.get("uploadId");
      if (!isUploadId(upload)) return answer({ ok: false, problem: "none" }, 422);
      await saveVideoUpload(services, gate.actor, upload, now);
      return answer({ ok: true, done: "uploaded" });
    }
    if (intent === "publishVideo") {
      await publishVideo(services, gate.actor, now);
      return answer({ ok: true, done: "published" });
    }
    if (intent === "removeVideo") {
      await removeVideo(services, gate.actor, now);
      return answer({ ok: true, done: "removed" });
    }
    if (intent === "clearBook") {
      await clearBook(services, gate.actor, now);
      return answer({ ok: true, done: "cleared" });
    }
    if (intent !== "saveBook") return answer({ ok: false }, 400);
    const { fields, errors } = parseBookFields(Object.fromEntries(form));
    const upload = form.get("uploadId");
    const uploadId = typeof upload === "string" && upload !== "" ? upload : null;
    if (uploadId !== null && !isUploadId(uploadId)) return answer({ ok: false, errors: { ...errors, pdfFile: "missing" } }, 422);
    if (Object.keys(errors).length > 0) return answer({ ok: false, errors }, 422);
    await saveBook(services, gate.actor, fields, uploadId, now);
    return answer({ ok: true, done: "saved" });
  } catch (error) {
    if (error instanceof PdfRejected) return answer({ ok: false, errors: { pdfFile: error.problem } }, PDF_STATUS[error.problem]);
    if (error instanceof VideoRejected) return answer({ ok: false, problem: error.problem }, VIDEO_STATUS[error.problem]);
    if (error instanceof CoverRejected) return answer({ ok: false, coverProblem: error.problem }, COVER_STATUS[error.problem]);
    services.logger.error({ err: error, intent }, "book change failed");
    return answer({ ok: false }, 500);
  }
}
