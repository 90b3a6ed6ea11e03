import { data, type AppLoadContext } from "react-router";
import { languageOf } from "~/i18n/languages";
import { actorOf } from "~/modules/audit/audit.server";
import { parseSubscriber, type SubscriberError } from "~/modules/newsletter/subscriber-input";
import { subscribe } from "~/modules/newsletter/subscriptions.server";

/** What a newsletter form gets back; `result` names the message (namespace `newsletter`). */
export type SubscribeReply =
  | { result: "success"; email: string }
  | { result: "invalid"; error: SubscriberError }
  | { result: "duplicate" | "tooMany" | "failed" };

/**
 * Every newsletter form posts here (footer, home, updates, article pages and /subscribe): the server
 * checks, limits and stores; a failure of ours is 'Subscription failed', never a 500 page.
 */
export async function subscribeFromForm(request: Request, params: { lang?: string }, context: AppLoadContext, source?: string) {
  const form = await request.formData();
  const text = (name: string) => (form.has(name) ? String(form.get(name)) : undefined);
  const parsed = parseSubscriber({
    email: text("email") ?? "",
    firstName: text("firstName"),
    lastName: text("lastName"),
    message: text("message"),
    interests: form.getAll("interests").map(String),
    source: source ?? text("source"),
  });
  const reply = (body: SubscribeReply, status: number, headers?: HeadersInit) => data(body, { status, headers });
  if (!parsed.ok) return reply({ result: "invalid", error: parsed.error }, 400);
  const { services } = context;
  try {
    const outcome = await subscribe(services.db, parsed.value, languageOf(params), actorOf(context, request), services.now());
    if (outcome.ok) {
      services.wakeOutbox?.();
      return reply({ result: "success", email: parsed.value.email }, 200);
    }
    if (outcome.error === "tooMany") return reply({ result: "tooMany" }, 429, { "Retry-After": String(outcome.retryAfterSeconds) });
    return reply({ result: "duplicate" }, 409);
  } catch (error) {
    services.logger.error({ err: error }, "subscribe failed");
    return reply({ result: "failed" }, 503);
  }
}
