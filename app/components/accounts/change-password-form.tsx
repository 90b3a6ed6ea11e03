import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { FormField } from "~/components/ui/form-field";
import { NewPasswordField } from "./new-password-field";

/** Current and new password; changing it signs out the other devices. */
export function ChangePasswordForm({ errors }: { errors: { currentPassword?: string; password?: string } }) {
  const { t } = useTranslation("accounts");
  const submitting = useNavigation().formData?.get("intent") === "change-password";
  return (
    <section aria-labelledby="change-password-heading">
      <h2 id="change-password-heading" className="text-xl font-semibold">
        {t("account.changePassword")}
      </h2>
      <Form method="post" noValidate className="mt-3 flex flex-col gap-4">
        <FormField
          id="current-password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          label={t("fields.currentPassword")}
          error={errors.currentPassword ? t(`errors.${errors.currentPassword}`) : undefined}
        />
        <NewPasswordField id="new-password" label={t("fields.newPassword")} error={errors.password} />
        <button type="submit" name="intent" value="change-password" disabled={submitting} className={buttonClass({ variant: "outline" })}>
          {t("account.changePassword")}
        </button>
      </Form>
    </section>
  );
}
