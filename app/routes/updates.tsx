import { CalendarClock, Rocket } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/updates";
import { NewsletterForm } from "~/components/layout/newsletter-form";
import { PageHeader } from "~/components/layout/page-header";
import { Progress } from "~/components/ui/progress";
import { formatDate } from "~/i18n/format";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { latestContentChange, publishedArticleCount } from "~/modules/blog/articles.server";
import { requestContext } from "~/route-context.server";

/** The progress numbers shown: 25 overall; 10, 5 and 15 on the cards. */
const LAUNCH_PROGRESS = 25;
const CARDS = [
  { key: "articles", percent: 10, link: "/blog", items: ["articles1", "articles2", "articles3"] },
  { key: "podcasts", percent: 5, link: "/podcast", items: ["podcasts1", "podcasts2"] },
  { key: "featured", percent: 15, link: "/shop", items: ["featured1", "featured2"] },
] as const;
const LOG_ENTRIES = ["blog", "languages", "home", "feeds"] as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const language = languageOf(params);
  const [latest, articles] = await Promise.all([latestContentChange(services.db), publishedArticleCount(services.db)]);
  return { i18n: pageResourcesFor(language, ["updates", "blog"]), lastUpdated: latest ? formatDate(latest, language) : null, articles };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "updates");

export default function Updates({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("updates");
  const localize = useLocalize();
  return (
    <>
      <PageHeader pageKey="updates" />
      <div className="mx-auto flex max-w-wide flex-col gap-12 px-4 py-12 sm:px-6">
        <section aria-labelledby="launched-title" className="rounded-2xl bg-forest-900 p-6 text-white sm:p-10">
          <Rocket aria-hidden="true" className="size-8 text-gold-300" />
          <h2 id="launched-title" className="mt-3 text-3xl font-semibold text-white">
            {t("launched.title")}
          </h2>
          <p className="mt-2 text-white/85">{t("launched.text")}</p>
          <Progress value={LAUNCH_PROGRESS} label={t("launched.progressLabel")} className="mt-6 bg-white/20" indicatorClassName="bg-gold-400" />
          <p className="mt-2 text-sm font-semibold text-gold-300">{t("launched.progress", { percent: LAUNCH_PROGRESS })}</p>
        </section>

        <section aria-labelledby="log-title">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="log-title" className="text-3xl font-semibold">
              {t("log.title")}
            </h2>
            <p className="inline-flex items-center gap-2 text-muted">
              <CalendarClock aria-hidden="true" className="size-4" />
              {loaderData.lastUpdated ? t("log.lastUpdated", { date: loaderData.lastUpdated }) : t("log.never")}
            </p>
          </div>
          <ul className="mt-6 flex flex-col gap-3">
            {LOG_ENTRIES.map((entry) => (
              <li key={entry} className="rounded-xl border border-line bg-white px-5 py-4">
                {entry === "blog" ? t("log.entries.blog", { count: loaderData.articles }) : t(`log.entries.${entry}`)}
              </li>
            ))}
          </ul>
        </section>

        <div className="grid gap-6 md:grid-cols-3">
          {CARDS.map((card) => (
            <section key={card.key} aria-labelledby={`card-${card.key}`} className="flex flex-col rounded-2xl border border-line bg-white p-6">
              <h2 id={`card-${card.key}`} className="text-2xl font-semibold">
                {t(`cards.${card.key}.title`)}
              </h2>
              <p className="mt-1 text-muted">{t(`cards.${card.key}.text`)}</p>
              <Progress
                value={card.percent}
                label={t("cards.progressLabel", { section: t(`cards.${card.key}.title`), percent: card.percent })}
                className="mt-4"
              />
              <p className="mt-1 text-sm font-semibold text-forest-700">{t("launched.progress", { percent: card.percent })}</p>
              <ul className="mt-4 flex flex-col gap-2">
                {card.items.map((item) => (
                  <li key={item}>
                    <Link to={localize(card.link)} className="flex items-start justify-between gap-3 rounded-lg px-2 py-2 hover:bg-sand">
                      <span>{t(`items.${item}`)}</span>
                      <span className="shrink-0 rounded-full bg-gold-300/60 px-2 py-0.5 text-xs font-semibold">{t("comingSoon")}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>

        <section aria-labelledby="updates-subscribe" className="mx-auto w-full max-w-2xl rounded-2xl bg-sand p-6 text-center sm:p-10">
          <h2 id="updates-subscribe" className="text-2xl font-semibold">
            {t("subscribe.title")}
          </h2>
          <p className="mt-2 mb-6 text-muted">{t("subscribe.text")}</p>
          <NewsletterForm source="updates-page" />
        </section>
      </div>
    </>
  );
}
