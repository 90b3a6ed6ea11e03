import type { AppServices } from "~/adapters/context.server";
import type { Language } from "~/i18n/languages";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/modules/audit/audit.server";
import type { SubscriberInput } from "./subscribe-form";
import { subscribe } from "./subscriptions.server";

/**
 * A reader's subscription from any newsletter form, once read: stored, its confirmation mail queued
 * and the outbox woken. Refused as a duplicate (409) or too many attempts (429); a failure of ours is
 * 'Subscription failed' (503), never an error page.
 */
export async function subscribeReader(services: Pick<AppServices, "db" | "logger" | "now" | "outbox">, input: SubscriberInput, language: Language, actor: Actor) {
  let outcome: Awaited<ReturnType<typeof subscribe>>;
  try {
    outcome = await subscribe(services.db, input, language, actor, services.now());
  } catch (error) {
    services.logger.error({ err: error }, "subscribe failed");
    throw new Refusal("failed", { status: 503 });
  }
  if (!outcome.ok && outcome.error === "tooMany") throw new Refusal("tooMany", { retryAfterSeconds: outcome.retryAfterSeconds });
  if (!outcome.ok) throw new Refusal("duplicate", { status: 409 });
  services.outbox.wake();
  return { ok: true as const, email: input.email };
}
