import type { AppServices } from "~/adapters/context.server";
import { isUploadId } from "~/adapters/uploads/staged-uploads.server";
import { recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import { consume, LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { coverRefusal } from "./cover.server";
import { removeCover, saveTemporaryCover } from "./cover-settings.server";

type Services = Pick<AppServices, "db" | "storage" | "uploads" | "signedLinks" | "logger">;

export interface TemporaryCoverChange {
  intent: "saveTemporaryCover" | "removeTemporaryCover";
  uploadId: string;
  /** Whether the form names the admin who sends it (the route checks it: accounts own the rule). */
  ownForm: boolean;
}

/**
 * A temporary cover upload or removal: the admin-operation validation first (a failure is a critical
 * security event and changes nothing), then 3 uploads per account in 5 minutes, then the cover's own
 * checks. A refused upload's staged bytes are removed.
 */
export async function changeTemporaryCover(services: Services, actor: Actor, change: TemporaryCoverChange, now: Date): Promise<"temporarySaved" | "temporaryRemoved"> {
  const { uploadId } = change;
  const discard = async () => {
    if (isUploadId(uploadId)) await services.uploads.remove(uploadId);
  };
  if (!change.ownForm) {
    await recordSecurityEvent(services.db, actor, { type: "admin.operation_invalid", severity: "critical", details: { operation: "temporary_cover" } }, now);
    await discard();
    throw coverRefusal("validation");
  }
  if (change.intent === "removeTemporaryCover") {
    await removeCover(services, actor, "temporary", now);
    return "temporaryRemoved";
  }
  const limit = await consume(services.db, LIMITS.temporaryCoverPerUser, actor.userId ?? "", now);
  if (!limit.allowed) {
    await discard();
    throw coverRefusal("rateLimited", limit.retryAfterSeconds);
  }
  if (!isUploadId(uploadId)) throw coverRefusal("missing");
  await saveTemporaryCover(services, actor, uploadId, now);
  return "temporarySaved";
}
