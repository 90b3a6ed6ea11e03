import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { FormField, FormNotice } from "~/components/ui/form-field";
import type { FieldErrors } from "~/lib/form-input";
import type { Enrolment } from "~/modules/accounts/enrolment";
import { TwoFactorEnrolment } from "./two-factor-enrolment";

/** What the last two-factor form gave: the enrolment step, or new backup codes to show once. */
export interface TwoFactorDone {
  enrolment?: Enrolment | undefined;
  backupCodes?: string[] | undefined;
}

/** A refused form of the account page: which one (`intent`), its problems, and the enrolment to show again. */
export interface TwoFactorRefusal {
  intent?: string;
  errors: FieldErrors;
  enrolment?: Enrolment | undefined;
}

/** A form that asks for the current password before changing the second factor. */
function PasswordForm({ form, intent, submit, error }: { form: string; intent: string; submit: string; error: string | undefined }) {
  const { t } = useTranslation("accounts");
  return (
    <Form method="post" noValidate className="flex flex-col gap-3">
      <FormField id={`two-factor-${form}-password`} name="password" type="password" autoComplete="current-password" required label={t("fields.currentPassword")} error={error} />
      <button type="submit" name="intent" value={intent} className={buttonClass({ variant: "outline" })}>
        {submit}
      </button>
    </Form>
  );
}

/** The account page's "Two-factor authentication": turn on with an authenticator app, new backup codes, turn off. */
export function TwoFactorSection({ enabled, done, refusal }: { enabled: boolean; done: TwoFactorDone; refusal: TwoFactorRefusal | undefined }) {
  const { t } = useTranslation("accounts");
  const errorFor = (intent: string, field: string) => {
    const problem = refusal?.intent === intent ? refusal.errors[field] : undefined;
    return problem ? t(`errors.${problem}`) : undefined;
  };
  const enrolment = done.enrolment ?? refusal?.enrolment;
  return (
    <section aria-labelledby="two-factor-heading" className="flex flex-col gap-4">
      <h2 id="two-factor-heading" className="text-xl font-semibold">
        {t("twoFactor.heading")}
      </h2>
      {done.backupCodes && (
        <div className="flex flex-col gap-3">
          <FormNotice kind="success">{t("twoFactor.backupCodesIntro")}</FormNotice>
          <ul aria-label={t("twoFactor.backupCodes")} className="grid grid-cols-2 gap-2 rounded-xl border border-line bg-white p-4 font-mono">
            {done.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      )}
      <p>{t(enabled ? "twoFactor.on" : "twoFactor.off")}</p>
      {enabled ? (
        <>
          <PasswordForm form="codes" intent="two-factor-codes" submit={t("twoFactor.regenerate")} error={errorFor("two-factor-codes", "password")} />
          <PasswordForm form="disable" intent="two-factor-disable" submit={t("twoFactor.disable")} error={errorFor("two-factor-disable", "password")} />
        </>
      ) : enrolment ? (
        <TwoFactorEnrolment enrolment={enrolment} error={errorFor("two-factor-confirm", "code")} />
      ) : (
        <PasswordForm form="start" intent="two-factor-start" submit={t("twoFactor.start")} error={errorFor("two-factor-start", "password")} />
      )}
    </section>
  );
}
