import type { AppServices } from "~/adapters/context.server";
import type { Policy, RefusalMessages, RefusalReason } from "~/lib/route-policies";
import { recordSecurityEvent, type Actor } from "~/modules/audit/audit.server";
import { currentSession, type SignedIn } from "./accounts.server";
import { adminAccess, requireAdminMode, type AdminAccess } from "./admin-mode.server";

/** The visitor a signedIn or admin policy let through: the account, its session and the actor of its audit rows. */
export interface Authorised extends SignedIn {
  actor: Actor & { userId: string; sessionId: string };
}

/** What the policy found out about the visitor, handed to the route's loader or action with its context. */
export interface FoundVisitor {
  /** The account a signedIn or admin policy let through. */
  authorised?: Authorised;
  /** Where the visitor of a `page` route stands with the admin area. */
  adminStanding?: AdminAccess;
}

/** What a route's policy decided about one request. */
export type AccessDecision =
  /** Go on; a `page` route is answered with `status` when the visitor is signed out (401) or no admin (403). */
  | { kind: "allow"; status?: 401 | 403; found?: FoundVisitor }
  /** The route does not exist on this copy of the site (accounts are off). */
  | { kind: "notFound" }
  /** A signed-in page asked by a signed-out visitor: off to the sign-in page. */
  | { kind: "signIn" }
  /** An admin route refused: the status and the reason the page or form shows. */
  | { kind: "refused"; status: 401 | 403 | 404; reason: RefusalReason }
  /** A private file without a valid link (403) or with an expired one (410). */
  | { kind: "badLink"; status: 403 | 410 };

type Services = Pick<AppServices, "auth" | "config" | "db" | "now" | "signedLinks">;

/**
 * Decides a request against its route's policy, writing the security event of a refusal. What it
 * learns about the visitor (`found`) reaches the route in its context, read with `authorisedVisitor`
 * and `adminStanding` (app/route-context.server.ts).
 */
export async function decideAccess(
  services: Services,
  request: Request,
  actor: Actor,
  rule: { policy: Policy; resource: string; messages?: RefusalMessages | undefined },
): Promise<AccessDecision> {
  const accountsOn = services.config.adminEnabled;
  switch (rule.policy) {
    case "public":
      return { kind: "allow" };
    case "accounts":
      return accountsOn ? { kind: "allow" } : { kind: "notFound" };
    case "signedIn": {
      if (!accountsOn) return { kind: "notFound" };
      const signedIn = await currentSession(services.auth, request);
      if (!signedIn) return { kind: "signIn" };
      return { kind: "allow", found: { authorised: { ...signedIn, actor: { ...actor, userId: signedIn.user.id, sessionId: signedIn.session.id } } } };
    }
    case "admin": {
      const gate = await requireAdminMode(services, request, actor, rule.resource, rule.messages);
      if (!gate.ok) return { kind: "refused", status: gate.status, reason: gate.reason };
      const { signedIn } = gate;
      return { kind: "allow", found: { authorised: { ...signedIn, actor: { ...actor, userId: signedIn.user.id, sessionId: signedIn.session.id } } } };
    }
    case "page":
      return pageStanding(services, request, actor, rule.resource);
    case "signed":
      return signedLink(services, request, actor);
  }
}

/** The dashboard's policy: every visitor gets the page; a reader's visit is a high security event. */
async function pageStanding(services: Services, request: Request, actor: Actor, resource: string): Promise<AccessDecision> {
  const access = await adminAccess(services, request, actor, { touch: true });
  const found = { adminStanding: access };
  if (access.state === "signedOut") return { kind: "allow", status: 401, found };
  if (access.state !== "denied") return { kind: "allow", found };
  await recordSecurityEvent(services.db, access.actor, { type: "admin.access_denied", severity: "high", details: { resource } }, services.now());
  return { kind: "allow", status: 403, found };
}

/** A link signs one path until its expiry; a forged or altered one is a security event. */
async function signedLink(services: Services, request: Request, actor: Actor): Promise<AccessDecision> {
  const url = new URL(request.url);
  const check = services.signedLinks.verify(url.pathname, url.searchParams, services.now());
  if (check === "invalid") {
    await recordSecurityEvent(services.db, actor, { type: "signed_link.invalid", severity: "medium", details: { path: url.pathname } }, services.now());
    return { kind: "badLink", status: 403 };
  }
  return check === "expired" ? { kind: "badLink", status: 410 } : { kind: "allow" };
}
