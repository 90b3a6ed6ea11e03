import { Mic } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/unfiltered-dialogues";
import { AskTheDiplomat } from "~/components/blog/ask-the-diplomat";
import { PageHeader } from "~/components/layout/page-header";
import { buttonClass } from "~/components/ui/button-styles";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { formatDate } from "~/i18n/format";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { formatDuration } from "~/modules/podcast/duration";
import { listEpisodes } from "~/modules/podcast/episodes.server";
import { requestContext } from "~/route-context.server";

/** How many of the newest episodes the page lists. */
const LATEST_EPISODES = 3;

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const episodes = (await listEpisodes(context.get(requestContext).services.db, language)).slice(0, LATEST_EPISODES);
  return {
    i18n: pageResourcesFor(language, ["sections", "blog"]),
    episodes: episodes.map((episode) => ({
      slug: episode.slug,
      title: episode.title,
      href: localizePath(`/podcast/${episode.slug}`, language),
      date: formatDate(episode.publishedAt, language),
      duration: formatDuration(episode.durationSeconds),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "unfilteredDialogues");

/** Conversations: the latest episodes (when published), what is coming, and the Ask the Diplomat invitation. */
export default function UnfilteredDialogues({ loaderData }: Route.ComponentProps) {
  const { episodes } = loaderData;
  const { t } = useTranslation("sections");
  const localize = useLocalize();
  return (
    <>
      <PageHeader pageKey="unfilteredDialogues" />
      <div className="mx-auto grid max-w-wide gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-10">
          <section aria-labelledby="dialogues-latest" className="rounded-2xl border border-line bg-white p-6 sm:p-8">
            <h2 id="dialogues-latest" className="flex items-center gap-2 text-3xl font-semibold">
              <Mic aria-hidden="true" className="size-7 text-forest-700" />
              {t("dialogues.latestTitle")}
            </h2>
            <p className="mt-3 text-lg text-muted">{t(episodes.length > 0 ? "dialogues.latestIntro" : "dialogues.latestText")}</p>
            {episodes.length > 0 && (
              <ul className="mt-5 flex flex-col divide-y divide-line">
                {episodes.map((episode) => (
                  <li key={episode.slug} className="py-3">
                    <Link to={episode.href} className="text-lg font-semibold text-forest-700 underline-offset-4 hover:underline">
                      {episode.title}
                    </Link>
                    <p className="text-sm text-muted">
                      {episode.date} · {episode.duration}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <Link to={localize("/podcast")} className={buttonClass({ className: "mt-6" })}>
              {t("dialogues.podcastLink")}
            </Link>
          </section>
          <section aria-labelledby="dialogues-upcoming">
            <h2 id="dialogues-upcoming" className="text-2xl font-semibold">
              {t("dialogues.upcomingTitle")}
            </h2>
            <ul className="mt-4 flex flex-col gap-3">
              {(t("dialogues.upcoming", { returnObjects: true }) as string[]).map((topic) => (
                <li key={topic} className="rounded-xl border border-line bg-white px-5 py-4">
                  {topic}
                </li>
              ))}
            </ul>
          </section>
        </div>
        <AskTheDiplomat title={t("dialogues.askTitle")} text={t("dialogues.askText")} button={t("dialogues.askButton")} />
      </div>
    </>
  );
}
