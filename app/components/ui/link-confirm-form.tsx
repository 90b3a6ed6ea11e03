import { Form, useLocation, useNavigation } from "react-router";
import { buttonClass } from "./button-styles";

/**
 * The one button of a page opened from a mailed link: it posts the link's token back, so the link
 * acts only when a person presses it (a mail scanner that opens the link changes nothing). A plain
 * form, so it works without JavaScript; it posts to the page's path, the token travelling in the body only.
 */
export function LinkConfirmForm({ token, label, pendingLabel }: { token: string; label: string; pendingLabel: string }) {
  const submitting = useNavigation().state === "submitting";
  const { pathname } = useLocation();
  return (
    <Form method="post" action={pathname} className="flex flex-col items-start gap-5">
      <input type="hidden" name="token" value={token} />
      <button type="submit" disabled={submitting} className={buttonClass({ variant: "primary", size: "lg" })}>
        {submitting ? pendingLabel : label}
      </button>
    </Form>
  );
}
