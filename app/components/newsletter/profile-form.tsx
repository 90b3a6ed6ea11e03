import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { FormField } from "~/components/ui/form-field";
import { buttonClass } from "~/components/ui/button-styles";
import { showToast } from "~/components/ui/toast";
import { NewsletterReplyMessage, replyText, type NewsletterReply } from "./newsletter-reply";

export const PROFILE_TOPICS = ["foreign-policy", "trade-justice", "diaspora-business", "culture-history", "podcast", "events"] as const;

/** The /subscribe 'complete your profile' form (source subscribe-page); works with and without JavaScript. */
export function ProfileForm({ reply, email }: { reply: NewsletterReply | undefined; email: string }) {
  const { t } = useTranslation("subscription");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!reply) return;
    const { ok, title, description } = replyText(t, reply);
    void showToast(ok ? "success" : "error", title, { description });
    if (ok) form.current?.reset();
  }, [reply, t]);
  const emailProblem = reply && !reply.ok ? reply.errors.email : undefined;
  return (
    <Form ref={form} method="post" className="flex flex-col gap-5">
      {reply && <NewsletterReplyMessage reply={reply} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="profile-first-name" name="firstName" autoComplete="given-name" maxLength={100} label={t("profile.firstName")} />
        <FormField id="profile-last-name" name="lastName" autoComplete="family-name" maxLength={100} label={t("profile.lastName")} />
      </div>
      <FormField
        id="profile-email"
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={254}
        defaultValue={email}
        label={t("profile.email")}
        error={emailProblem && t(`newsletter:errors.${emailProblem}`)}
      />
      <fieldset>
        <legend className="font-semibold">{t("profile.interests")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {PROFILE_TOPICS.map((topic) => (
            <label key={topic} className="flex min-h-11 items-center gap-3 rounded-xl border border-line bg-white px-4">
              <input type="checkbox" name="interests" value={topic} className="size-4 accent-forest-700" />
              {t(`profile.topics.${topic}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="profile-message" className="font-semibold">
          {t("profile.message")}
        </label>
        <textarea
          id="profile-message"
          name="message"
          rows={4}
          maxLength={2000}
          placeholder={t("profile.messageHint")}
          className="mt-1 w-full rounded-xl border border-line bg-white px-4 py-2.5 text-base"
        />
      </div>
      <p className="text-sm text-muted">{t("profile.privacy")}</p>
      <button type="submit" disabled={busy} className={buttonClass({ size: "lg", className: "self-start" })}>
        {busy ? t("newsletter:subscribing") : t("profile.submit")}
      </button>
    </Form>
  );
}
