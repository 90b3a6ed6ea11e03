import { useTranslation } from "~/i18n/use-translation";
import { FormField } from "~/components/ui/form-field";
import { PASSWORD_LIMITS } from "~/modules/accounts/password-limits";

/** A password being chosen: the length limits as a hint, as browser constraints and in the error. */
export function NewPasswordField({ id, label, error }: { id: string; label: string; error: string | undefined }) {
  const { t } = useTranslation("accounts");
  return (
    <FormField
      id={id}
      name="password"
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_LIMITS.min}
      maxLength={PASSWORD_LIMITS.max}
      label={label}
      hint={t("fields.passwordHint", PASSWORD_LIMITS)}
      error={error ? t(`errors.${error}`, PASSWORD_LIMITS) : undefined}
    />
  );
}
