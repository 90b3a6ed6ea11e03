import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { cn } from "~/components/lib/cn";

/** Previous / next links and where we are; shown only when there is more than one page. */
export function ListPagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation("dashboard");
  if (pageCount <= 1) return null;
  const item = "inline-flex min-h-11 items-center justify-center gap-1 rounded-full border border-line bg-white px-4 font-medium hover:bg-sand";
  return (
    <nav aria-label={t("list.pagination")} className="mt-8 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={item}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t("list.previous")}
        </Link>
      ) : (
        <span />
      )}
      <p aria-current="page" className="text-muted">
        {t("list.pageOf", { page, pages: pageCount })}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={cn(item)}>
          {t("list.next")}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
