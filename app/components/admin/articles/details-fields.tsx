import { useTranslation } from "~/i18n/use-translation";
import { FormField, TextAreaField } from "~/components/ui/form-field";
import { ARTICLE_LIMITS } from "~/modules/blog/editor/editor-form";
import type { ArticleText } from "~/modules/blog/editor/article-rows.server";
import { CATEGORY_GROUPS, TRENDING_TAGS } from "~/modules/blog/taxonomy";
import type { EditorView, ErrorOf } from "./editor-types";

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-5 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The article's own fields, the same in every language: address, category, tags, featured. */
export function DetailsFields({ view, errorOf }: { view: Pick<EditorView, "slug" | "category" | "tags" | "featured">; errorOf: ErrorOf }) {
  const { t } = useTranslation("editor");
  const categoryError = errorOf("category");
  return (
    <>
      <FormField id="slug" name="slug" label={t("edit.fields.slug")} hint={t("edit.fields.slugHint")} defaultValue={view.slug} maxLength={ARTICLE_LIMITS.slug} pattern="[a-z0-9]+(-[a-z0-9]+)*" autoComplete="off" spellCheck={false} error={errorOf("slug")} />
      <div>
        <label htmlFor="category" className="font-semibold">
          {t("edit.fields.category")}
        </label>
        <select id="category" name="category" defaultValue={view.category} required aria-invalid={Boolean(categoryError)} aria-describedby={categoryError ? "category-error" : undefined} className={`mt-1 min-h-11 w-full rounded-xl border bg-white px-4 text-base ${categoryError ? "border-alert" : "border-line"}`}>
          <option value="">{t("edit.fields.chooseCategory")}</option>
          {CATEGORY_GROUPS.map((group) => (
            <optgroup key={group.id} label={t(`blog:groups.${group.id}`)}>
              {group.categories.map((category) => (
                <option key={category} value={category}>
                  {t(`blog:categories.${category}`)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {categoryError && (
          <p id="category-error" className="mt-1 text-sm font-medium text-alert">
            {categoryError}
          </p>
        )}
      </div>
      <fieldset>
        <legend className="font-semibold">{t("edit.fields.tags")}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {TRENDING_TAGS.map((tag) => (
            <label key={tag} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line bg-white px-4 has-[:checked]:border-forest-700 has-[:checked]:bg-forest-100">
              <input type="checkbox" name="tags" value={tag} defaultChecked={view.tags.includes(tag)} className="size-4 accent-forest-700" />
              {t(`blog:tags.${tag}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="inline-flex min-h-11 items-center gap-3 font-semibold">
        <input type="checkbox" name="featured" defaultChecked={view.featured} className="size-5 accent-forest-700" />
        {t("edit.fields.featured")}
      </label>
    </>
  );
}

/** What search engines and screen readers are told, per language. */
export function SeoFields({ text, errorOf }: { text: ArticleText; errorOf: ErrorOf }) {
  const { t } = useTranslation("editor");
  return (
    <>
      <FormField id="seoTitle" name="seoTitle" label={t("edit.fields.seoTitle")} hint={t("edit.fields.seoTitleHint")} defaultValue={text.seoTitle} maxLength={ARTICLE_LIMITS.seoTitle} error={errorOf("seoTitle")} />
      <TextAreaField id="seoDescription" name="seoDescription" label={t("edit.fields.seoDescription")} defaultValue={text.seoDescription} rows={3} maxLength={ARTICLE_LIMITS.seoDescription} error={errorOf("seoDescription")} aria-describedby="seoDescription-hint" />
      <p id="seoDescription-hint" className="-mt-4 text-sm text-muted">
        {t("edit.fields.seoDescriptionHint")}
      </p>
      <FormField id="imageAlt" name="imageAlt" label={t("edit.fields.imageAlt")} hint={t("edit.fields.imageAltHint")} defaultValue={text.imageAlt} maxLength={ARTICLE_LIMITS.imageAlt} error={errorOf("imageAlt")} />
    </>
  );
}
