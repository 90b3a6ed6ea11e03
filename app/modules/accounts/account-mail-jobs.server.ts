import { isAuthRefusal, type AuthLoader } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import type { Mailer } from "~/adapters/mail/mailer.server";
import type { OutboxHandler } from "~/modules/outbox/drain.server";
import { PermanentFailure } from "~/modules/outbox/outcomes";
import { createAuthMails } from "./auth-mails.server";
import { openLinkToken } from "./sealed-link-token.server";

interface JobDeps {
  db: Db;
  auth: AuthLoader;
  mailer: Mailer;
  appUrl: string;
  /** SESSION_SECRET, which the queued tokens are sealed with. */
  secret: string;
}

/**
 * The outbox work of accounts (docs/decisions/037-no-mail-inside-a-request.md): making the links that
 * were asked for, and sending the account mails queued by better-auth's callbacks.
 */
export function accountMailHandlers({ db, auth, mailer, appUrl, secret }: JobDeps): {
  "accounts.mail": OutboxHandler<"accounts.mail">;
  "accounts.link-request": OutboxHandler<"accounts.link-request">;
} {
  const mails = createAuthMails({ mailer, appUrl });
  const send = { verify: mails.verifyEmail, reset: mails.resetPassword, signInLink: mails.signInLink };
  return {
    // The address, name and language are read now: a mail retried later goes where the account is now.
    "accounts.mail": async ({ kind, userId, token, expiresAt }, job) => {
      if (!Object.hasOwn(send, kind)) throw new PermanentFailure(`unknown account mail "${String(kind)}"`);
      if (job.now.toISOString() >= expiresAt) throw new PermanentFailure("the link expired before its mail could be sent");
      // Sealed with another secret: queued before a restore, for a link this site never made.
      const link = openLinkToken(secret, token);
      if (link === null) throw new PermanentFailure("the link was made by the site before a restore");
      const user = await db.selectFrom("user").select(["id", "name", "email", "language", "emailVerified"]).where("id", "=", userId).executeTakeFirst();
      // The account was removed, or no longer needs this mail (confirmed meanwhile; links only for confirmed accounts).
      if (!user) return;
      const confirmed = Boolean(user.emailVerified);
      if ((kind === "verify" && confirmed) || (kind === "signInLink" && !confirmed)) return;
      await send[kind](user, link);
    },
    // better-auth makes the link only for an account that may use it, and then calls queuedAuthMails.
    "accounts.link-request": async ({ kind, email }) => {
      try {
        const { api } = await auth.load();
        if (kind === "reset") await api.requestPasswordReset({ body: { email }, headers: new Headers() });
        else await api.signInMagicLink({ body: { email }, headers: new Headers() });
      } catch (error) {
        if (isAuthRefusal(error)) throw new PermanentFailure(`the link was refused: ${error.message}`);
        throw error;
      }
    },
  };
}
