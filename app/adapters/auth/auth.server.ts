import type { Db, DialectName } from "~/adapters/db/database.server";
import type { AppConfig } from "~/lib/config.server";
import type { Auth } from "./better-auth.server";

// What the rest of the app needs from the auth adapter, without better-auth itself: importing this file
// loads none of it. better-auth (with its dependencies some 380 module files and about 7 MB of heap) is loaded
// by `loadAuthOnFirstUse` at the first request that needs an account, never for a reader of public pages.
export type { Auth };

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
export const SESSION_RENEW_AFTER_SECONDS = 15 * 60;
export const SESSION_COOKIE = "dp.session_token";

/**
 * Whether the request carries a session cookie (valid or not), read without the database: an answer
 * to such a request may be meant for that visitor alone.
 */
export function hasSessionCookie(request: Request): boolean {
  return cookieHeaderHasSession(request.headers.get("cookie"));
}

/** The session cookie's names: on https better-auth adds the `__Host-` prefix. */
export const SESSION_COOKIE_NAMES: ReadonlySet<string> = new Set([SESSION_COOKIE, `__Host-${SESSION_COOKIE}`]);

/** The same test on a raw Cookie header. */
function cookieHeaderHasSession(cookies: string | null | undefined): boolean {
  return (cookies ?? "").split(";").some((pair) => SESSION_COOKIE_NAMES.has(pair.split("=")[0]?.trim() ?? ""));
}

/** A mailed sign-in link works once, for this long (10 minutes at most). */
export const SIGN_IN_LINK_MINUTES = 10;

/** What better-auth is built from (see createAuth in better-auth.server.ts). */
export interface AuthOptions {
  db: Db;
  dialect: DialectName;
  config: AppConfig;
  mails: AuthMails;
  passwordLimits: PasswordLimits;
  now: () => Date;
}

/** better-auth, loaded and built at the first `load()`; every later call gets the same instance. */
export interface AuthLoader {
  load(): Promise<Auth>;
}

export function loadAuthOnFirstUse(options: AuthOptions): AuthLoader {
  let loading: Promise<Auth> | null = null;
  return {
    load() {
      if (!loading) {
        loading = import("./better-auth.server").then(({ createAuth }) => createAuth(options));
        // A failed load (a file missing mid-deploy) is tried again by the next request rather than kept.
        loading.catch(() => (loading = null));
      }
      return loading;
    },
  };
}

/**
 * better-auth's refusal (its APIError: a wrong password, an expired token, a tampered cookie), told
 * apart from a failure by its name, as better-auth's own `isAPIError` does: the class itself is in
 * better-auth, which checking an error must not load, and the server's build and the app's build
 * may each hold their own copy of it.
 */
export interface AuthRefusal extends Error {
  body?: { code?: string; message?: string } | undefined;
}

export function isAuthRefusal(error: unknown): error is AuthRefusal {
  return error instanceof Error && error.name === "APIError";
}

/** better-auth's booleans: native on PostgreSQL, 0/1 on SQLite (migration 0006). */
export function authBoolean(dialect: DialectName, value: boolean): boolean | number {
  return dialect === "postgres" ? value : value ? 1 : 0;
}

/** better-auth's dates: native on PostgreSQL, ISO text on SQLite (migration 0006). */
export function authDate(dialect: DialectName, value: Date): Date | string {
  return dialect === "postgres" ? value : value.toISOString();
}
