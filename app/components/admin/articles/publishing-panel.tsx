import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import { PUBLISH_AND_SEND, type EditorView, type ErrorOf } from "./editor-types";
import { StateBadge } from "./state-badge";

/** A datetime-local value in the browser's own time for an ISO instant. */
function localValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * Where the article stands and the buttons that save it: as a draft (or the changes of a published
 * one), published now, or scheduled for a time in the owner's own time zone (the browser tells the
 * server its offset; without JavaScript the time is read as UTC).
 */
export function PublishingPanel({ view, publishAt, errorOf, busy }: { view: EditorView; publishAt: string | undefined; errorOf: ErrorOf; busy: boolean }) {
  const { t } = useTranslation("editor");
  const offset = useRef<HTMLInputElement>(null);
  const time = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (offset.current) offset.current.value = String(new Date().getTimezoneOffset());
    // The stored time is shown in the owner's own time, once the browser knows it.
    if (time.current && view.state === "scheduled" && publishAt === undefined) time.current.value = localValue(view.publishedAt);
  }, [view.state, view.publishedAt, publishAt]);
  const timeError = errorOf("publishAt");
  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-3">
        <StateBadge state={view.state} />
        {view.id && <span className="text-muted">{t(`edit.status.${view.state}`, { date: view.when })}</span>}
      </p>
      <input ref={offset} type="hidden" name="timezoneOffset" defaultValue="0" />
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" disabled={busy} className={buttonClass({ variant: view.state === "published" ? "primary" : "outline" })}>
          {view.state === "draft" ? t("edit.actions.saveDraft") : t("edit.actions.saveChanges")}
        </button>
        {view.state !== "published" && (
          <button type="submit" name="intent" value="publish" disabled={busy} className={buttonClass({ variant: "primary" })}>
            {t("edit.actions.publish")}
          </button>
        )}
        {view.state !== "published" && view.id && (
          <button type="submit" name="intent" value={PUBLISH_AND_SEND} disabled={busy} className={buttonClass({ variant: "outline" })}>
            {t("edit.actions.publishAndSend")}
          </button>
        )}
      </div>
      {view.state !== "published" && (
        <div className="flex flex-col gap-2 border-t border-line pt-4">
          <label htmlFor="publishAt" className="font-semibold">
            {t("edit.fields.publishAt")}
          </label>
          <div className="flex flex-wrap gap-3">
            <input
              ref={time}
              id="publishAt"
              name="publishAt"
              type="datetime-local"
              defaultValue={publishAt ?? (view.state === "scheduled" ? view.publishedAt.slice(0, 16) : "")}
              aria-describedby={timeError ? "publishAt-hint publishAt-error" : "publishAt-hint"}
              aria-invalid={Boolean(timeError)}
              className={`min-h-11 min-w-0 flex-1 basis-56 rounded-xl border bg-white px-4 text-base ${timeError ? "border-alert" : "border-line"}`}
            />
            <button type="submit" name="intent" value="schedule" disabled={busy} className={buttonClass({ variant: "accent" })}>
              {t("edit.actions.schedule")}
            </button>
          </div>
          <p id="publishAt-hint" className="text-sm text-muted">
            {t("edit.fields.publishAtHint")}
          </p>
          {timeError && (
            <p id="publishAt-error" className="text-sm font-medium text-alert">
              {timeError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
