import { Feed } from "feed";
import type { Db } from "~/adapters/db/database.server";
import { LANGUAGE_LOCALES, type Language } from "~/i18n/languages";
import { xmlSafe } from "~/lib/clean-text";
import { localizePath } from "~/i18n/paths";
import { newestArticles } from "./articles.server";

export type FeedFormat = "rss" | "atom";

const ATOM_ROOT = /<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom"/;

export const FEED_PATHS: Record<FeedFormat, string> = { rss: "/blog/feed.xml", atom: "/blog/atom.xml" };

/**
 * Articles a feed carries: the newest. A reader's app fetches the feed again every few minutes to find what
 * is new, so a feed of the whole archive would grow without end for each of them; the older articles are
 * on the blog.
 */
export const FEED_ARTICLES = 50;

/**
 * The blog as RSS 2.0 or Atom in one language, its `FEED_ARTICLES` newest, with links in that language. The
 * publication is the author, as Atom requires one; each category has its Atom `term`.
 */
export async function blogFeed(
  db: Db,
  { language, format, appUrl, title, description, siteName }: { language: Language; format: FeedFormat; appUrl: string; title: string; description: string; siteName: string },
): Promise<string> {
  const articles = await newestArticles(db, language, FEED_ARTICLES);
  const blogUrl = appUrl + localizePath("/blog", language);
  const feed = new Feed({
    id: blogUrl,
    title,
    description,
    link: blogUrl,
    language: LANGUAGE_LOCALES[language],
    favicon: `${appUrl}/favicon.svg`,
    copyright: `© ${siteName}`,
    author: { name: siteName, link: appUrl },
    updated: articles[0] ? new Date(articles[0].publishedAt) : undefined,
    generator: false,
    feedLinks: {
      rss: appUrl + localizePath(FEED_PATHS.rss, language),
      atom: appUrl + localizePath(FEED_PATHS.atom, language),
    },
  });
  for (const article of articles) {
    const link = appUrl + localizePath(`/blog/${article.slug}`, language);
    feed.addItem({
      id: link,
      title: article.title,
      link,
      description: article.excerpt,
      date: new Date(article.publishedAt),
      category: [{ name: article.category, term: article.category, scheme: `${blogUrl}?category=` }],
    });
  }
  // The feed library writes no language on an Atom feed; strict readers want xml:lang.
  const xml = format === "rss" ? feed.rss2() : feed.atom1().replace(ATOM_ROOT, `$& xml:lang="${LANGUAGE_LOCALES[language]}"`);
  // The library escapes markup but keeps characters XML 1.0 forbids, and one (a title stored with a
  // vertical tab) would make the whole feed unreadable. No markup can hold them, so the whole document
  // is guarded at once, whatever text the library put where.
  return xmlSafe(xml);
}

/**
 * When what the blog's feeds show last changed (Last-Modified): an article's row or text written,
 * or anything the blog's admin did that the audit log records (a deletion leaves no row behind).
 */
export async function blogFeedChangedAt(db: Db): Promise<Date> {
  const [articles, texts, actions] = await Promise.all([
    db.selectFrom("articles").select((eb) => eb.fn.max("updated_at").as("at")).executeTakeFirst(),
    db.selectFrom("article_translations").select((eb) => eb.fn.max("updated_at").as("at")).executeTakeFirst(),
    db.selectFrom("audit_log").select((eb) => eb.fn.max("timestamp").as("at")).where("action", "like", "blog.%").executeTakeFirst(),
  ]);
  const times = [articles?.at, texts?.at, actions?.at].filter((stamp): stamp is string => Boolean(stamp)).map((stamp) => Date.parse(stamp));
  return new Date(Math.max(0, ...times.filter(Number.isFinite)));
}
