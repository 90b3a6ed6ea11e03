import { useTranslation } from "~/i18n/use-translation";
import { data, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/blog-article";
import { ArticleCard } from "~/components/blog/article-card";
import { ShareLinks } from "~/components/blog/share-links";
import { ARTICLE_BODY_ID, ArticleView } from "~/components/blog/article-view";
import { NewsletterForm } from "~/components/layout/newsletter-form";
import { useNonce } from "~/components/layout/nonce";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { localizePath } from "~/i18n/paths";
import { keptForDocument } from "~/lib/document-only.server";
import { breadcrumbList, isoInstant, jsonLd, publicationOrganization } from "~/lib/json-ld";
import { relatedArticles } from "~/modules/blog/article-picks.server";
import { getArticle } from "~/modules/blog/articles.server";
import { toCard, toShown } from "~/modules/blog/cards";
import { socialImage, socialImageSize } from "~/modules/blog/cover-files";
import { renderMarkdown } from "~/modules/blog/markdown.server";
import { redirectedSlug } from "~/modules/blog/editor/article-slugs.server";
import { requestContext } from "~/route-context.server";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = languageOf(params);
  const { db, config } = context.get(requestContext).services;
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
      ...toShown(article, language),
      // The body is in the page's HTML; the hydration data does not carry it a second time.
      html: keptForDocument(request, ARTICLE_BODY_ID, renderMarkdown(article.body)),
    },
    url: config.appUrl + path,
    appUrl: config.appUrl,
    related: related.map((item) => toCard(item, language)),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta(matches, "article", {
        title: loaderData.article.seoTitle,
        description: loaderData.article.seoDescription,
        image: socialImage(loaderData.article.image),
        imageSize: socialImageSize(loaderData.article.image),
        type: "article",
      })
    : [];

export default function BlogArticle({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  const nonce = useNonce();
  const { article, related, url, appUrl } = loaderData;
  const language = languageOf(params);
  const publication = publicationOrganization(appUrl, t("common:siteName"));
  const structured = {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Article",
        headline: article.title,
        description: article.excerpt,
        datePublished: isoInstant(article.publishedAt),
        dateModified: isoInstant(article.updatedAt),
        inLanguage: language,
        image: new URL(socialImage(article.image), url).href,
        mainEntityOfPage: url,
        author: publication,
        publisher: publication,
      },
      breadcrumbList([
        { name: t("breadcrumbHome"), url: new URL(localizePath("/", language), url).href },
        { name: t("pages:blog.heading"), url: new URL(localizePath("/blog", language), url).href },
        { name: article.title, url },
      ]),
    ],
  };
  return (
    <article className="pb-8">
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />
      <ArticleView article={article} language={language} />
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
