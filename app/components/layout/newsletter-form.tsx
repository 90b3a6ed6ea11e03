import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { useLocalize } from "~/i18n/root-data";
import { cn } from "~/lib/cn";

/**
 * The shared newsletter form (footer, home, updates). It carries its source so the subscription
 * records where it came from; until subscribing is wired, it takes the address to /subscribe.
 */
export function NewsletterForm({ source, onDark = false }: { source: string; onDark?: boolean }) {
  const { t } = useTranslation("footer");
  const localize = useLocalize();
  const inputId = useId();
  return (
    <Form method="get" action={localize("/subscribe")} className="flex flex-col gap-2 sm:flex-row">
      <input type="hidden" name="source" value={source} />
      <label htmlFor={inputId} className="sr-only">
        {t("newsletter.emailLabel")}
      </label>
      <input
        id={inputId}
        type="email"
        name="email"
        required
        autoComplete="email"
        maxLength={254}
        placeholder={t("newsletter.placeholder")}
        className={cn(
          "min-h-11 flex-1 rounded-full border px-4 text-base",
          onDark ? "border-white/30 bg-white/10 text-white placeholder:text-white/70" : "border-line bg-white text-ink placeholder:text-muted",
        )}
      />
      <button type="submit" className={buttonClass({ variant: onDark ? "accent" : "primary" })}>
        {t("newsletter.submit")}
      </button>
    </Form>
  );
}
