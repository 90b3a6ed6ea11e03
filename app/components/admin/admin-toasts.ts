import type { Translate } from "~/i18n/translator";
import { showToast } from "~/components/ui/toast";

export type AdminToast = "granted" | "authRequired" | "denied" | "verifyFailed" | "loginFailed" | "ended" | "required";

const KINDS: Record<AdminToast, "success" | "error" | "info"> = {
  granted: "success",
  authRequired: "error",
  denied: "error",
  verifyFailed: "error",
  loginFailed: "error",
  ended: "info",
  required: "error",
};

/** A title and a description, translated (namespace `admin`). */
export function showAdminToast(t: Translate, toast: AdminToast): void {
  void showToast(KINDS[toast], t(`admin:toasts.${toast}.title`), { description: t(`admin:toasts.${toast}.description`) });
}

/** The toast an answer of the admin-access action names; anything else (a lost connection) is 'Login Failed'. */
export function adminToastFor(outcome: unknown): AdminToast {
  return outcome === "granted" || outcome === "authRequired" || outcome === "denied" || outcome === "verifyFailed" || outcome === "ended"
    ? outcome
    : "loginFailed";
}
