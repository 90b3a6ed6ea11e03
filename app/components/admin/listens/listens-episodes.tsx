import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useLocalize } from "~/i18n/root-data";
import type { EpisodeListens } from "~/modules/podcast/listen-report.server";
import { useNumber } from "./listens-format";

/** The public total, and for a sample episode a "Sample data" badge saying how much of it is invented. */
function Total({ episode }: { episode: EpisodeListens }) {
  const { t } = useTranslation("listens");
  const number = useNumber();
  return (
    <div className="flex flex-col items-end gap-1">
      <span className="tabular-nums">{number(episode.total)}</span>
      {episode.invented !== null && (
        <>
          <span className="rounded-full bg-gold-300 px-2 py-0.5 text-xs font-semibold text-ink">{t("episodes.sample")}</span>
          <span className="max-w-56 text-right text-xs text-muted">{t("episodes.sampleNote", { number: number(Math.min(episode.invented, episode.total)) })}</span>
        </>
      )}
    </div>
  );
}

/** Listens per episode, most listened in the period first; on phones the table scrolls sideways. */
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
        <div className="overflow-x-auto rounded-2xl border border-line bg-white" tabIndex={0} role="region" aria-label={t("episodes.caption")}>
          <table className="w-full min-w-[36rem] text-left">
            <caption className="sr-only">{t("episodes.caption")}</caption>
            <thead className="bg-sand/60 text-sm">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">{t("episodes.episode")}</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">{t("episodes.inPeriod")}</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">{t("episodes.total")}</th>
              </tr>
            </thead>
            <tbody>
              {episodes.map((episode) => (
                <tr key={episode.id} className="border-t border-line align-top">
                  <th scope="row" className="px-4 py-3 font-medium">
                    <Link to={localize(`/podcast/${episode.slug}`)} className="text-forest-700 underline-offset-4 hover:underline">
                      {episode.title}
                    </Link>
                  </th>
                  <td className="px-4 py-3 text-right font-semibold tabular-nums">{number(episode.listens)}</td>
                  <td className="px-4 py-3 text-right">
                    <Total episode={episode} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
