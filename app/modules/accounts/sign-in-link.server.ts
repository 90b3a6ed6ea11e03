import { isAuthRefusal, type AuthLoader } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";

interface Deps {
  auth: AuthLoader;
  db: Db;
  now: Date;
}

export type LinkOpenOutcome = { ok: true; headers: Headers; twoFactor: boolean } | { ok: false };

/**
 * Signs in with a mailed link (once; an expired, used or unknown token fails). An account with
 * two-factor on gets the pending challenge instead of a session (the adapter's sign-in-link guard).
 */
export async function openSignInLink({ auth, db, now }: Deps, token: string, request: Request, actor: Actor): Promise<LinkOpenOutcome> {
  let result: { headers: Headers; response: unknown };
  try {
    result = await (await auth.load()).api.magicLinkVerify({ query: { token }, headers: request.headers, returnHeaders: true });
  } catch (error) {
    // Matched by name, not instanceof: when two presses race for one token, the loser's refusal is the
    // plugin's redirect to its error page, an error of better-call's own class.
    if (isAuthRefusal(error)) return { ok: false };
    throw error;
  }
  const response = result.response as { twoFactorRedirect?: boolean; user?: { id: string }; session?: { id: string } };
  if (response.twoFactorRedirect) return { ok: true, headers: result.headers, twoFactor: true };
  if (!response.user) return { ok: false };
  const who = { ...actor, userId: response.user.id, sessionId: response.session?.id ?? null };
  await recordAudit(db, who, { action: "auth.signed_in", resource: `user:${response.user.id}`, details: { method: "magic_link" } }, now);
  return { ok: true, headers: result.headers, twoFactor: false };
}
