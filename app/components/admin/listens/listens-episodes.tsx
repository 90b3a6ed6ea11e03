import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/use-translation";
import { useLocalize } from "~/i18n/root-data";
import type { EpisodeListens } from "~/modules/podcast/listen-report.server";
import { useNumber } from "~/components/admin/use-number";

/** For a sample episode, under its title: a "Sample data" badge saying how much of its public total is invented. */
function SampleBadge({ episode }: { episode: EpisodeListens }) {
  const { t } = useTranslation("listens");
  const number = useNumber();
  if (episode.invented === null) return null;
  return (
    <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-normal text-muted">
      <span className="rounded-full bg-gold-300 px-2 py-0.5 font-semibold text-ink">{t("episodes.sample")}</span>
      <span>{t("episodes.sampleNote", { number: number(Math.min(episode.invented, episode.total)) })}</span>
    </p>
  );
}

/** Listens per episode, most listened in the period first; the number columns stay narrow so a phone shows them all. */
export function ListensEpisodes({ episodes }: { episodes: EpisodeListens[] }) {
  const { t } = useTranslation("listens");
  const number = useNumber();
  const localize = useLocalize();
  const samples = episodes.some((episode) => episode.invented !== null);
  return (
    <section aria-labelledby="listens-episodes-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="listens-episodes-title" className="text-xl font-semibold">{t("episodes.title")}</h2>
      {samples && <p className="max-w-3xl text-sm text-muted">{t("episodes.samplesExplained")}</p>}
      {episodes.length === 0 ? (
        <p className="text-muted">{t("episodes.empty")}</p>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-line bg-white">
          <table className="w-full text-left">
            <caption className="sr-only">{t("episodes.caption")}</caption>
            <thead className="bg-sand/60 text-sm">
              <tr>
                <th scope="col" className="px-3 py-3 sm:px-4 font-semibold">{t("episodes.episode")}</th>
                <th scope="col" className="px-3 py-3 sm:px-4 text-right font-semibold">{t("episodes.inPeriod")}</th>
                <th scope="col" className="px-3 py-3 sm:px-4 text-right font-semibold">{t("episodes.total")}</th>
              </tr>
            </thead>
            <tbody>
              {episodes.map((episode) => (
                <tr key={episode.id} className="border-t border-line align-top">
                  <th scope="row" className="px-3 py-3 sm:px-4 font-medium">
                    <Link to={localize(`/podcast/${episode.slug}`)} className="text-forest-700 underline-offset-4 hover:underline">
                      {episode.title}
                    </Link>
                    <SampleBadge episode={episode} />
                  </th>
                  <td className="px-3 py-3 sm:px-4 text-right font-semibold tabular-nums">{number(episode.listens)}</td>
                  <td className="px-3 py-3 sm:px-4 text-right tabular-nums">{number(episode.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
