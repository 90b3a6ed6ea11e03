import { BookOpen, Compass, Construction, Library, Mic, Users } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/home";
import { ArticleCard } from "~/components/blog/article-card";
import { UpdatesNotice } from "~/components/blog/updates-notice";
import { FiguresSection } from "~/components/home/figures-section";
import { Globe } from "~/components/home/globe";
import { NewsletterForm } from "~/components/layout/newsletter-form";
import { useNonce } from "~/components/layout/nonce";
import { NoticeStrip } from "~/components/layout/notice-strip";
import { buttonClass } from "~/components/ui/button-styles";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useSiteSettings } from "~/components/site-settings";
import { useLocalize } from "~/i18n/root-data";
import { jsonLd } from "~/lib/json-ld";
import { featuredArticles } from "~/modules/blog/article-picks.server";
import { toCard } from "~/modules/blog/cards";
import { readSettings } from "~/modules/settings/settings.server";
import { requestContext } from "~/route-context.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const language = languageOf(params);
  const [articles, settings] = await Promise.all([featuredArticles(services.db, language, 3), readSettings(services.db)]);
  return {
    i18n: pageResourcesFor(language, ["home", "blog"]),
    articles: articles.map((article) => toCard(article, language)),
    promo: { movements: settings["promo.movements"], countries: settings["promo.countries"] },
    subscriberClaim: settings["newsletter.subscriberClaim"],
  };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "home");

const FEATURES = [
  { key: "discourseLabs", path: "/discourse-labs", Icon: Compass },
  { key: "unfilteredDialogues", path: "/unfiltered-dialogues", Icon: Mic },
  { key: "resources", path: "/resources", Icon: Library },
  { key: "about", path: "/about", Icon: Users },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("home");
  const localize = useLocalize();
  const nonce = useNonce();
  const appUrl = useSiteSettings()?.appUrl ?? "";
  const { articles, promo, subscriberClaim } = loaderData;
  const organization = { "@context": "https://schema.org", "@type": "Organization", name: "Diaspora Policy", url: `${appUrl}/`, logo: `${appUrl}/favicon.svg` };
  return (
    <>
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLd(organization) }} />
      <NoticeStrip Icon={Construction} text={t("construction")} linkText={t("constructionLink")} to={localize("/updates")} tone="dark" />
      <UpdatesNotice />

      <section className="relative overflow-hidden bg-forest-900 text-white">
        <div className="mx-auto grid max-w-wide items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.3fr_1fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">{t("hero.eyebrow")}</p>
            <h1 className="mt-4 text-4xl font-semibold text-white sm:text-6xl">{t("hero.title")}</h1>
            <p className="mt-6 max-w-2xl text-lg text-white/85">{t("hero.text")}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={localize("/discourse-labs")} className={buttonClass({ variant: "accent", size: "lg" })}>
                <BookOpen aria-hidden="true" className="size-5" />
                {t("hero.primary")}
              </Link>
              <Link to={localize("/podcast")} className={buttonClass({ variant: "onDark", size: "lg" })}>
                <Mic aria-hidden="true" className="size-5" />
                {t("hero.secondary")}
              </Link>
            </div>
          </div>
          <div aria-hidden="true" className="hidden justify-center lg:flex">
            <svg viewBox="0 0 300 300" width="300" height="300" className="opacity-90">
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <circle key={i} cx="150" cy="150" r={30 + i * 22} fill="none" stroke={i % 2 ? "#e0b84a" : "#3f9b6b"} strokeWidth="6" />
              ))}
            </svg>
          </div>
        </div>
      </section>

      <FiguresSection />

      <section aria-labelledby="features-title" className="bg-sand/60">
        <div className="mx-auto max-w-wide px-4 py-16 sm:px-6">
          <h2 id="features-title" className="text-3xl font-semibold sm:text-4xl">
            {t("features.title")}
          </h2>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ key, path, Icon }) => (
              <li key={key}>
                <Link to={localize(path)} className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-white p-6 transition-shadow hover:shadow-md">
                  <Icon aria-hidden="true" className="size-8 text-forest-700" />
                  <span className="font-serif text-xl font-semibold">{t(`features.${key}.title`)}</span>
                  <span className="text-muted">{t(`features.${key}.text`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="mission-title" className="mx-auto max-w-reading px-4 py-16 text-center sm:px-6">
        <h2 id="mission-title" className="text-3xl font-semibold sm:text-4xl">
          {t("mission.title")}
        </h2>
        <p className="mt-5 text-lg">{t("mission.text")}</p>
        <Link to={localize("/about")} className={buttonClass({ variant: "outline", className: "mt-8" })}>
          {t("mission.link")}
        </Link>
      </section>

      <section aria-labelledby="globe-title" className="bg-ink text-white">
        <div className="mx-auto grid max-w-wide items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
          <div className="flex justify-center">
            <Globe label={t("globe.alt")} />
          </div>
          <div>
            <h2 id="globe-title" className="text-3xl font-semibold text-white sm:text-4xl">
              {t("globe.title")}
            </h2>
            <p className="mt-4 text-lg text-white/85">{t("globe.text")}</p>
            <ul className="mt-8 flex flex-wrap gap-10 font-serif text-4xl font-semibold text-gold-300">
              <li>{t("globe.movements", { count: promo.movements })}</li>
              <li>{t("globe.countries", { count: promo.countries })}</li>
            </ul>
            <Link to={localize("/discourse-labs")} className={buttonClass({ variant: "accent", className: "mt-8" })}>
              {t("globe.link")}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="articles-title" className="mx-auto max-w-wide px-4 py-16 sm:px-6">
        <div className="flex flex-wrap items-baseline justify-between gap-4">
          <h2 id="articles-title" className="text-3xl font-semibold sm:text-4xl">
            {t("articles.title")}
          </h2>
          <Link to={localize("/blog")} className="font-semibold text-forest-700 underline">
            {t("articles.all")}
          </Link>
        </div>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {articles.map((card) => (
            <ArticleCard key={card.slug} article={card} />
          ))}
        </div>
      </section>

      <section aria-labelledby="newsletter-title" className="bg-forest-900 text-white">
        <div className="mx-auto max-w-reading px-4 py-16 text-center sm:px-6">
          <h2 id="newsletter-title" className="text-3xl font-semibold text-white sm:text-4xl">
            {t("newsletter.title")}
          </h2>
          <p className="mt-4 text-lg text-white/85">{t("newsletter.text", { count: subscriberClaim })}</p>
          <div className="mx-auto mt-8 max-w-lg">
            <NewsletterForm source="newsletter-section" onDark />
          </div>
          <Link to={localize("/subscribe")} className="mt-6 inline-block text-gold-300 underline">
            {t("newsletter.profile")}
          </Link>
        </div>
      </section>
    </>
  );
}
