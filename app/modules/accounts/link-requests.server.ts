import { SIGN_IN_LINK_MINUTES } from "~/adapters/auth/auth.server";
import type { RequestContext } from "~/adapters/context.server";
import type { Db } from "~/adapters/db/database.server";
import { echoedValues } from "~/lib/echoed-values";
import { MAX_EMAIL_LENGTH } from "~/lib/email";
import { parseInput } from "~/lib/form-input";
import { networkKey } from "~/lib/network";
import { tooManyAttempts } from "~/lib/rate-limited";
import { refused } from "~/lib/refusal";
import { actorOf, recordAudit, type Actor } from "~/modules/audit/audit.server";
import { enqueue, releaseHeld, type OutboxTopics } from "~/modules/outbox/enqueue.server";
import { LIMITS, takeAll, type LimitCheck } from "~/modules/rate-limit/rate-limit.server";
import { RESET_LINK_MINUTES } from "./auth-mails.server";
import { emailOnlySchema } from "./credential-forms";

/** The mailed links a visitor may ask for by address: a password reset, a sign-in link. */
export type LinkKind = OutboxTopics["accounts.link-request"]["kind"];

export type LinkRequestOutcome = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Each form's limits, taken in order until one is spent (LIMITS.passwordReset*, LIMITS.signInLink*). */
const LINK_LIMITS: Record<LinkKind, (email: string, network: string) => LimitCheck[]> = {
  reset: (email, network) => [
    { rule: LIMITS.passwordResetPerAddress, subject: `email:${email}` },
    { rule: LIMITS.passwordResetPerAddress, subject: `ip:${network}` },
  ],
  signInLink: (email, network) => [
    { rule: LIMITS.signInLinkInterval, subject: email },
    { rule: LIMITS.signInLinkPerAddress, subject: email },
    { rule: LIMITS.signInLinkPerNetwork, subject: network },
  ],
};

/** What a request's audit row says was asked for; a reset request is not audited. */
const AUDITED: Partial<Record<LinkKind, string>> = { signInLink: "auth.magic_link_requested" };

/**
 * How long a request's link waits for the request's answer to leave. Released at once after the answer;
 * past this, the worker takes it anyway (the client left before the answer, the process stopped).
 */
const HELD_MS = 60_000;

interface Deps {
  db: Db;
  now: () => Date;
  /** Asks the outbox worker to look for work now (services.outbox.wake). */
  wake: () => void;
  /** Runs work once the request's answer has left (context.get(requestContext).afterAnswer). */
  afterAnswer: (work: () => Promise<void>) => void;
}

/**
 * Asks for a mailed link for an address, known or not, and answers before any mail work starts. The
 * request takes its limits and queues one outbox row, held until its answer has left, whatever the
 * address: whether it has an account, and then the link, its token and its mail, are the worker's
 * business afterwards (account-mail-jobs.server.ts). So the answer, and its time, are the same for
 * every address, and no request waits on the mail server.
 */
export async function requestAccountLink(deps: Deps, kind: LinkKind, email: string, actor: Actor): Promise<LinkRequestOutcome> {
  const { db } = deps;
  const now = deps.now();
  const limits = await takeAll(db, LINK_LIMITS[kind](email, networkKey(actor.ip)), now);
  if (!limits.allowed) return { ok: false, retryAfterSeconds: limits.retryAfterSeconds };
  const id = await enqueue(db, "accounts.link-request", { kind, email }, now, new Date(now.getTime() + HELD_MS));
  const action = AUDITED[kind];
  if (action) {
    // The same lookup for every address: it finds a row or none in the same time.
    const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
    await recordAudit(db, actor, { action, resource: user ? `user:${user.id}` : "user:unknown" }, now);
  }
  deps.afterAnswer(async () => {
    await releaseHeld(db, id, deps.now());
    deps.wake();
  });
  return { ok: true };
}

/** How long each kind of link works, said in the answer. */
const LINK_MINUTES: Record<LinkKind, number> = { reset: RESET_LINK_MINUTES, signInLink: SIGN_IN_LINK_MINUTES };

/**
 * The action of the forms that ask for a link (forgot password, sign-in link): the address read, the
 * link asked for, and the same answer for known and unknown addresses (429 once a limit is spent).
 */
export async function answerLinkRequest(
  kind: LinkKind,
  request: Request,
  { services, afterAnswer, clientIp }: Pick<RequestContext, "services" | "afterAnswer" | "clientIp">,
) {
  const form = await request.formData();
  const values = echoedValues(Object.fromEntries(form), { email: MAX_EMAIL_LENGTH });
  const checked = parseInput(emailOnlySchema, form);
  if (!checked.ok) return refused(checked.errors, { values });
  const { db, now, outbox } = services;
  const deps = { db, now, wake: outbox.wake, afterAnswer };
  const outcome = await requestAccountLink(deps, kind, checked.value.email, actorOf({ clientIp }, request));
  if (!outcome.ok) return tooManyAttempts(values, outcome.retryAfterSeconds);
  return { ok: true as const, email: checked.value.email, minutes: LINK_MINUTES[kind] };
}
