import type { Route } from "./+types/contact";
import { ContactForm } from "~/components/contact/contact-form";
import { PageHeader } from "~/components/layout/page-header";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { networkKey } from "~/lib/network";
import { retryAfterHeaders, tooManyAttempts } from "~/lib/rate-limited";
import { markMailed, ownerMail, saveContactMessage, validateContact } from "~/modules/contact/contact.server";
import { isContactTopic } from "~/modules/contact/topics";
import { consume, LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { data } from "react-router";

export function loader({ request, params }: Route.LoaderArgs) {
  const topic = new URL(request.url).searchParams.get("topic");
  return { i18n: pageResourcesFor(languageOf(params), ["contact"]), topic: isContactTopic(topic) ? topic : "general" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const values = Object.fromEntries(["name", "email", "topic", "message"].map((key) => [key, String(form[key] ?? "")]));
  const checked = validateContact(form);
  if (!checked.ok) return data({ ok: false, errors: checked.errors, values }, { status: 400 });
  const { db, mailer, config, logger } = context.services;
  const now = context.services.now();
  // 3 messages per 60 s, counted both per network address and per email address.
  for (const subject of [`ip:${networkKey(context.clientIp)}`, `email:${checked.value.email}`]) {
    const limit = await consume(db, LIMITS.contactPerAddress, subject, now);
    if (!limit.allowed) return tooManyAttempts(values, limit.retryAfterSeconds);
  }
  const id = await saveContactMessage(db, checked.value, languageOf(params), now);
  try {
    await mailer.send(ownerMail(checked.value, config.contactEmail));
    await markMailed(db, id, context.services.now());
  } catch (error) {
    // The message is stored; the owner still sees it in the admin area.
    logger.error({ err: error, contactMessage: id }, "could not mail a contact message to the owner");
  }
  return { ok: true };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "contact");

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader pageKey="contact" />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <ContactForm result={actionData} initialTopic={loaderData.topic} />
      </div>
    </>
  );
}
