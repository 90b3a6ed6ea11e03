import type { ResourceLanguage } from "i18next";
import { data, type AppLoadContext } from "react-router";
import { actorOf } from "~/lib/request-actor.server";
import { requireAdminMode, type RefusalMessages } from "~/modules/accounts/admin-mode.server";

/** Admin pages and their answers are never stored by browsers or proxies. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** A route's `headers`: the same for the page itself. */
export const noStoreHeaders = () => NO_STORE;

/**
 * The first call of every loader and action of the admin pages: admin mode, used now. A refusal has
 * already been written as a security event by the gate, with the page's message for it when given.
 */
export function adminGate(context: AppLoadContext, request: Request, resource: string, messages?: RefusalMessages) {
  return requireAdminMode(context.services, request, actorOf(context, request), resource, messages);
}

export type Gate = Awaited<ReturnType<typeof adminGate>>;
export type Refused = Extract<Gate, { ok: false }>;

/** A page's answer to a refused request: its strings and the reason, with the gate's status. */
export function refusedPage(i18n: ResourceLanguage, gate: Refused) {
  return data({ i18n, refused: gate.reason, view: null }, { status: gate.status, headers: NO_STORE });
}

/** An action's answer to a refused request: the status and the reason; nothing was written. */
export function refusedAction(gate: Refused) {
  return data({ refused: gate.reason }, { status: gate.status, headers: NO_STORE });
}
