import { formatDate } from "~/i18n/format";
import type { Language } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import type { ArticleSummary } from "./articles.server";

/** What an article card needs, with the date written for the reader and the link in their language. */
export function toCard(article: ArticleSummary, language: Language) {
  return {
    slug: article.slug,
    href: localizePath(`/blog/${article.slug}`, language),
    title: article.title,
    excerpt: article.excerpt,
    category: article.category,
    image: article.image,
    date: formatDate(article.publishedAt, language),
    publishedAt: article.publishedAt,
    featured: article.featured,
  };
}
