import { ExternalLink } from "lucide-react";
import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import { formatDateTime } from "~/i18n/format";
import { useLanguage, useLocalize } from "~/i18n/root-data";
import type { EditorAnswer, EditorView, ErrorOf } from "./editor-types";

/** A private link to the saved article as readers would see it, valid for a day. */
export function PreviewLinkForm({ view, answer }: { view: EditorView; answer: EditorAnswer | undefined }) {
  const { t } = useTranslation("editor");
  const language = useLanguage();
  const link = answer?.ok && answer.link ? answer.link : null;
  return (
    <div className="flex flex-col gap-3">
      <Form method="post">
        <input type="hidden" name="id" value={view.id ?? ""} />
        <input type="hidden" name="language" value={view.language} />
        <button type="submit" name="intent" value="previewLink" className={buttonClass({ variant: "outline" })}>
          {t("edit.actions.previewLink")}
        </button>
      </Form>
      {link && (
        <div role="status" className="flex flex-col gap-2">
          <label htmlFor="preview-link" className="font-semibold">
            {t("edit.preview.linkLabel")}
          </label>
          <input id="preview-link" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} className="min-h-11 w-full rounded-xl border border-line bg-sand/40 px-3 text-sm" />
          <p className="text-sm text-muted">{t("edit.preview.linkHint", { date: formatDateTime(link.expiresAt, language) })}</p>
          <a href={link.path} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center gap-2 font-semibold text-forest-700 underline underline-offset-4">
            {t("edit.preview.open")}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </div>
      )}
    </div>
  );
}

/** The published article's page, and the way to take it back from readers. */
export function UnpublishForm({ view }: { view: EditorView }) {
  const { t } = useTranslation("editor");
  const localize = useLocalize();
  if (view.state === "draft" || !view.id) return null;
  return (
    <div className="flex flex-wrap gap-3">
      {view.state === "published" && (
        <Link to={localize(`/blog/${view.slug}`)} className={buttonClass({ variant: "ghost" })}>
          {t("edit.actions.view")}
        </Link>
      )}
      <Form method="post">
        <input type="hidden" name="id" value={view.id} />
        <button type="submit" name="intent" value="unpublish" className={buttonClass({ variant: "outline" })}>
          {t("edit.actions.unpublish")}
        </button>
      </Form>
    </div>
  );
}

/** Deleting asks for a ticked box first: it removes every language and revision for good. */
export function DeleteForm({ view, errorOf }: { view: EditorView; errorOf: ErrorOf }) {
  const { t } = useTranslation("editor");
  if (!view.id) return null;
  const error = errorOf("confirm");
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="id" value={view.id} />
      <p className="text-sm text-muted">{t("edit.delete.hint")}</p>
      <label className="flex items-start gap-3">
        <input type="checkbox" name="confirm" aria-invalid={Boolean(error)} aria-describedby={error ? "confirm-error" : undefined} className="mt-1 size-5 shrink-0 accent-alert" />
        <span>{t("edit.delete.confirm")}</span>
      </label>
      {error && (
        <p id="confirm-error" className="text-sm font-medium text-alert">
          {error}
        </p>
      )}
      <div>
        <button type="submit" name="intent" value="delete" className={buttonClass({ variant: "danger" })}>
          {t("edit.actions.delete")}
        </button>
      </div>
    </Form>
  );
}
