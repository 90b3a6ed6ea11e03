import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button-styles";
import { useLocalize } from "~/i18n/root-data";

/** The two buttons under an admin list's filters: apply them, or go back to the unfiltered list at `path`. */
export function FilterActions({ path, className = "flex flex-wrap items-center gap-3" }: { path: string; className?: string }) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  return (
    <div className={className}>
      <button type="submit" className={buttonClass({ variant: "primary" })}>
        {t("list.apply")}
      </button>
      <Link to={localize(path)} className={buttonClass({ variant: "ghost" })}>
        {t("list.clear")}
      </Link>
    </div>
  );
}
