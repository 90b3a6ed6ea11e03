import { Clock } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/blog-article";
import { ArticleCard } from "~/components/blog/article-card";
import { ShareLinks } from "~/components/blog/share-links";
import { DocumentHtml } from "~/components/layout/document-html";
import { NewsletterForm } from "~/components/layout/newsletter-form";
import { useNonce } from "~/components/layout/nonce";
import { readingMinutes } from "~/i18n/format";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { localizePath } from "~/i18n/paths";
import { keptForDocument } from "~/lib/document-only.server";
import { jsonLd } from "~/lib/json-ld";
import { getArticle, relatedArticles } from "~/modules/blog/articles.server";
import { toCard } from "~/modules/blog/cards";
import { renderMarkdown } from "~/modules/blog/markdown.server";
import { redirectedSlug } from "~/modules/blog/editor/article-slugs.server";

const ARTICLE_BODY_ID = "article-body";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = languageOf(params);
  const { db, config } = context.services;
  const article = await getArticle(db, params.slug, language);
  if (!article) {
    // The old address of an article whose slug changed leads to it for good.
    const moved = await redirectedSlug(db, params.slug);
    if (moved) throw redirect(localizePath(`/blog/${moved}`, language), 301);
    throw data(null, { status: 404 });
  }
  const related = await relatedArticles(db, article, language);
  const path = localizePath(`/blog/${article.slug}`, language);
  return {
    i18n: pageResourcesFor(language, ["blog"]),
    article: {
      ...toCard(article, language),
      tags: article.tags,
      translated: article.translated,
      // The body is in the page's HTML; the hydration data does not carry it a second time.
      html: keptForDocument(request, ARTICLE_BODY_ID, renderMarkdown(article.body)),
      minutes: readingMinutes(article.body),
    },
    url: config.appUrl + path,
    related: related.map((item) => toCard(item, language)),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta(matches, "article", {
        title: loaderData.article.title,
        description: loaderData.article.excerpt,
        image: loaderData.article.image.replace(/\.svg$/, ".png"),
        type: "article",
      })
    : [];

export default function BlogArticle({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  const nonce = useNonce();
  const { article, related, url } = loaderData;
  const language = languageOf(params);
  const structured = {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Article",
        headline: article.title,
        description: article.excerpt,
        datePublished: article.publishedAt,
        inLanguage: language,
        image: new URL(article.image, url).href,
        mainEntityOfPage: url,
        publisher: { "@type": "Organization", name: "Diaspora Policy" },
      },
      {
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: t("breadcrumbHome"), item: new URL(localizePath("/", language), url).href },
          { "@type": "ListItem", position: 2, name: t("pages:blog.heading"), item: new URL(localizePath("/blog", language), url).href },
          { "@type": "ListItem", position: 3, name: article.title, item: url },
        ],
      },
    ],
  };
  return (
    <article className="pb-8">
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />
      <header className="mx-auto max-w-reading px-4 pt-8 sm:px-6 sm:pt-12">
        <nav aria-label={t("breadcrumb")} className="text-sm text-muted">
          <Link to={localizePath("/blog", language)} className="underline hover:text-ink">
            {t("backToBlog")}
          </Link>
        </nav>
        <p className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <Link to={`${localizePath("/blog", language)}?category=${article.category}`} className="font-semibold text-forest-700 hover:underline">
            {t(`categories.${article.category}`)}
          </Link>
          <time dateTime={article.publishedAt} className="text-muted">
            {article.date}
          </time>
          <span className="inline-flex items-center gap-1 text-muted">
            <Clock aria-hidden="true" className="size-4" />
            {t("readingTime", { minutes: article.minutes })}
          </span>
        </p>
        <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">{article.title}</h1>
        <p className="mt-4 text-xl text-muted">{article.excerpt}</p>
        {!article.translated && language !== "en" && (
          <p role="note" className="mt-4 rounded-xl border border-gold-400 bg-gold-300/30 px-4 py-3 text-sm">
            {t("notTranslated")}
          </p>
        )}
      </header>
      <img src={article.image} alt="" width={1200} height={675} fetchPriority="high" className="mx-auto mt-8 aspect-video w-full max-w-4xl object-cover sm:rounded-2xl" />
      <DocumentHtml id={ARTICLE_BODY_ID} html={article.html} className="article-body mx-auto mt-10 max-w-reading px-4 sm:px-6" />
      <footer className="mx-auto mt-10 flex max-w-reading flex-col gap-8 px-4 sm:px-6">
        <ul aria-label={t("tagsLabel")} className="flex flex-wrap gap-2">
          {article.tags.map((tag) => (
            <li key={tag}>
              <Link to={`${localizePath("/blog", language)}?tag=${tag}`} className="inline-flex min-h-9 items-center rounded-full border border-line bg-white px-3 text-sm hover:bg-sand">
                #{t(`tags.${tag}`)}
              </Link>
            </li>
          ))}
        </ul>
        <ShareLinks url={url} title={article.title} />
        <section aria-labelledby="article-cta" className="rounded-2xl bg-forest-900 p-6 text-white sm:p-8">
          <h2 id="article-cta" className="text-2xl font-semibold text-white">
            {t("ctaTitle")}
          </h2>
          <p className="mt-2 mb-4 text-white/85">{t("ctaText")}</p>
          <NewsletterForm source="blog-related" onDark />
        </section>
      </footer>
      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mx-auto mt-14 max-w-wide px-4 sm:px-6">
          <h2 id="related-title" className="mb-6 text-2xl font-semibold">
            {t("relatedTitle")}
          </h2>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((card) => (
              <ArticleCard key={card.slug} article={card} />
            ))}
          </div>
        </section>
      )}
    </article>
  );
}
