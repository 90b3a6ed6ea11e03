import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { cn } from "~/components/lib/cn";
import { GAP, pageWindow } from "./page-window";

/** Page links (a window of them on a long list), the current one marked; shown only when there is more than one page. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation("blog");
  if (pageCount <= 1) return null;
  const item = "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-3 font-medium";
  return (
    <nav aria-label={t("pagination")} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className={cn(item, "hover:bg-sand")}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              {t("previous")}
            </Link>
          </li>
        )}
        {pageWindow(page, pageCount).map((number, index) =>
          number === GAP ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={hrefFor(number)}
                aria-label={t("pageLabel", { page: number })}
                aria-current={number === page ? "page" : undefined}
                className={cn(item, number === page ? "bg-forest-700 text-white" : "border border-line bg-white hover:bg-sand")}
              >
                {number}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={cn(item, "hover:bg-sand")}>
              {t("next")}
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
