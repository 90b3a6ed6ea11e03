import { Coffee } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import { useSiteSettings } from "~/components/site-settings";

/**
 * Opens the external tip page in a new tab. A plain link: it makes no request to this site.
 * The label defaults to 'Buy me a coffee'; the footer calls it 'Support Our Work'.
 */
export function SupportButton({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation("footer");
  const tipUrl = useSiteSettings()?.tipUrl;
  if (!tipUrl) return null;
  return (
    <a href={tipUrl} target="_blank" rel="noopener" className={buttonClass({ variant: "accent", className })}>
      <Coffee aria-hidden="true" className="size-4" />
      {label ?? t("supportDefault")}
      <span className="sr-only"> {t("opensInNewTab")}</span>
    </a>
  );
}
