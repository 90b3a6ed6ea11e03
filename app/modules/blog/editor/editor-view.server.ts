import type { Db } from "~/adapters/db/database.server";
import type { ArticleState } from "~/adapters/db/schema";
import { formatDateTime } from "~/i18n/format";
import { isLanguage, LANGUAGES, type Language } from "~/i18n/languages";
import { readEditedArticle, type ArticleText } from "./article-rows.server";
import type { TranslationStanding } from "./article-list.server";
import { listRevisions } from "./revisions.server";

const EMPTY_TEXT: ArticleText = { title: "", excerpt: "", body: "", seoTitle: "", seoDescription: "", imageAlt: "" };

/** What the editor page shows for one article and one language of it (a new article: English, empty). */
export interface EditorView {
  id: string | null;
  language: Language;
  slug: string;
  category: string;
  tags: string[];
  featured: boolean;
  image: string | null;
  state: ArticleState;
  publishedAt: string;
  /** The publication time written out for the status line, in UTC. */
  when: string;
  text: ArticleText;
  /** The English text, shown beside a translation for reference. */
  english: ArticleText | null;
  standing: Record<Language, TranslationStanding>;
  revisions: { id: string; autosaved: boolean; when: string }[];
}

/** A new article: English only, empty, a draft once saved. */
const NEW_ARTICLE: EditorView = {
  id: null,
  language: "en",
  slug: "",
  category: "",
  tags: [],
  featured: false,
  image: null,
  state: "draft",
  publishedAt: "",
  when: "",
  text: EMPTY_TEXT,
  english: null,
  standing: { en: "missing", es: "missing", pt: "missing", fr: "missing" },
  revisions: [],
};

/** The editor's data, or null when the article does not exist. */
export async function editorView(db: Db, id: string | null, requested: string | null, pageLanguage: Language): Promise<EditorView | null> {
  const language: Language = isLanguage(requested) ? requested : "en";
  if (!id) return NEW_ARTICLE;
  const article = await readEditedArticle(db, id);
  if (!article) return null;
  const english = article.texts.en;
  const standing = Object.fromEntries(
    LANGUAGES.map((code) => {
      const text = article.texts[code];
      return [code, !text ? "missing" : code !== "en" && english && text.updatedAt < english.updatedAt ? "outdated" : "current"];
    }),
  ) as Record<Language, TranslationStanding>;
  const revisions = await listRevisions(db, id, language);
  return {
    id: article.id,
    language,
    slug: article.slug,
    category: article.category,
    tags: article.tags,
    featured: article.featured,
    image: article.image,
    state: article.state,
    publishedAt: article.publishedAt,
    when: formatDateTime(article.publishedAt, pageLanguage),
    text: article.texts[language] ?? EMPTY_TEXT,
    english: language === "en" ? null : (english ?? null),
    standing,
    revisions: revisions.map((revision) => ({ id: revision.id, autosaved: revision.autosaved, when: formatDateTime(revision.createdAt, pageLanguage) })),
  };
}
