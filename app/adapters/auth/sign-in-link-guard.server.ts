import { createHash } from "node:crypto";
import { APIError, type BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { startTwoFactorChallenge } from "./two-factor-challenge.server";

const VERIFY_PATH = "/magic-link/verify";
const INVALID_LINK = { code: "INVALID_TOKEN", message: "This sign-in link is not valid." };

/** Where the magicLink plugin keeps a token stored with `storeToken: "hashed"`. */
function storedIdentifier(token: string): string {
  return `magic-link:${createHash("sha256").update(token).digest("base64url")}`;
}

function emailIn(value: string): string | null {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && "email" in parsed && typeof parsed.email === "string" ? parsed.email : null;
  } catch {
    return null;
  }
}

/**
 * Two rules the magicLink plugin does not keep on its own:
 * - a link opens only a confirmed account. For an unconfirmed one the plugin would strip its password
 *   and sessions and confirm it, so a stranger who signed up with someone's address could lock them
 *   out (or the reverse). Links are only mailed to confirmed accounts; this refuses any other token,
 *   and refuses when the token cannot be read at all (fail closed if the plugin changes its storage).
 * - an account with two-factor on answers the challenge after the link, as after a password: the
 *   twoFactor plugin only guards its own sign-in paths.
 */
export const signInLinkGuard = ({ now }: { now: () => Date }) =>
  ({
    id: "sign-in-link-guard",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === VERIFY_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const token = typeof ctx.query?.token === "string" ? ctx.query.token : "";
            const identifier = storedIdentifier(token);
            const pending = token ? await ctx.context.internalAdapter.findVerificationValue(identifier) : null;
            const email = pending ? emailIn(pending.value) : null;
            const found = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
            if (found?.user.emailVerified) return;
            if (pending) await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
            throw APIError.from("BAD_REQUEST", INVALID_LINK);
          }),
        },
      ],
      after: [
        {
          matcher: (context) => context.path === VERIFY_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const created = ctx.context.newSession;
            if (!(created?.user as { twoFactorEnabled?: unknown } | undefined)?.twoFactorEnabled) return;
            await startTwoFactorChallenge(ctx, created!.session, now());
            return ctx.json({ twoFactorRedirect: true });
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
