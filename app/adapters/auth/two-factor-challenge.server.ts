import type { BetterAuthPlugin, GenericEndpointContext } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";

/** The cookie better-auth's twoFactor plugin keeps the pending sign-in in ("dp.two_factor"). */
const CHALLENGE_COOKIE = "two_factor";
/** How long a started challenge may be answered, as in the twoFactor plugin's default. */
const CHALLENGE_SECONDS = 10 * 60;

/**
 * Turns a sign-in that has just created a session into a pending two-factor challenge, exactly as
 * better-auth's twoFactor plugin does after /sign-in/email: the session is deleted, its cookie
 * cleared, and the signed challenge cookie set, so verifyTOTP / verifyBackupCode finish the sign-in.
 * The plugin only does this for its own sign-in paths; we need it for the magic link too.
 */
export async function startTwoFactorChallenge(ctx: GenericEndpointContext, session: { token: string; userId: string }, now: Date): Promise<void> {
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(session.token);
  ctx.context.setNewSession(null);
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(now.getTime() + CHALLENGE_SECONDS * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: session.userId, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${identifier}`, expiresAt });
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE, { maxAge: CHALLENGE_SECONDS });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
}

/**
 * `auth.api.pendingTwoFactor({ headers })`: whose sign-in waits for a second factor on this browser
 * (from the signed challenge cookie) and until when, or null. The caller judges the time by the app's
 * clock. Server-only: no HTTP endpoint is mounted anyway.
 */
export const twoFactorChallenge = () =>
  ({
    id: "two-factor-challenge",
    endpoints: {
      pendingTwoFactor: createAuthEndpoint.serverOnly({ method: "GET", requireHeaders: true }, async (ctx) => {
        const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
        const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
        if (!identifier) return null;
        const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
        if (!pending) return null;
        return { userId: pending.value, expiresAt: new Date(pending.expiresAt) };
      }),
    },
  }) satisfies BetterAuthPlugin;
