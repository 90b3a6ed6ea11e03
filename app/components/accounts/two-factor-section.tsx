import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { FormField, FormNotice } from "~/components/ui/form-field";
import { TwoFactorEnrolment, type Enrolment } from "./two-factor-enrolment";

export type TwoFactorForm = "start" | "confirm" | "codes" | "disable";

/** What the last two-factor form answered: the enrolment step, new backup codes, or an error. */
export interface TwoFactorView {
  enrolment?: Enrolment | undefined;
  backupCodes?: string[];
  error?: { form: TwoFactorForm; key: string };
}

/** A form that asks for the current password before changing the second factor. */
function PasswordForm({ form, intent, submit, error }: { form: TwoFactorForm; intent: string; submit: string; error: string | undefined }) {
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
export function TwoFactorSection({ enabled, view }: { enabled: boolean; view: TwoFactorView }) {
  const { t } = useTranslation("accounts");
  const errorFor = (form: TwoFactorForm) => (view.error?.form === form ? t(`errors.${view.error.key}`) : undefined);
  return (
    <section aria-labelledby="two-factor-heading" className="flex flex-col gap-4">
      <h2 id="two-factor-heading" className="text-xl font-semibold">
        {t("twoFactor.heading")}
      </h2>
      {view.backupCodes && (
        <div className="flex flex-col gap-3">
          <FormNotice kind="success">{t("twoFactor.backupCodesIntro")}</FormNotice>
          <ul aria-label={t("twoFactor.backupCodes")} className="grid grid-cols-2 gap-2 rounded-xl border border-line bg-white p-4 font-mono">
            {view.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      )}
      <p>{t(enabled ? "twoFactor.on" : "twoFactor.off")}</p>
      {enabled ? (
        <>
          <PasswordForm form="codes" intent="two-factor-codes" submit={t("twoFactor.regenerate")} error={errorFor("codes")} />
          <PasswordForm form="disable" intent="two-factor-disable" submit={t("twoFactor.disable")} error={errorFor("disable")} />
        </>
      ) : view.enrolment ? (
        <TwoFactorEnrolment enrolment={view.enrolment} error={errorFor("confirm")} />
      ) : (
        <PasswordForm form="start" intent="two-factor-start" submit={t("twoFactor.start")} error={errorFor("start")} />
      )}
    </section>
  );
}
