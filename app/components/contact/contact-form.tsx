import { Send } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { showToast } from "~/components/ui/toast";
import { cn } from "~/components/lib/cn";
import { CONTACT_LIMITS, CONTACT_TOPICS } from "~/modules/contact/topics";

type Field = "name" | "email" | "topic" | "message";

export interface ContactFormResult {
  ok: boolean;
  errors?: Partial<Record<Field | "form", string>>;
  values?: Partial<Record<Field, string>>;
}

/** Name, email, topic and message; a plain POST that works without JavaScript. */
export function ContactForm({ result, initialTopic }: { result: ContactFormResult | undefined; initialTopic: string }) {
  const { t } = useTranslation("contact");
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  if (result?.ok) return <SentNotice text={t("sent")} />;
  const fieldClass = (field: Field) => cn("mt-1 w-full rounded-xl border bg-white px-4 py-2.5 text-base", errors[field] ? "border-alert" : "border-line");
  const described = (field: Field) => ({ "aria-invalid": Boolean(errors[field]), "aria-describedby": errors[field] ? `contact-${field}-error` : undefined });
  const error = (field: Field) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className="mt-1 text-sm font-medium text-alert">
        {t(`errors.${errors[field]}`, { max: field === "name" ? CONTACT_LIMITS.name : CONTACT_LIMITS.message })}
      </p>
    ) : null;
  return (
    <Form method="post" noValidate className="flex flex-col gap-5">
      <p className="text-lg">{t("intro")}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className="font-semibold">
            {t("name")}
          </label>
          <input id="contact-name" name="name" autoComplete="name" required maxLength={CONTACT_LIMITS.name} defaultValue={values.name} className={fieldClass("name")} {...described("name")} />
          {error("name")}
        </div>
        <div>
          <label htmlFor="contact-email" className="font-semibold">
            {t("email")}
          </label>
          <input id="contact-email" name="email" type="email" autoComplete="email" required maxLength={CONTACT_LIMITS.email} defaultValue={values.email} className={fieldClass("email")} {...described("email")} />
          {error("email")}
        </div>
      </div>
      <div>
        <label htmlFor="contact-topic" className="font-semibold">
          {t("topic")}
        </label>
        <select id="contact-topic" name="topic" defaultValue={values.topic ?? initialTopic} className={fieldClass("topic")} {...described("topic")}>
          {CONTACT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`topics.${topic}`)}
            </option>
          ))}
        </select>
        {error("topic")}
      </div>
      <div>
        <label htmlFor="contact-message" className="font-semibold">
          {t("message")}
        </label>
        <textarea id="contact-message" name="message" rows={7} required defaultValue={values.message} className={fieldClass("message")} {...described("message")} />
        {error("message")}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm font-medium text-alert">
          {t(`errors.${errors.form}`)}
        </p>
      )}
      <p className="text-sm text-muted">{t("privacy")}</p>
      <button type="submit" disabled={submitting} className={buttonClass({ className: "self-start" })}>
        <Send aria-hidden="true" className="size-4" />
        {submitting ? t("submitting") : t("submit")}
      </button>
    </Form>
  );
}

/**
 * The thank-you line takes the form's place, which on a phone is below the fold once the keyboard
 * closes: it is brought into view and focused, and a toast says the same where the reader is looking.
 */
function SentNotice({ text }: { text: string }) {
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    line.current?.scrollIntoView({ block: "center" });
    line.current?.focus({ preventScroll: true });
    void showToast("success", text);
  }, [text]);
  return (
    <p ref={line} tabIndex={-1} role="status" className="rounded-xl border border-forest-700 bg-forest-100 px-5 py-4 font-medium text-forest-900 outline-none">
      {text}
    </p>
  );
}
