import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/discourse-labs";
import { ArticleCard } from "~/components/blog/article-card";
import { Globe } from "~/components/home/globe";
import { PageHeader } from "~/components/layout/page-header";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { featuredArticles } from "~/modules/blog/article-picks.server";
import { categoryCounts } from "~/modules/blog/articles.server";
import { toCard } from "~/modules/blog/cards";
import { CATEGORY_GROUPS } from "~/modules/blog/taxonomy";
import { readSettings } from "~/modules/settings/settings.server";
import { requestContext } from "~/route-context.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const { db } = context.get(requestContext).services;
  const [featured, counts, settings] = await Promise.all([featuredArticles(db, language, 3), categoryCounts(db), readSettings(db)]);
  return {
    i18n: pageResourcesFor(language, ["sections", "blog", "home"]), featured: featured.map((article) => toCard(article, language)), counts, movements: settings["promo.movements"], countries: settings["promo.countries"] };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "discourseLabs");

/** The analysis hub: featured analysis, the categories with their article counts, the Globe of Dissent. */
export default function DiscourseLabs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("sections");
  const localize = useLocalize();
  const { featured, counts, movements, countries } = loaderData;
  return (
    <>
      <PageHeader pageKey="discourseLabs" />
      <div className="mx-auto flex max-w-wide flex-col gap-14 px-4 py-12 sm:px-6">
        <section aria-labelledby="labs-featured">
          <h2 id="labs-featured" className="text-3xl font-semibold">
            {t("labs.featuredTitle")}
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((card, index) => (
              <ArticleCard key={card.slug} article={card} eager={index === 0} />
            ))}
          </div>
        </section>
        <section aria-labelledby="labs-categories">
          <h2 id="labs-categories" className="text-3xl font-semibold">
            {t("labs.categoriesTitle")}
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            {CATEGORY_GROUPS.map((group) => (
              <div key={group.id} className="rounded-2xl border border-line bg-white p-6">
                <h3 className="text-xl font-semibold">{t(`blog:groups.${group.id}`)}</h3>
                <ul className="mt-3 flex flex-col gap-1">
                  {group.categories.map((category) => (
                    <li key={category}>
                      <Link to={`${localize("/blog")}?category=${category}`} className="flex min-h-11 items-center justify-between rounded-lg px-2 hover:bg-sand">
                        <span>{t(`blog:categories.${category}`)}</span>
                        <span className="text-sm text-muted">{t("labs.articleCount", { count: counts[category] ?? 0 })}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>
        <section aria-labelledby="labs-globe" className="grid items-center gap-8 rounded-2xl bg-ink p-8 text-white md:grid-cols-[1fr_1.5fr]">
          <div className="flex justify-center">
            <Globe label={t("home:globe.alt")} />
          </div>
          <div>
            <h2 id="labs-globe" className="text-3xl font-semibold text-white">
              {t("labs.globeTitle")}
            </h2>
            <p className="mt-3 text-lg text-white/85">{t("labs.globeText", { movements, countries })}</p>
            <p className="mt-6 text-white/75">{t("labs.method")}</p>
          </div>
        </section>
      </div>
    </>
  );
}
