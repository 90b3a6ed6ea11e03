import type { Route } from "./+types/admin-subscribers-csv";
import { translatorFor } from "~/i18n/i18n";
import { languageOf } from "~/i18n/languages";
import { resourcesFor } from "~/i18n/resources.server";
import { exportSubscribers } from "~/modules/newsletter/subscriber-admin.server";
import { adminGate, NO_STORE } from "./admin-gate.server";

/** Spec §6: what a refused export is told, kept with its security event. */
const EXPORT_REFUSALS = { signedOut: "Authentication required to access subscriber data", denied: "Admin privileges required for this action." };

/**
 * The confirmed subscribers as `subscribers.csv` (spec §9), streamed from the database in batches.
 * A refusal is the gate's status with the spec's words as plain text ('Access Denied' / 'Admin
 * privileges required for this action.') and no data. The export is audited (`export_subscribers`).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const gate = await adminGate(context, request, "/admin/subscribers.csv", EXPORT_REFUSALS);
  if (!gate.ok) {
    const language = languageOf(params);
    const t = translatorFor(language, resourcesFor(language));
    const text = `${t(`dashboard:subscribers.exportRefused.${gate.reason}.title`)}\n${t(`dashboard:subscribers.exportRefused.${gate.reason}.text`)}\n`;
    return new Response(text, { status: gate.status, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" } });
  }
  const { body } = await exportSubscribers(context.services.db, gate.actor, context.services.now());
  return new Response(body, {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="subscribers.csv"',
      "X-Content-Type-Options": "nosniff",
    },
  });
}
