import type { AppLoadContext } from "react-router";
import { data } from "react-router";

/** Who is asking: the real client address (TRUST_PROXY decides whether proxies are believed) and browser. */
export interface RequestActor {
  userId: string | null;
  sessionId: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** The actor of audit rows and security events for this request. */
export function actorOf(context: AppLoadContext, request: Request, userId: string | null = null, sessionId: string | null = null): RequestActor {
  return { userId, sessionId, ip: context.clientIp, userAgent: request.headers.get("user-agent") };
}

/** Account pages do not exist on a read-only deployment (ADMIN_ENABLED=false). */
export function requireAccountsEnabled(context: AppLoadContext): void {
  if (!context.services.config.adminEnabled) throw data(null, { status: 404 });
}
