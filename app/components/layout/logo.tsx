import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { useLocalize } from "~/i18n/root-data";
import { cn } from "~/components/lib/cn";

/** The wordmark: a gold-and-green mark beside the name, linking home. */
export function Logo({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <Link to={localize("/")} className="flex items-center gap-2.5 rounded-md">
      <svg width="34" height="34" viewBox="0 0 34 34" aria-hidden="true" className="shrink-0">
        <circle cx="17" cy="17" r="16" fill="#12603a" />
        <path d="M17 4a13 13 0 0 1 0 26" fill="#e0b84a" />
        <circle cx="17" cy="17" r="5" fill="#17140f" />
      </svg>
      <span className={cn("font-serif text-xl font-semibold tracking-tight", onDark ? "text-white" : "text-ink")}>
        {t("siteName")}
      </span>
    </Link>
  );
}
