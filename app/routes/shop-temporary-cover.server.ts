import type { AppServices } from "~/adapters/context.server";
import { isUploadId } from "~/adapters/uploads/staged-uploads.server";
import { isValidAdminOperation } from "~/modules/accounts/admin-operation";
import { recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import { consume, LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { CoverRejected } from "~/modules/shop/cover.server";
import { removeCover, saveTemporaryCover } from "./shop-cover-setting.server";

type Services = Pick<AppServices, "db" | "storage" | "uploads" | "signedLinks" | "logger">;

/**
 * A temporary cover upload: the admin-operation validation first (a failure is a critical
 * security event and changes nothing), then 3 uploads per account in 5 minutes, then the cover's own
 * checks. A refused upload's staged bytes are removed.
 */
export async function temporaryCoverChange(services: Services, actor: Actor, form: FormData, now: Date): Promise<"temporarySaved" | "temporaryRemoved"> {
  const upload = form.get("uploadId");
  const discard = async () => {
    if (isUploadId(upload)) await services.uploads.remove(upload);
  };
  if (!isValidAdminOperation(form.get("operatorId"), actor.userId)) {
    await recordSecurityEvent(services.db, actor, { type: "admin.operation_invalid", severity: "critical", details: { operation: "temporary_cover" } }, now);
    await discard();
    throw new CoverRejected("validation");
  }
  if (form.get("intent") === "removeTemporaryCover") {
    await removeCover(services, actor, "temporary", now);
    return "temporaryRemoved";
  }
  const limit = await consume(services.db, LIMITS.temporaryCoverPerUser, actor.userId ?? "", now);
  if (!limit.allowed) {
    await discard();
    throw new CoverRejected("rateLimited", limit.retryAfterSeconds);
  }
  if (!isUploadId(upload)) throw new CoverRejected("missing");
  await saveTemporaryCover(services, actor, upload, now);
  return "temporarySaved";
}
