import { data } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/article-preview";
import { ArticleView } from "~/components/blog/article-view";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { PRIVATE_NO_STORE } from "~/lib/plain-answers";
import { getArticleForPreview } from "~/modules/blog/articles.server";
import { toShown } from "~/modules/blog/cards";
import { renderMarkdown } from "~/modules/blog/markdown.server";
import { requestContext } from "~/route-context.server";

/**
 * An article in any state as readers would see it, for whoever holds the signed link the editor made
 * (its policy checks the signature: 403 when forged, 410 once expired). Never stored by a cache, never indexed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const article = await getArticleForPreview(context.get(requestContext).services.db, params.id, language);
  if (!article) throw data(null, { status: 404, headers: { "Cache-Control": PRIVATE_NO_STORE } });
  return data(
    { i18n: pageResourcesFor(language, ["blog"]), article: { ...toShown(article, language), html: renderMarkdown(article.body) } },
    { headers: { "Cache-Control": PRIVATE_NO_STORE, "X-Robots-Tag": "noindex" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => (loaderData ? pageMeta(matches, "article", { title: loaderData.article.seoTitle, noindex: true }) : []);

export default function ArticlePreview({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  const notice = (
    <p role="note" className="mb-6 rounded-xl border border-gold-400 bg-gold-300/40 px-4 py-3 font-semibold">
      {t("previewNotice")}
    </p>
  );
  return (
    <article className="pb-12">
      <ArticleView article={loaderData.article} language={languageOf(params)} notice={notice} />
    </article>
  );
}
