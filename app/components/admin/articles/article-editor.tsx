import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/components/lib/cn";
import { FormNotice } from "~/components/ui/form-field";
import { LANGUAGE_NAMES, LANGUAGES } from "~/i18n/languages";
import { useLocalize } from "~/i18n/root-data";
import { DeleteForm, PreviewLinkForm, UnpublishForm } from "./article-actions";
import { CoverPanel } from "./cover-panel";
import { DetailsFields, Section, SeoFields } from "./details-fields";
import type { EditorAnswer, EditorView } from "./editor-types";
import { PublishingPanel } from "./publishing-panel";
import { SendAsNewsletterForm } from "./send-as-newsletter";
import { RevisionsPanel } from "./revisions-panel";
import { TextFields } from "./text-fields";
import { useAutosave, type AutosaveState } from "./use-autosave";
import { useUnsavedGuard } from "./use-unsaved-guard";

/** The languages of the article as tabs (links: each language is its own page of the editor). */
function LanguageTabs({ view }: { view: EditorView }) {
  const { t } = useTranslation("editor");
  const localize = useLocalize();
  if (!view.id) return <p className="rounded-xl border border-line bg-sand/50 px-4 py-3 text-sm">{t("edit.englishFirst")}</p>;
  return (
    <nav aria-label={t("edit.languagesLabel")}>
      <ul className="flex flex-wrap gap-2">
        {LANGUAGES.map((language) => (
          <li key={language}>
            <Link
              to={`${localize(`/admin/articles/${view.id}`)}?lang=${language}`}
              aria-current={language === view.language ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center gap-2 rounded-full border px-4 font-semibold",
                language === view.language ? "border-forest-700 bg-forest-700 text-white" : "border-line bg-white hover:bg-sand",
              )}
            >
              {LANGUAGE_NAMES[language]}
              <span className="sr-only">{t(`standing.${view.standing[language]}`, { language: LANGUAGE_NAMES[language] })}</span>
              {view.standing[language] !== "current" && <span aria-hidden="true" className={cn("size-2 rounded-full", view.standing[language] === "missing" ? "bg-muted" : "bg-gold-400")} />}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AutosaveStatus({ state, enabled }: { state: AutosaveState; enabled: boolean }) {
  const { t } = useTranslation("editor");
  const text = !enabled
    ? t("edit.autosave.afterFirstSave")
    : state.kind === "idle"
      ? ""
      : state.kind === "saving"
        ? t("edit.autosave.saving")
        : state.kind === "saved" || state.kind === "kept"
          ? t(`edit.autosave.${state.kind}`, { time: state.at })
          : t(`edit.autosave.${state.kind}`);
  return (
    <p role="status" className="min-h-6 text-sm text-muted">
      {text}
    </p>
  );
}

/**
 * The editor: one language's text, the article's details, the publishing buttons, and beside them
 * the preview link, revisions, unpublish and delete. Typing is saved a moment later (autosave), and
 * leaving with unsaved changes asks first.
 */
export function ArticleEditor({ view, done, answer }: { view: EditorView; done: string | null; answer: EditorAnswer | undefined }) {
  const { t } = useTranslation("editor");
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const [dirty, setDirty] = useState(false);
  const autosave = useAutosave(form, Boolean(view.id), () => setDirty(false));
  useUnsavedGuard(dirty, t("edit.unsaved"));
  const failed = answer && !answer.ok ? answer : null;
  const errorOf = (field: string) => {
    const problem = failed?.errors[field];
    return problem ? t(`edit.errors.${problem}`) : undefined;
  };
  const values = failed?.values;
  const text = values ? { ...view.text, ...values } : view.text;
  const details = values ? { ...view, ...values, tags: values.tags?.split(",") ?? view.tags, featured: values.featured === "on" } : view;
  const notice = failed ? t(`edit.errors.${failed.errors.form ?? "form"}`) : null;
  const doneKey = answer?.ok && answer.done && answer.done !== "previewLink" ? answer.done : done;
  return (
    <div className="flex flex-col gap-6">
      {notice && <FormNotice kind="error">{notice}</FormNotice>}
      {!notice && doneKey && ["saved", "published", "scheduled", "unpublished", "restored", "coverRemoved"].includes(doneKey) && <FormNotice kind="success">{t(`edit.done.${doneKey}`)}</FormNotice>}
      <LanguageTabs view={view} />
      {view.id && view.language !== "en" && view.standing[view.language] !== "current" && (
        <p role="note" className="rounded-xl border border-gold-400 bg-gold-300/30 px-4 py-3 text-sm">
          {t(`edit.${view.standing[view.language] === "missing" ? "missing" : "outdated"}`)}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Form
          ref={form}
          method="post"
          key={`${view.id ?? "new"}:${view.language}:${view.revisions[0]?.id ?? ""}`}
          lang={view.language}
          className="flex min-w-0 flex-col gap-6"
          onInput={() => {
            setDirty(true);
            autosave.changed();
          }}
          onSubmit={() => {
            autosave.cancel();
            setDirty(false);
          }}
        >
          <input type="hidden" name="id" value={view.id ?? ""} />
          <input type="hidden" name="language" value={view.language} />
          <Section title={t("edit.sections.text")}>
            <TextFields text={text} english={view.english} errorOf={errorOf} />
          </Section>
          <Section title={t("edit.sections.publishing")}>
            <PublishingPanel view={view} publishAt={values?.publishAt} errorOf={errorOf} busy={navigation.state !== "idle"} />
            <AutosaveStatus state={autosave.state} enabled={Boolean(view.id)} />
          </Section>
          <Section title={t("edit.sections.details")}>
            <DetailsFields view={details} errorOf={errorOf} />
          </Section>
          <Section title={t("edit.sections.seo")}>
            <SeoFields text={text} errorOf={errorOf} />
          </Section>
        </Form>
        {view.id && (
          <aside className="flex flex-col gap-6">
            <Section title={t("edit.preview.heading")}>
              <PreviewLinkForm view={view} answer={answer} />
              <UnpublishForm view={view} />
            </Section>
            <Section title={t("edit.sections.newsletter")}>
              <SendAsNewsletterForm view={view} />
            </Section>
            <Section title={t("edit.cover.heading")}>
              <CoverPanel view={view} />
            </Section>
            <Section title={t("edit.sections.revisions")}>
              <RevisionsPanel view={view} />
            </Section>
            <Section title={t("edit.sections.delete")}>
              <DeleteForm view={view} errorOf={errorOf} />
            </Section>
          </aside>
        )}
      </div>
    </div>
  );
}
