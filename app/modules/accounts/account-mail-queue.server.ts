import { SIGN_IN_LINK_MINUTES, type AuthMails } from "~/adapters/auth/auth.server";
import type { Db } from "~/adapters/db/database.server";
import { enqueue, type OutboxTopics } from "~/modules/outbox/enqueue.server";
import { RESET_LINK_MINUTES, VERIFY_LINK_HOURS } from "./auth-mails.server";
import { sealLinkToken } from "./sealed-link-token.server";

type MailKind = OutboxTopics["accounts.mail"]["kind"];

/** How long each kind of link works: a mail that could not leave before then is not sent. */
const LINK_LIFETIME_MS: Record<MailKind, number> = {
  verify: VERIFY_LINK_HOURS * 60 * 60_000,
  reset: RESET_LINK_MINUTES * 60_000,
  signInLink: SIGN_IN_LINK_MINUTES * 60_000,
};

interface QueueDeps {
  db: Db;
  now: () => Date;
  /** Asks the outbox worker to look for work now, so the mail leaves within moments. */
  wake: () => void;
  /** SESSION_SECRET: the queued token is sealed with a key derived from it. */
  secret: string;
}

/**
 * The account mails as better-auth calls them: each is queued in the outbox (the user's id, the
 * link's token and when it stops working) and sent by the worker, so no request waits on the mail
 * server (docs/decisions/037-no-mail-inside-a-request.md). The token waits sealed (sealed-link-token.server.ts).
 */
export function queuedAuthMails({ db, now, wake, secret }: QueueDeps): AuthMails {
  const queue = (kind: MailKind) => async (user: { id: string }, token: string) => {
    const at = now();
    const expiresAt = new Date(at.getTime() + LINK_LIFETIME_MS[kind]).toISOString();
    await enqueue(db, "accounts.mail", { kind, userId: user.id, token: sealLinkToken(secret, token), expiresAt }, at);
    wake();
  };
  return { verifyEmail: queue("verify"), resetPassword: queue("reset"), signInLink: queue("signInLink") };
}
