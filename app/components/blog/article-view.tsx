import { Clock } from "lucide-react";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/use-translation";
import { CoverPicture } from "./cover-picture";
import { DocumentHtml } from "~/components/layout/document-html";
import type { Language } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";

export const ARTICLE_BODY_ID = "article-body";

export interface ArticleShown {
  category: string;
  publishedAt: string;
  date: string;
  minutes: number;
  title: string;
  excerpt: string;
  translated: boolean;
  image: string;
  imageAlt: string;
  html: string | null;
}

/** An article's header, cover and body, as readers see it (also in a draft's private preview). */
export function ArticleView({ article, language, notice }: { article: ArticleShown; language: Language; notice?: React.ReactNode }) {
  const { t } = useTranslation("blog");
  return (
    <>
      <header className="mx-auto max-w-reading px-4 pt-8 sm:px-6 sm:pt-12">
        {notice}
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
      <div className="mx-auto mt-8 max-w-4xl">
        <CoverPicture image={article.image} alt={article.imageAlt} sizes="(min-width: 56rem) 56rem, 100vw" first className="aspect-video w-full object-cover sm:rounded-2xl" />
      </div>
      <DocumentHtml id={ARTICLE_BODY_ID} html={article.html} className="article-body mx-auto mt-10 max-w-reading px-4 sm:px-6" />
    </>
  );
}
