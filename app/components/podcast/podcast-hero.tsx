import { Mic } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { EpisodeFacts } from "./episode-item";
import type { EpisodeView } from "./episode-view";
import { PlayButton } from "./play-button";

/**
 * The top of /podcast: 'The Podcast' badge (the page's heading), the series title, the host's
 * biography, the newest episode under a 'NEW EPISODE' tag, and the page's actions (`actions`).
 */
export function PodcastHero({ latest, actions }: { latest: EpisodeView | null; actions: ReactNode }) {
  const { t } = useTranslation("podcast");
  return (
    <header className="border-b border-line bg-sand/60">
      <div className="mx-auto grid max-w-wide items-center gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:py-16">
        <div>
          <div className="inline-flex items-center gap-2 rounded-full bg-forest-700 px-4 py-1.5 text-white">
            <Mic aria-hidden="true" className="size-4" />
            <h1 className="font-sans text-sm font-semibold tracking-wide text-white">{t("pages:podcast.heading")}</h1>
          </div>
          <p className="mt-5 font-serif text-4xl leading-tight font-semibold sm:text-5xl">{t("hero.seriesTitle")}</p>
          <p className="mt-4 max-w-xl text-lg text-muted">{t("hero.intro")}</p>
          <div className="mt-6 max-w-xl rounded-2xl border border-line bg-white/70 p-5">
            <h2 className="text-lg font-semibold">{t("hero.hostTitle")}</h2>
            <p className="mt-2 text-muted">{t("hero.hostBio")}</p>
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-3">{actions}</div>
        </div>
        {latest && (
          <article className="overflow-hidden rounded-3xl bg-ink text-white shadow-xl sm:grid sm:grid-cols-[2fr_3fr] lg:block">
            <img src={latest.imageUrl} alt="" width={1200} height={675} loading="eager" className="aspect-video w-full object-cover sm:aspect-auto sm:h-full lg:aspect-video lg:h-auto" />
            <div className="flex flex-col gap-3 p-6">
              <p>
                <span className="rounded-full bg-gold-400 px-3 py-1 text-xs font-bold tracking-wider text-ink uppercase">{t("hero.newEpisode")}</span>
              </p>
              <h2 className="text-2xl font-semibold text-white">
                <Link to={latest.href} className="hover:underline">
                  {latest.title}
                </Link>
              </h2>
              <p className="line-clamp-2 text-white/80">{latest.description}</p>
              <EpisodeFacts episode={latest} className="text-white/80" />
              <PlayButton episode={latest} label={t("hero.playLatest")} tone="gold" className="mt-2 self-start" />
            </div>
          </article>
        )}
      </div>
    </header>
  );
}
