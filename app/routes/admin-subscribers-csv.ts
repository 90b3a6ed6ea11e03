import type { Route } from "./+types/admin-subscribers-csv";
import { exportSubscribers } from "~/modules/newsletter/subscriber-admin.server";
import { authorisedVisitor, requestContext } from "~/route-context.server";

/**
 * The confirmed subscribers as `subscribers.csv`, streamed from the database in batches.
 * Its policy answers a refusal with its translated words as plain text ('Access Denied' / 'Admin
 * privileges required for this action.') and no data. The export is audited (`export_subscribers`).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const { actor } = authorisedVisitor(context);
  const { body } = await exportSubscribers(services.db, actor, services.now());
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="subscribers.csv"',
      "X-Content-Type-Options": "nosniff",
    },
  });
}
