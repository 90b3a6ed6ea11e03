import { ExternalLink } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import type { Chapter } from "~/modules/podcast/chapters-file";
import { SeekButton } from "./seek-button";

/** The episode's chapters: each start time plays the episode from there; a chapter's link opens beside it. */
export function EpisodeChapters({ chapters, seek }: { chapters: Chapter[]; seek: (seconds: number) => void }) {
  const { t } = useTranslation("episode");
  return (
    <section aria-labelledby="chapters" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id="chapters" className="text-2xl font-semibold">
        {t("chapters.title")}
      </h2>
      <ol className="mt-4 flex flex-col divide-y divide-line">
        {chapters.map((chapter) => (
          <li key={chapter.startTime} className="flex items-start gap-3 py-2">
            <SeekButton seconds={chapter.startTime} label={(time) => t("chapters.play", { time, title: chapter.title })} seek={seek} />
            <span className="min-w-0 flex-1 self-center break-words">
              {chapter.title}
              {chapter.url && (
                <a
                  href={chapter.url}
                  rel="noopener noreferrer nofollow"
                  target="_blank"
                  aria-label={t("chapters.linkLabel", { title: chapter.title })}
                  className="ml-2 inline-flex items-center gap-1 text-sm text-forest-700 underline hover:text-forest-900">
                  {t("chapters.link")}
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </a>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
