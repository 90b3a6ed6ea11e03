import type { AppServices } from "~/adapters/context.server";
import { parseInput, type RawInput } from "~/lib/form-input";
import type { Actor } from "~/modules/audit/audit.server";
import { adminAccessSchema } from "./admin-access-form";
import { endAdminMode, verifyAdminMode } from "./admin-mode.server";

/** The toast each answer names. */
export type AdminAccessOutcome = "granted" | "authRequired" | "denied" | "verifyFailed" | "ended" | "invalid";

/** The status each answer is sent with. */
export const ADMIN_ACCESS_STATUS = { granted: 200, authRequired: 401, denied: 403, verifyFailed: 503, ended: 200, invalid: 400 } as const;

/**
 * Runs the posted intent of the admin dialog or the /admin page (both post this form, so it is read
 * here once): verify (is_admin on the server, then admin mode for this session) or logout (admin mode
 * ends, the session stays). A failing check is 'Verification Failed', never a 500.
 */
export async function runAdminAccessIntent(
  services: Pick<AppServices, "auth" | "config" | "db" | "logger" | "now">,
  request: Request,
  actor: Actor,
  form: RawInput,
): Promise<AdminAccessOutcome> {
  const checked = parseInput(adminAccessSchema, form);
  if (!checked.ok) return "invalid";
  if (checked.value.intent === "logout") {
    await endAdminMode(services, request, actor);
    return "ended";
  }
  try {
    const verified = await verifyAdminMode(services, request, actor);
    return verified === "granted" ? "granted" : verified === "denied" ? "denied" : "authRequired";
  } catch (error) {
    services.logger.error({ err: error }, "admin verification failed");
    return "verifyFailed";
  }
}
