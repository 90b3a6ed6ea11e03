import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { FormField } from "~/components/ui/form-field";
import type { Enrolment } from "~/modules/accounts/enrolment";

/** Scan (or type) the secret, then confirm with a code from the app; nothing is enforced before that. */
export function TwoFactorEnrolment({ enrolment, error }: { enrolment: Enrolment; error: string | undefined }) {
  const { t } = useTranslation("accounts");
  const { size, path } = enrolment.qr;
  return (
    <div className="flex flex-col gap-4">
      <p>{t("twoFactor.scan")}</p>
      <svg role="img" aria-label={t("twoFactor.qrLabel")} viewBox={`0 0 ${size} ${size}`} width={224} height={224} shapeRendering="crispEdges" className="rounded-lg border border-line bg-white">
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      <div>
        <p className="font-semibold">{t("twoFactor.secretLabel")}</p>
        <p className="font-mono break-all" data-testid="two-factor-secret">
          {enrolment.secret}
        </p>
      </div>
      <Form method="post" noValidate className="flex flex-col gap-3">
        <input type="hidden" name="totpUri" value={enrolment.totpUri} />
        <FormField id="two-factor-confirm-code" name="code" inputMode="numeric" autoComplete="one-time-code" required label={t("twoFactor.appCode")} error={error} />
        <button type="submit" name="intent" value="two-factor-confirm" className={buttonClass({ variant: "primary" })}>
          {t("twoFactor.confirm")}
        </button>
      </Form>
    </div>
  );
}
