import { betterAuth } from "better-auth";
import { magicLink, twoFactor } from "better-auth/plugins";
import { plainName } from "~/lib/plain-name";
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, SESSION_RENEW_AFTER_SECONDS, SIGN_IN_LINK_MINUTES, type AuthMailUser, type AuthOptions } from "./auth.server";
import { signInLinkGuard } from "./sign-in-link-guard.server";
import { twoFactorChallenge } from "./two-factor-challenge.server";

/** The name authenticator apps show next to the code. */
const SITE_NAME = "Diaspora Policy";

/**
 * better-auth on the app's own database (ADR 023). Pages call `auth.api.*` from their actions, so
 * every answer is a translated page; no auth endpoint is mounted on its own and nothing is kept in
 * browser storage. Rate limits and Origin checks are the app's (rate-limit module, server/same-origin).
 */
export function createAuth({ db, dialect, config, mails, passwordLimits, now }: AuthOptions) {
  const https = config.appUrl.startsWith("https://");
  return betterAuth({
    appName: SITE_NAME,
    baseURL: config.appUrl,
    secret: config.sessionSecret,
    database: { db, type: dialect },
    telemetry: { enabled: false },
    logger: { disabled: config.mode === "test", level: "error" },
    rateLimit: { enabled: false },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "user", input: false },
        language: { type: "string", required: false, defaultValue: "en", input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: passwordLimits.min,
      maxPasswordLength: passwordLimits.max,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => mails.resetPassword(user as AuthMailUser, token),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: ({ user, token }) => mails.verifyEmail(user as AuthMailUser, token),
    },
    // Every one-time value better-auth keeps in `verification` (password-reset tokens, two-factor
    // challenges) is stored as a SHA-256 of its identifier, so someone who reads the table holds
    // nothing a link or cookie can use. Rows written plain before are still found until they expire.
    verification: { storeIdentifier: "hashed" },
    session: { expiresIn: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_RENEW_AFTER_SECONDS },
    // Whatever path writes a name (sign-up, setup, the command line, a profile change), it is stored plain.
    databaseHooks: {
      user: {
        create: { before: async (user) => ({ data: { ...user, name: plainName(user.name) } }) },
        update: { before: async (user) => ({ data: typeof user.name === "string" ? { ...user, name: plainName(user.name) } : user }) },
      },
    },
    plugins: [
      // TOTP with backup codes (stored encrypted); the app's limiter counts the attempts (LIMITS.twoFactor*).
      twoFactor({ issuer: SITE_NAME }),
      magicLink({
        // Only confirmed accounts get a link; an unknown address gets none, and no account is created.
        disableSignUp: true,
        expiresIn: SIGN_IN_LINK_MINUTES * 60,
        storeToken: "hashed",
        sendMagicLink: async ({ email, token }) => {
          const user = await db.selectFrom("user").select(["id", "name", "email", "language", "emailVerified"]).where("email", "=", email).executeTakeFirst();
          if (user?.emailVerified) await mails.signInLink(user, token);
        },
      }),
      // The two-factor challenge a mailed link starts is timed by the app's clock, as its check is.
      signInLinkGuard({ now }),
      twoFactorChallenge(),
    ],
    advanced: {
      // Over https the session cookie takes the __Host- prefix: Secure, Path=/, no Domain.
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/", secure: https },
      cookies: { session_token: { name: https ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE } },
      cookiePrefix: "dp",
      database: { generateId: () => crypto.randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
