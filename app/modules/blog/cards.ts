import { formatDate, readingMinutes } from "~/i18n/format";
import type { Language } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { keptResults } from "~/lib/kept-results";
import type { Article, ArticleSummary } from "./articles.server";

/**
 * Every page of cards writes the same few dates, and an article's page counts its whole body's words:
 * both are kept, by language and date, and by body (the server renders them; the browser only reads them).
 */
const cardDate = keptResults(1024, (key) => {
  const [language, isoDate] = key.split("|") as [Language, string];
  return formatDate(isoDate, language);
});
const bodyMinutes = keptResults(256, readingMinutes);

/** What an article card needs, with the date written for the reader and the link in their language. */
export function toCard(article: ArticleSummary, language: Language) {
  return {
    slug: article.slug,
    href: localizePath(`/blog/${article.slug}`, language),
    title: article.title,
    excerpt: article.excerpt,
    category: article.category,
    image: article.image,
    date: cardDate(`${language}|${article.publishedAt}`),
    publishedAt: article.publishedAt,
    featured: article.featured,
  };
}

/** What an article's own page needs besides its body's HTML (the public page and the private preview alike). */
export function toShown(article: Article, language: Language) {
  return {
    ...toCard(article, language),
    tags: article.tags,
    translated: article.translated,
    imageAlt: article.imageAlt,
    seoTitle: article.seoTitle || article.title,
    seoDescription: article.seoDescription || article.excerpt,
    updatedAt: article.updatedAt,
    minutes: bodyMinutes(article.body),
  };
}
