import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { CoverPicture } from "./cover-picture";
import type { ArticleSummary } from "~/modules/blog/articles.server";

/** What a card shows, prepared by the loader (dates formatted on the server). */
/** An article as a card shows it, with its link and its date written for the reader. */
export type ArticleCardData = Pick<ArticleSummary, "slug" | "title" | "excerpt" | "category" | "image" | "publishedAt" | "featured"> & { href: string; date: string };

export function ArticleCard({ article, eager = false }: { article: ArticleCardData; eager?: boolean }) {
  const { t } = useTranslation("blog");
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition-shadow hover:shadow-md">
      <CoverPicture image={article.image} alt="" sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw" eager={eager} className="aspect-video w-full object-cover" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-semibold text-forest-700">{t(`categories.${article.category}`)}</span>
          <time dateTime={article.publishedAt} className="text-muted">
            {article.date}
          </time>
          {article.featured && <span className="rounded-full bg-gold-300 px-2 py-0.5 text-xs font-semibold text-ink">{t("featured")}</span>}
        </p>
        <h3 className="text-xl font-semibold">
          <Link to={article.href} className="hover:underline">
            {article.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-muted">{article.excerpt}</p>
      </div>
    </article>
  );
}
