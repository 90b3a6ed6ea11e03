import type { Route } from "./+types/contact";
import { ContactForm } from "~/components/contact/contact-form";
import { PageHeader } from "~/components/layout/page-header";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { echoedValues } from "~/lib/echoed-values";
import { networkKey } from "~/lib/network";
import { retryAfterHeaders, tooManyAttempts } from "~/lib/rate-limited";
import { parseInput } from "~/lib/form-input";
import { refused } from "~/lib/refusal";
import { contactSchema } from "~/modules/contact/contact-form";
import { saveContactMessage } from "~/modules/contact/contact.server";
import { CONTACT_ECHO_LIMITS, isContactTopic } from "~/modules/contact/topics";
import { consume, LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { requestContext } from "~/route-context.server";

export function loader({ request, params }: Route.LoaderArgs) {
  const topic = new URL(request.url).searchParams.get("topic");
  return { i18n: pageResourcesFor(languageOf(params), ["contact"]), topic: isContactTopic(topic) ? topic : "general" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = echoedValues(Object.fromEntries(form), CONTACT_ECHO_LIMITS);
  const checked = parseInput(contactSchema, form);
  if (!checked.ok) return refused(checked.errors, { values });
  const { services, clientIp } = context.get(requestContext);
  const { db } = services;
  const now = services.now();
  // 3 messages per 60 s, counted both per network address and per email address.
  for (const subject of [`ip:${networkKey(clientIp)}`, `email:${checked.value.email}`]) {
    const limit = await consume(db, LIMITS.contactPerAddress, subject, now);
    if (!limit.allowed) return tooManyAttempts(values, limit.retryAfterSeconds);
  }
  // Stored with its mail to the owner queued; the outbox worker sends it (and retries) after the answer.
  await saveContactMessage(db, checked.value, languageOf(params), now);
  services.outbox.wake();
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
