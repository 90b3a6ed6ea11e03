import type { Db } from "~/adapters/db/database.server";
import { LANGUAGES, type Language } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { escapeXml } from "~/lib/xml";
import { getArticleForPreview, SOURCE_LANGUAGE } from "./articles.server";
import { coverFile, isUploadedCover, socialImage } from "./cover-files";
import { renderMarkdown } from "./markdown.server";

/** An article as a mail shows it in one language (the newsletter's MailItem has this shape). */
export interface ArticleForMail {
  title: string;
  excerpt: string;
  bodyHtml: string;
  summaryHtml: string;
  link: string;
  cover: { url: string; alt: string } | null;
}

/** Links and images of the article's HTML made absolute: a mail has no site to be relative to. */
const absolute = (html: string, appUrl: string) => html.replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${appUrl}/`);

/**
 * The article in English and in every language it is translated into: its full text as HTML, its
 * summary, its address and its cover (the 800-pixel JPEG: light on a phone's data). Null when there is
 * no such article (in any state: an issue may be prepared before the article is published).
 */
export async function articleForMail(db: Db, appUrl: string, articleId: string): Promise<Partial<Record<Language, ArticleForMail>> | null> {
  const item: Partial<Record<Language, ArticleForMail>> = {};
  for (const language of LANGUAGES) {
    const article = await getArticleForPreview(db, articleId, language);
    if (!article) return null;
    if (!article.translated && language !== SOURCE_LANGUAGE) continue;
    item[language] = {
      title: article.title,
      excerpt: article.excerpt,
      bodyHtml: absolute(renderMarkdown(article.body), appUrl),
      summaryHtml: `<p>${escapeXml(article.excerpt)}</p>`,
      link: appUrl + localizePath(`/blog/${article.slug}`, language),
      cover: article.image ? { url: appUrl + (isUploadedCover(article.image) ? coverFile(article.image, 800, "jpg") : socialImage(article.image)), alt: article.imageAlt } : null,
    };
  }
  return item;
}
