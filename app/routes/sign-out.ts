import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { languageOf } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { currentSession, signOut } from "~/modules/accounts/accounts.server";
import { actorOf } from "~/modules/audit/audit.server";
import { requestContext } from "~/route-context.server";

/** Sign out of this device (POST only: a link or a prefetch must not end a session). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(requestContext);
  const { auth, db } = services;
  const signedIn = await currentSession(auth, request);
  const actor = actorOf({ clientIp }, request, signedIn?.user.id ?? null, signedIn?.session.id ?? null);
  const headers = signedIn ? await signOut(auth, db, request, actor, services.now()) : new Headers();
  throw redirect(localizePath("/", languageOf(params)), { headers });
}

export function loader({ params }: Route.LoaderArgs) {
  throw redirect(localizePath("/account", languageOf(params)));
}
