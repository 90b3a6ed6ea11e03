import { ChevronDown, Search } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { useLocalize } from "~/i18n/root-data";
import { cn } from "~/components/lib/cn";
import { blogSearchString, type BlogQuery } from "~/modules/blog/blog-query";
import { CATEGORY_GROUPS, TRENDING_TAGS } from "~/modules/blog/taxonomy";
import { AskTheDiplomat } from "./ask-the-diplomat";

/** Search, the categories accordion, trending tags and 'Ask the Diplomat'. Plain links and a GET form: no JavaScript needed. */
export function BlogSidebar({ query }: { query: BlogQuery }) {
  const { t } = useTranslation("blog");
  const localize = useLocalize();
  const blog = localize("/blog");
  return (
    <aside className="flex flex-col gap-8">
      <Form method="get" action={blog} role="search" className="relative">
        <label htmlFor="blog-search" className="sr-only">
          {t("searchLabel")}
        </label>
        <input
          id="blog-search"
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={200}
          placeholder={t("searchPlaceholder")}
          className="min-h-11 w-full rounded-full border border-line bg-white py-2 pr-12 pl-4 text-base"
        />
        {query.category && <input type="hidden" name="category" value={query.category} />}
        {query.tag && <input type="hidden" name="tag" value={query.tag} />}
        <button type="submit" aria-label={t("searchSubmit")} className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-full text-forest-700 hover:bg-sand">
          <Search aria-hidden="true" className="size-5" />
        </button>
      </Form>

      <nav aria-labelledby="blog-categories">
        <h2 id="blog-categories" className="mb-3 text-xl font-semibold">
          {t("categoriesTitle")}
        </h2>
        <div className="divide-y divide-line rounded-2xl border border-line bg-white">
          {CATEGORY_GROUPS.map((group) => (
            <details key={group.id} open={group.categories.some((c) => c === query.category) || undefined} className="group">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between px-4 py-2 font-semibold [&::-webkit-details-marker]:hidden">
                {t(`groups.${group.id}`)}
                <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
              </summary>
              <ul className="flex flex-col pb-2">
                {group.categories.map((category) => (
                  <li key={category}>
                    <Link
                      to={blog + blogSearchString({ q: query.q, category })}
                      aria-current={query.category === category ? "page" : undefined}
                      className={cn(
                        "block px-6 py-2 text-[0.95rem] hover:bg-sand",
                        query.category === category && "bg-forest-100 font-semibold text-forest-700",
                      )}
                    >
                      {t(`categories.${category}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          ))}
        </div>
      </nav>

      <nav aria-labelledby="blog-tags">
        <h2 id="blog-tags" className="mb-3 text-xl font-semibold">
          {t("trendingTitle")}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {TRENDING_TAGS.map((tag) => (
            <li key={tag}>
              <Link
                to={blog + blogSearchString({ q: query.q, category: query.category, tag: query.tag === tag ? undefined : tag })}
                aria-current={query.tag === tag ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-9 items-center rounded-full border px-3 text-sm",
                  query.tag === tag ? "border-forest-700 bg-forest-700 text-white" : "border-line bg-white hover:bg-sand",
                )}
              >
                #{t(`tags.${tag}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <AskTheDiplomat title={t("askTitle")} text={t("askText")} button={t("askButton")} />
    </aside>
  );
}
