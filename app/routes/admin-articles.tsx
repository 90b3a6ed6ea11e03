import type { Route } from "./+types/admin-articles";
import { adminPageMeta } from "~/components/admin/admin-meta";
import { AdminPage } from "~/components/admin/admin-page";
import { ArticleListView } from "~/components/admin/articles/article-list-view";
import { formatDateTime } from "~/i18n/format";
import { languageOf } from "~/i18n/languages";
import { pageResourcesFor } from "~/i18n/resources.server";
import { parseInput } from "~/lib/form-input";
import { listArticlesForAdmin } from "~/modules/blog/editor/article-list.server";
import { articleListQuerySchema } from "~/modules/blog/editor/list-query";
import { requestContext } from "~/route-context.server";

/** Every article in any state, searched and filtered by state (`?q=&state=`), each with its languages' standing. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const i18n = pageResourcesFor(language, ["dashboard", "editor", "blog"], { admin: true });
  const search = new URL(request.url).searchParams;
  const read = parseInput(articleListQuerySchema, search);
  const query = read.ok ? read.value : { q: "", state: undefined };
  const articles = await listArticlesForAdmin(context.get(requestContext).services.db, query);
  const rows = articles.map((article) => ({ ...article, date: formatDateTime(article.publishedAt, language) }));
  return { i18n, refused: null, view: { query: { q: query.q, state: query.state ?? "" }, rows, deleted: search.get("done") === "deleted" } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminPageMeta(matches, loaderData?.i18n, "articles");

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const { refused, view } = loaderData;
  return (
    <AdminPage titleKey="articles" refused={refused}>
      {view && <ArticleListView {...view} />}
    </AdminPage>
  );
}
