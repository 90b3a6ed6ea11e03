import { data } from "react-router";
import type { Route } from "./+types/admin-access";
import { ADMIN_ACCESS_STATUS, runAdminAccessIntent } from "~/modules/accounts/admin-access-intent.server";
import { adminAccess } from "~/modules/accounts/admin-mode.server";
import { actorOf } from "~/modules/audit/audit.server";
import { NO_STORE } from "~/lib/plain-answers";
import { outcomeAnswer } from "~/lib/refusal";
import { requestContext } from "~/route-context.server";

/** What the Admin Access dialog shows: signed out, not an admin, an admin to verify, or admin mode on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, clientIp } = context.get(requestContext);
  const access = await adminAccess(services, request, actorOf({ clientIp }, request));
  const email = "email" in access ? access.email : null;
  return data({ state: access.state, email }, { headers: { "Cache-Control": NO_STORE } });
}

/** 'Verify Admin Access' and 'Logout Admin' from the dialog (fetcher posts); the answer names the toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(requestContext);
  const outcome = await runAdminAccessIntent(services, request, actorOf({ clientIp }, request), await request.formData());
  return outcomeAnswer(outcome, ADMIN_ACCESS_STATUS[outcome]);
}
