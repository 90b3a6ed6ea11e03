import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { useLocalize } from "~/i18n/root-data";
import { useTranslation } from "~/i18n/use-translation";
import type { EditorView } from "./editor-types";

/**
 * Opens a draft newsletter issue of the saved article: nothing is sent before the owner chooses on the page.
 * The button sits at its own width like the aside's other buttons, and waits while a form is on its way (a second
 * press would open a second issue).
 */
export function SendAsNewsletterForm({ view }: { view: EditorView }) {
  const { t } = useTranslation("editor");
  const localize = useLocalize();
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" action={localize("/admin/newsletter")} className="flex flex-col items-start gap-3">
      <input type="hidden" name="article" value={view.id ?? ""} />
      <p className="text-sm text-muted">{t("edit.newsletter.hint")}</p>
      <button type="submit" disabled={busy} className={buttonClass({ variant: "outline" })}>
        {t("edit.newsletter.send")}
      </button>
    </Form>
  );
}
