import { betterAuth } from "better-auth";
import { magicLink, twoFactor } from "better-auth/plugins";
import type { Db, DialectName } from "~/adapters/db/database.server";
import type { AppConfig } from "~/lib/config.server";
import { plainName } from "~/lib/plain-name";
import { signInLinkGuard } from "./sign-in-link-guard.server";
import { twoFactorChallenge } from "./two-factor-challenge.server";

/**
 * The account mails better-auth asks for, each with the token of its link. modules/accounts queues
 * them in the outbox (the request never waits on the mail server), then composes and sends them.
 */
export interface AuthMails {
  verifyEmail(user: AuthMailUser, token: string): Promise<void>;
  resetPassword(user: AuthMailUser, token: string): Promise<void>;
  signInLink(user: AuthMailUser, token: string): Promise<void>;
}

export interface AuthMailUser {
  id: string;
  email: string;
  name: string;
  language?: string | null;
}

/** The lengths a password may have; the accounts module owns them and its forms check them first. */
export interface PasswordLimits {
  min: number;
  max: number;
}

/** Sessions last 12 hours at most and are renewed on the server while used. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;
const SESSION_RENEW_AFTER_SECONDS = 15 * 60;
const SESSION_COOKIE = "dp.session_token";

/**
 * Whether the request carries a session cookie (valid or not), read without the database: an answer
 * to such a request may be meant for that visitor alone.
 */
export function hasSessionCookie(request: Request): boolean {
  return cookieHeaderHasSession(request.headers.get("cookie"));
}

/** The same test on a raw Cookie header (the page cache reads it before any Request exists). */
export function cookieHeaderHasSession(cookies: string | null | undefined): boolean {
  return (cookies ?? "").split(";").some((pair) => {
    const name = pair.split("=")[0]?.trim();
    return name === SESSION_COOKIE || name === `__Host-${SESSION_COOKIE}`;
  });
}
/** A mailed sign-in link works once, for this long (10 minutes at most). */
export const SIGN_IN_LINK_MINUTES = 10;
/** The name authenticator apps show next to the code. */
const SITE_NAME = "Diaspora Policy";

/**
 * better-auth on the app's own database (ADR 023). Pages call `auth.api.*` from their actions, so
 * every answer is a translated page; no auth endpoint is mounted on its own and nothing is kept in
 * browser storage. Rate limits and Origin checks are the app's (rate-limit module, server/same-origin).
 */
export function createAuth({ db, dialect, config, mails, passwordLimits, now }: { db: Db; dialect: DialectName; config: AppConfig; mails: AuthMails; passwordLimits: PasswordLimits; now: () => Date }) {
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

/** better-auth's booleans: native on PostgreSQL, 0/1 on SQLite (migration 0006). */
export function authBoolean(dialect: DialectName, value: boolean): boolean | number {
  return dialect === "postgres" ? value : value ? 1 : 0;
}

/** better-auth's dates: native on PostgreSQL, ISO text on SQLite (migration 0006). */
export function authDate(dialect: DialectName, value: Date): Date | string {
  return dialect === "postgres" ? value : value.toISOString();
}
