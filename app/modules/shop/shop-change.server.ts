import type { AppServices } from "~/adapters/context.server";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/modules/audit/audit.server";
import { bookFieldsOf } from "./book-form";
import { clearBook, saveBook } from "./book.server";
import { PERMANENT_COVER, SECURE_COVER, type CoverDone } from "./covers";
import { changeTemporaryCover, removeCover, savePermanentCover } from "./covers.server";
import type { ShopChange } from "./shop-change-form";
import { publishVideo, removeVideo, saveVideoUpload } from "./video.server";

type Services = Pick<AppServices, "db" | "storage" | "uploads" | "signedLinks" | "logger" | "pdfCovers">;
type Done = CoverDone | "saved" | "cleared" | "uploaded" | "published" | "removed";

/**
 * The shop's admin panels (on /shop and on the dashboard's shop page): the book's text and PDF, the
 * trailer (a draft until 'Save to Shop'), and the covers. A refused change throws a `Refusal`; a
 * failure of the server is logged and refused as `form: "failed"` (500), so the panel says so and
 * the page stays. `ownForm`: whether the form names the admin who sends it (the temporary cover's
 * admin-operation validation, whose rule the accounts own).
 */
export async function changeShop(services: Services, actor: Actor, change: ShopChange, ownForm: boolean, now: Date): Promise<{ ok: true; done: Done }> {
  try {
    return { ok: true, done: await apply(services, actor, change, ownForm, now) };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    services.logger.error({ err: error, intent: change.intent }, "book change failed");
    throw new Refusal("failed", { status: 500 });
  }
}

async function apply(services: Services, actor: Actor, change: ShopChange, ownForm: boolean, now: Date): Promise<Done> {
  switch (change.intent) {
    case "savePermanentCover":
    case "saveSecureCover":
      await savePermanentCover(services, actor, change.uploadId, now, change.intent === "saveSecureCover" ? SECURE_COVER : PERMANENT_COVER);
      return "coverSaved";
    case "removePermanentCover":
      await removeCover(services, actor, "permanent", now);
      return "coverRemoved";
    case "saveTemporaryCover":
    case "removeTemporaryCover":
      return changeTemporaryCover(services, actor, { intent: change.intent, uploadId: change.uploadId, ownForm }, now);
    case "saveVideo":
      await saveVideoUpload(services, actor, change.uploadId, now);
      return "uploaded";
    case "publishVideo":
      await publishVideo(services, actor, now);
      return "published";
    case "removeVideo":
      await removeVideo(services, actor, now);
      return "removed";
    case "clearBook":
      await clearBook(services, actor, now);
      return "cleared";
    case "saveBook":
      await saveBook(services, actor, bookFieldsOf(change), change.uploadId || null, now);
      return "saved";
  }
}
