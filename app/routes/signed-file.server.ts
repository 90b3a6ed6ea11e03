import type { AppLoadContext } from "react-router";
import { actorOf } from "~/lib/request-actor.server";
import { recordSecurityEvent } from "~/modules/audit/audit.server";

export const plainText = (status: number, text: string) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * The refusal for a private file's request without a valid signed link, or null when the link is
 * good. A forged or altered link is 403 and a security event; an expired one is 410. A link signs
 * one path, so it opens that file and no other.
 */
export async function refuseUnsigned(context: AppLoadContext, request: Request): Promise<Response | null> {
  const { signedLinks, db, now } = context.services;
  const url = new URL(request.url);
  const check = signedLinks.verify(url.pathname, url.searchParams, now());
  if (check === "invalid") {
    await recordSecurityEvent(db, actorOf(context, request), { type: "signed_link.invalid", severity: "medium", details: { path: url.pathname } }, now());
    return plainText(403, "Forbidden");
  }
  return check === "expired" ? plainText(410, "This link has expired.") : null;
}
