import { useId, useRef, type FormEvent } from "react";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import type { NewsletterReply } from "~/components/newsletter/newsletter-reply";
import { buttonClass } from "~/components/ui/button-styles";
import { showToast } from "~/components/ui/toast";
import { useLocalize } from "~/i18n/root-data";
import { cn } from "~/components/lib/cn";

/**
 * The short newsletter form (footer, home, updates, articles): with JavaScript it posts in
 * the background, reads 'Subscribing...' meanwhile and answers with a toast, clearing the field on
 * success; without JavaScript it posts to /newsletter, which shows the answer. The server decides.
 */
export function NewsletterForm({ source, onDark = false }: { source: string; onDark?: boolean }) {
  const { t } = useTranslation("footer");
  const localize = useLocalize();
  const inputId = useId();
  const fetcher = useFetcher<NewsletterReply>();
  const input = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";

  // The answer's wording loads with the answer: this form is on every page, an answer is rare.
  useFetcherAnswer(fetcher, (data) => {
    if (data.ok && input.current) input.current.value = "";
    void import("~/components/newsletter/newsletter-reply").then(({ replyText }) => {
      const { ok, title, description } = replyText(t, data);
      return showToast(ok ? "success" : "error", title, { description });
    });
  });

  // Empty or without '@' is refused at once with the 'Invalid email' toast.
  const checkEmail = (event: FormEvent<HTMLFormElement>) => {
    const email = input.current?.value.trim() ?? "";
    if (email && email.includes("@")) return;
    event.preventDefault();
    void showToast("error", t("newsletter:invalidEmail.title"), { description: t("newsletter:invalidEmail.description") });
  };

  return (
    <fetcher.Form method="post" action={localize("/newsletter")} noValidate onSubmit={checkEmail} className="flex flex-col gap-2 sm:flex-row">
      <input type="hidden" name="source" value={source} />
      <label htmlFor={inputId} className="sr-only">
        {t("newsletter.emailLabel")}
      </label>
      <input
        ref={input}
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
      <button type="submit" disabled={busy} className={buttonClass({ variant: onDark ? "accent" : "primary" })}>
        {busy ? t("newsletter:subscribing") : t("newsletter.submit")}
      </button>
    </fetcher.Form>
  );
}
