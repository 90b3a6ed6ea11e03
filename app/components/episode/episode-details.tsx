import { CalendarDays, Clock, Download, Headphones, Rss } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { ShareLinks } from "~/components/blog/share-links";
import { buttonClass } from "~/components/ui/button-styles";
import type { Language } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import type { Episode } from "~/modules/podcast/episodes.server";
import { slugify } from "~/lib/slug";
import type { EpisodeTimedTexts } from "~/modules/podcast/episode-files.server";
import { EpisodeChapters } from "./episode-chapters";
import { EpisodeTranscript } from "./episode-transcript";

export type EpisodeDetailsData = Pick<
  Episode,
  "slug" | "title" | "description" | "publishedAt" | "listens" | "imageUrl" | "audioUrl" | "audioType" | "categories" | "transcript" | "translated"
> &
  EpisodeTimedTexts & {
  /** Written for the reader (formatDate). */
  date: string;
  /** m:ss (formatDuration). */
  duration: string;
};

/** The episode page: artwork, title, the player, show notes, chapters, transcript, categories and share links. */
export function EpisodeDetails({ episode, url, feedUrl, language }: { episode: EpisodeDetailsData; url: string; feedUrl: string; language: Language }) {
  const { t } = useTranslation("episode");
  const audio = useRef<HTMLAudioElement>(null);
  // A chapter's or passage's time plays the episode from there, and shows the reader where the player is.
  const seek = (seconds: number) => {
    const player = audio.current;
    if (!player) return;
    player.currentTime = seconds;
    void player.play().catch(() => undefined);
    player.scrollIntoView({ block: "nearest" });
  };
  const categoryName = (name: string) => t(`category.${slugify(name)}`, { defaultValue: name });
  return (
    <article className="pb-12">
      <header className="mx-auto max-w-wide px-4 pt-8 sm:px-6 sm:pt-12">
        <nav aria-label={t("breadcrumb")} className="text-sm text-muted">
          <Link to={localizePath("/podcast", language)} className="underline hover:text-ink">
            {t("backToPodcast")}
          </Link>
        </nav>
        <div className="mt-6 grid items-start gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="min-w-0">
            <p className="inline-flex rounded-full bg-gold-300/60 px-3 py-1 text-xs font-semibold tracking-wide uppercase">{t("badge")}</p>
            <h1 className="mt-3 text-4xl font-semibold break-words sm:text-5xl">{episode.title}</h1>
            <p className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-muted">
              <span className="inline-flex items-center gap-1">
                <CalendarDays aria-hidden="true" className="size-4" />
                <time dateTime={episode.publishedAt}>{episode.date}</time>
              </span>
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="size-4" />
                {t("duration", { duration: episode.duration })}
              </span>
              <span className="inline-flex items-center gap-1">
                <Headphones aria-hidden="true" className="size-4" />
                {t("listens", { count: episode.listens, formatParams: { count: { maxFractionDigits: 0 } } })}
              </span>
            </p>
            {!episode.translated && language !== "en" && (
              <p role="note" className="mt-4 rounded-xl border border-gold-400 bg-gold-300/30 px-4 py-3 text-sm">
                {t("notTranslated")}
              </p>
            )}
            <section aria-label={t("playerLabel")} className="mt-6 rounded-2xl border border-line bg-white p-4 sm:p-5">
              <audio ref={audio} controls preload="none" className="w-full">
                <source src={episode.audioUrl} type={episode.audioType} />
                {t("audioFallback")}
              </audio>
              <a href={episode.audioUrl} download className="mt-3 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-forest-700 underline hover:text-forest-900">
                <Download aria-hidden="true" className="size-4" />
                {t("download")}
              </a>
            </section>
          </div>
          <img src={episode.imageUrl} alt="" width={560} height={560} className="aspect-square w-full max-w-sm rounded-2xl object-cover md:max-w-none" />
        </div>
      </header>
      <div className="mx-auto mt-10 flex max-w-reading flex-col gap-10 px-4 sm:px-6">
        <section aria-labelledby="show-notes">
          <h2 id="show-notes" className="text-2xl font-semibold">
            {t("showNotes")}
          </h2>
          <p className="mt-3 text-lg leading-relaxed">{episode.description}</p>
          {episode.categories.length > 0 && (
            <ul aria-label={t("categoriesLabel")} className="mt-5 flex flex-wrap gap-2">
              {episode.categories.map((category) => (
                <li key={category} className="inline-flex min-h-9 items-center rounded-full border border-line bg-white px-3 text-sm">
                  {categoryName(category)}
                </li>
              ))}
            </ul>
          )}
        </section>
        {episode.chapters && <EpisodeChapters chapters={episode.chapters} seek={seek} />}
        {episode.cues && <EpisodeTranscript cues={episode.cues} seek={seek} />}
        {!episode.cues && episode.transcript && (
          <section aria-labelledby="transcript" className="rounded-2xl bg-sand p-5 sm:p-6">
            <h2 id="transcript" className="text-2xl font-semibold">
              {t("transcript")}
            </h2>
            <div className="mt-3 flex flex-col gap-3 leading-relaxed">
              {episode.transcript.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </section>
        )}
        <ShareLinks url={url} title={episode.title} heading={t("shareTitle")} />
        <section aria-labelledby="episode-subscribe" className="rounded-2xl bg-forest-900 p-6 text-white sm:p-8">
          <h2 id="episode-subscribe" className="text-2xl font-semibold text-white">
            {t("subscribeTitle")}
          </h2>
          <p className="mt-2 mb-4 text-white/85">{t("subscribeText")}</p>
          <a href={feedUrl} className={buttonClass({ variant: "accent" })}>
            <Rss aria-hidden="true" className="size-4" />
            {t("subscribeFeed")}
          </a>
        </section>
      </div>
    </article>
  );
}
