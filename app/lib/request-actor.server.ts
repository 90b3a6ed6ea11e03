import type { AppLoadContext } from "react-router";

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
