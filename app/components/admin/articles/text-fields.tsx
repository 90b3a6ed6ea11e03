import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { FormField, TextAreaField } from "~/components/ui/form-field";
import { buttonClass } from "~/components/ui/button-styles";
import { ARTICLE_LIMITS } from "~/modules/blog/editor/editor-form";
import type { ArticleText } from "~/modules/blog/editor/article-rows.server";
import { MarkdownToolbar, onFormatKey } from "./markdown-toolbar";
import type { ErrorOf } from "./editor-types";

/** The live preview: the body rendered by the server's own Markdown pipeline, as readers will see it. */
function LivePreview({ body, version }: { body: () => string; version: number }) {
  const { t } = useTranslation("editor");
  const fetcher = useFetcher<{ ok: boolean; html?: string }>();
  const [open, setOpen] = useState(false);
  const submit = fetcher.submit;
  // Rendered when opened, then again a moment after each change of the body.
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void submit({ intent: "render", body: body() }, { method: "post" }), version === 0 ? 0 : 600);
    return () => clearTimeout(timer);
  }, [open, version, submit, body]);
  return (
    <div className="mt-3">
      <button type="button" aria-expanded={open} aria-controls="article-preview" onClick={() => setOpen(!open)} className={buttonClass({ variant: "outline", size: "sm" })}>
        {open ? t("edit.preview.hide") : t("edit.preview.show")}
      </button>
      {open && (
        <section id="article-preview" aria-label={t("edit.preview.live")} aria-busy={fetcher.state !== "idle"} className="mt-3 max-h-[36rem] overflow-y-auto rounded-2xl border border-line bg-white p-5" tabIndex={0}>
          {fetcher.data?.html ? <div className="article-body" data-preview="" dangerouslySetInnerHTML={{ __html: fetcher.data.html }} /> : <p className="text-muted">{t("edit.preview.empty")}</p>}
        </section>
      )}
    </div>
  );
}

/** Title, excerpt and the Markdown body with its toolbar and preview; the English text is shown under a translation's fields. */
export function TextFields({ text, english, errorOf }: { text: ArticleText; english: ArticleText | null; errorOf: ErrorOf }) {
  const { t } = useTranslation("editor");
  const body = useRef<HTMLTextAreaElement>(null);
  const [bodyVersion, setBodyVersion] = useState(0);
  const bodyText = useCallback(() => body.current?.value ?? "", []);
  const reference = (value: string | undefined) => (english && value ? <p className="mt-1 line-clamp-3 text-sm text-muted" lang="en">{value}</p> : null);
  return (
    <div className="flex flex-col gap-5">
      <div>
        <FormField id="title" name="title" label={t("edit.fields.title")} defaultValue={text.title} maxLength={ARTICLE_LIMITS.title} required error={errorOf("title")} />
        {reference(english?.title)}
      </div>
      <div>
        <TextAreaField id="excerpt" name="excerpt" label={t("edit.fields.excerpt")} defaultValue={text.excerpt} rows={3} maxLength={ARTICLE_LIMITS.excerpt} required error={errorOf("excerpt")} aria-describedby="excerpt-hint" />
        <p id="excerpt-hint" className="mt-1 text-sm text-muted">
          {t("edit.fields.excerptHint")}
        </p>
        {reference(english?.excerpt)}
      </div>
      <div>
        <label htmlFor="body" className="font-semibold">
          {t("edit.fields.body")}
        </label>
        <p id="body-hint" className="mb-2 text-sm text-muted">
          {t("edit.fields.bodyHint")}
        </p>
        <MarkdownToolbar target={body} controls="body" />
        <textarea
          ref={body}
          id="body"
          name="body"
          defaultValue={text.body}
          rows={18}
          required
          aria-describedby={errorOf("body") ? "body-hint body-error" : "body-hint"}
          aria-invalid={Boolean(errorOf("body"))}
          onKeyDown={(event) => onFormatKey(event, t("edit.toolbar.linkText"))}
          onInput={() => setBodyVersion((version) => version + 1)}
          className={`block w-full rounded-b-xl border bg-white px-4 py-3 font-mono text-[0.95rem] leading-relaxed ${errorOf("body") ? "border-alert" : "border-line"}`}
        />
        {errorOf("body") && (
          <p id="body-error" className="mt-1 text-sm font-medium text-alert">
            {errorOf("body")}
          </p>
        )}
        <LivePreview body={bodyText} version={bodyVersion} />
      </div>
    </div>
  );
}
