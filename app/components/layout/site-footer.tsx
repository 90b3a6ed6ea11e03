import { lazy, Suspense, useState } from "react";
import { AdminAccessButton } from "~/components/admin/admin-access-button";
import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { LANGUAGE_NAMES, LANGUAGES } from "~/i18n/languages";
import { useLanguage, useLocalize } from "~/i18n/root-data";
import { languageSwitchHref } from "./language-picker";
import { Logo } from "./logo";
import { FOOTER_PLATFORM_LINKS, FOOTER_QUICK_LINKS, SOCIAL_PLATFORMS, type NavItem, type SocialPlatform } from "./nav-items";
import { NewsletterForm } from "./newsletter-form";
import { SocialIcon } from "./social-icons";
import { SupportButton } from "./support-button";
import { useSiteSettings } from "~/components/site-settings";

function LinkColumn({ title, items }: { title: string; items: NavItem[] }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 font-sans text-sm font-semibold tracking-wide text-gold-300 uppercase">{title}</h2>
      <ul className="flex flex-col gap-1.5">
        {items.map((item) => (
          <li key={item.path}>
            <Link to={localize(item.path)} className="inline-block py-0.5 text-white/85 hover:text-white hover:underline">
              {t(item.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const SOCIAL_BUTTON = "inline-flex size-11 items-center justify-center rounded-full border border-white/25 text-white hover:bg-white/10";

// The overlay's dialog code loads when a social button is first pressed (ADR 022).
const ComingSoonDialog = lazy(() => import("./coming-soon-dialog"));

/**
 * The site footer: newsletter, quick and platform links, the social buttons (a page the owner set on
 * /admin/settings opens in a new tab; the others open the 'Coming Soon' overlay), support, copyright.
 */
export function SiteFooter() {
  const { t } = useTranslation("footer");
  const localize = useLocalize();
  const language = useLanguage();
  // Like the header's picker, the language links keep the reader on the page they are reading.
  const location = useLocation();
  const here = location.pathname + location.search;
  const [platform, setPlatform] = useState<SocialPlatform | null>(null);
  const social = useSiteSettings()?.social;
  return (
    <footer className="mt-16 bg-ink text-white">
      <div className="mx-auto grid max-w-wide gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr]">
        <section aria-labelledby="footer-newsletter" className="flex flex-col gap-4">
          <Logo onDark />
          <p className="max-w-md text-white/80">{t("about")}</p>
          <h2 id="footer-newsletter" className="mt-2 text-xl font-semibold text-white">
            {t("newsletter.title")}
          </h2>
          <p className="text-white/80">{t("newsletter.description")}</p>
          <NewsletterForm source="footer-newsletter" onDark />
          <Link to={localize("/subscribe")} className="text-gold-300 underline hover:text-gold-400">
            {t("completeProfile")}
          </Link>
        </section>
        <LinkColumn title={t("quickLinks")} items={FOOTER_QUICK_LINKS} />
        <LinkColumn title={t("platform")} items={FOOTER_PLATFORM_LINKS} />
      </div>
      <div className="mx-auto flex max-w-wide flex-col gap-6 border-t border-white/15 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("connect")}>
          {SOCIAL_PLATFORMS.map((name) =>
            social?.[name] ? (
              <a key={name} href={social[name]} target="_blank" rel="noopener" aria-label={t("social.visit", { platform: name })} className={SOCIAL_BUTTON}>
                <SocialIcon platform={name} />
              </a>
            ) : (
              <button key={name} type="button" onClick={() => setPlatform(name)} aria-label={t("social.label", { platform: name })} className={SOCIAL_BUTTON}>
                <SocialIcon platform={name} />
              </button>
            ),
          )}
          <SupportButton label={t("support")} className="ml-2" />
          <AdminAccessButton variant="onDark" className="ml-2" />
        </div>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t("common:language.label")}>
          {LANGUAGES.map((code) => (
            <li key={code}>
              <a
                href={languageSwitchHref(code, here)}
                hrefLang={code}
                lang={code}
                aria-current={code === language ? "true" : undefined}
                className="text-white/80 hover:text-white aria-[current]:font-semibold aria-[current]:text-white"
              >
                {LANGUAGE_NAMES[code]}
              </a>
            </li>
          ))}
        </ul>
        <p className="text-sm text-white/70">{t("copyright", { year: new Date().getFullYear() })}</p>
      </div>
      {platform && (
        <Suspense fallback={null}>
          <ComingSoonDialog platform={platform} onClose={() => setPlatform(null)} />
        </Suspense>
      )}
    </footer>
  );
}
