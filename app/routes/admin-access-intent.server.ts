import { data, type AppLoadContext } from "react-router";
import { actorOf } from "~/modules/audit/audit.server";
import { endAdminMode, verifyAdminMode } from "~/modules/accounts/admin-mode.server";

/** The toast each answer names. */
export type AdminAccessOutcome = "granted" | "authRequired" | "denied" | "verifyFailed" | "ended" | "invalid";

const STATUS = { granted: 200, authRequired: 401, denied: 403, verifyFailed: 503, ended: 200, invalid: 400 } as const;

/**
 * Runs the posted intent of the admin dialog or the /admin page: verify (is_admin on the server, then
 * admin mode for this session) or logout (admin mode ends, the session stays). A failing check is
 * 'Verification Failed', never a 500.
 */
export async function runAdminAccessIntent(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const actor = actorOf(context, request);
  const reply = (outcome: AdminAccessOutcome) => data({ outcome }, { status: STATUS[outcome] });
  switch (form.get("intent")) {
    case "logout":
      await endAdminMode(context.services, request, actor);
      return reply("ended");
    case "verify":
      try {
        const verified = await verifyAdminMode(context.services, request, actor);
        return reply(verified === "granted" ? "granted" : verified === "denied" ? "denied" : "authRequired");
      } catch (error) {
        context.services.logger.error({ err: error }, "admin verification failed");
        return reply("verifyFailed");
      }
    default:
      return reply("invalid");
  }
}
