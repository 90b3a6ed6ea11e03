import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation } from "react-router";
import type { FieldErrors } from "~/lib/form-input";
import { buttonClass } from "~/components/ui/button-styles";
import { FormField, FormNotice } from "~/components/ui/form-field";
import { AccountPage } from "./account-page";

export type EmailLinkReply =
  | { ok: true; email: string; minutes: number }
  | { ok: false; errors: FieldErrors; values: { email: string } };

/**
 * A page that mails a link to an address (password reset, sign-in link): the form, then the same
 * 'sent' answer for known and unknown addresses. `texts` names the strings' section in `accounts`.
 */
export function EmailLinkRequest({ pageKey, texts, reply, children }: { pageKey: string; texts: "forgot" | "signInLink"; reply: EmailLinkReply | undefined; children?: ReactNode }) {
  const { t } = useTranslation("accounts");
  const submitting = useNavigation().state === "submitting";
  if (reply?.ok) {
    return (
      <AccountPage pageKey={pageKey}>
        <FormNotice kind="success">{t(`${texts}.sent`, { email: reply.email, minutes: reply.minutes })}</FormNotice>
      </AccountPage>
    );
  }
  const errors = reply?.errors ?? {};
  return (
    <AccountPage pageKey={pageKey}>
      {errors.form && <FormNotice kind="error">{t(`errors.${errors.form}`)}</FormNotice>}
      <p>{t(`${texts}.intro`)}</p>
      <Form method="post" noValidate className="flex flex-col gap-5">
        <FormField id={`${pageKey}-email`} name="email" type="email" autoComplete="email" required label={t("fields.email")} defaultValue={reply?.values.email} error={errors.email ? t(`errors.${errors.email}`) : undefined} />
        <button type="submit" disabled={submitting} className={buttonClass({ variant: "primary", size: "lg" })}>
          {submitting ? t(`${texts}.submitting`) : t(`${texts}.submit`)}
        </button>
      </Form>
      {children}
    </AccountPage>
  );
}
