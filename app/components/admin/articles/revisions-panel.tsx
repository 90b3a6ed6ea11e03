import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import type { EditorView } from "./editor-types";

/** The kept revisions of the language shown, newest first, each with its Restore button. */
export function RevisionsPanel({ view }: { view: EditorView }) {
  const { t } = useTranslation("editor");
  if (!view.id) return null;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">{t("edit.revisions.hint")}</p>
      {view.revisions.length === 0 ? (
        <p className="text-muted">{t("edit.revisions.empty")}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-line">
          {view.revisions.map((revision, index) => (
            <li key={revision.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="block text-sm font-semibold">{revision.when}</span>
                <span className="text-sm text-muted">{revision.autosaved ? t("edit.revisions.autosaved") : t("edit.revisions.saved")}</span>
              </span>
              {index > 0 && (
                <Form method="post">
                  <input type="hidden" name="id" value={view.id ?? ""} />
                  <input type="hidden" name="revisionId" value={revision.id} />
                  <button type="submit" name="intent" value="restore" aria-label={t("edit.revisions.restoreLabel", { date: revision.when })} className={buttonClass({ variant: "outline", size: "sm" })}>
                    {t("edit.revisions.restore")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
