import { useTranslation } from "~/i18n/use-translation";
import { data } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/blog";
import { ArticleCard } from "~/components/blog/article-card";
import { BlogSidebar } from "~/components/blog/blog-sidebar";
import { Pagination } from "~/components/blog/pagination";
import { UpdatesNotice } from "~/components/blog/updates-notice";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { localizePath } from "~/i18n/paths";
import { listArticles } from "~/modules/blog/articles.server";
import { parseInput } from "~/lib/form-input";
import { blogSearchString } from "~/modules/blog/blog-query";
import { blogQuerySchema } from "~/modules/blog/blog-query-form";
import { toCard } from "~/modules/blog/cards";
import { requestContext } from "~/route-context.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const read = parseInput(blogQuerySchema, new URL(request.url).searchParams);
  if (!read.ok) throw data(null, { status: 404 });
  const query = read.value;
  const result = await listArticles(context.get(requestContext).services.db, { language, search: query.q, category: query.category, tag: query.tag }, query.page);
  // A page past the last one (page 1 of an empty search is a page, saying it found nothing).
  if (result.page !== query.page) throw data(null, { status: 404 });
  return {
    i18n: pageResourcesFor(language, ["blog"]), query: { ...query, page: result.page }, total: result.total, pageCount: result.pageCount, cards: result.articles.map((a) => toCard(a, language)) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "blog");

export default function Blog({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  const { query, cards, total, pageCount } = loaderData;
  const blog = localizePath("/blog", languageOf(params));
  const filtered = Boolean(query.q || query.category || query.tag);
  return (
    <>
      <UpdatesNotice />
      <header className="border-b border-line bg-sand/60">
        <div className="mx-auto max-w-wide px-4 py-10 sm:px-6 sm:py-14">
          <h1 className="text-4xl font-semibold sm:text-5xl">{t("pages:blog.heading")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-muted">{t("pages:blog.description")}</p>
        </div>
      </header>
      <div className="mx-auto grid max-w-wide gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[18rem_1fr]">
        <BlogSidebar query={query} />
        <section aria-labelledby="blog-results">
          <div className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="blog-results" className="text-2xl font-semibold">
              {query.category
                ? t("categoryHeading", { category: t(`categories.${query.category}`) })
                : query.tag
                  ? t("tagHeading", { tag: t(`tags.${query.tag}`) })
                  : query.q
                    ? t("searchHeading", { query: query.q })
                    : t("pages:blog.heading")}
            </h2>
            <p className="flex items-center gap-4 text-muted">
              <span aria-live="polite">{t("resultCount", { count: total })}</span>
              {filtered && (
                <Link to={blog} className="font-semibold text-forest-700 underline">
                  {t("clearFilter")}
                </Link>
              )}
            </p>
          </div>
          {cards.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-16 text-center">
              <p className="text-xl font-semibold">{t("emptyTitle")}</p>
              <p className="mt-2 text-muted">{t("emptyText")}</p>
            </div>
          ) : (
            <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {cards.map((card, index) => (
                <ArticleCard key={card.slug} article={card} eager={index < 2} />
              ))}
            </div>
          )}
          <Pagination page={query.page} pageCount={pageCount} hrefFor={(page) => blog + blogSearchString({ ...query, page })} />
        </section>
      </div>
    </>
  );
}
