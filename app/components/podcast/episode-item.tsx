import { CalendarDays, Clock } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { cn } from "~/components/lib/cn";
import type { EpisodeView } from "./episode-view";
import { EpisodeAdminActions } from "./manage/episode-manage";
import { PlayButton } from "./play-button";

/** Date and m:ss duration of an episode, as a card and the hero show them. */
export function EpisodeFacts({ episode, className }: { episode: EpisodeView; className?: string }) {
  const { t } = useTranslation("podcast");
  return (
    <p className={cn("flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted", className)}>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={episode.publishedAt}>{episode.date}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4" />
        <time dateTime={episode.isoDuration} aria-label={t("card.duration", { duration: episode.duration })}>
          {episode.duration}
        </time>
      </span>
    </p>
  );
}

/**
 * An episode card: image, title linking to its page, two lines of description, date and duration,
 * and a Play button. "grid" stacks the image above the text; "list" puts a small image beside it.
 */
export function EpisodeItem({ episode, layout = "grid", eager = false }: { episode: EpisodeView; layout?: "grid" | "list"; eager?: boolean }) {
  const list = layout === "list";
  return (
    <article
      className={cn(
        "flex h-full overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition-shadow hover:shadow-md",
        list ? "flex-row items-start gap-4 p-4 sm:gap-5" : "flex-col",
      )}
    >
      <div className={cn("relative shrink-0", !list && "w-full")}>
        <img
          src={episode.imageUrl}
          alt=""
          width={list ? 160 : 1200}
          height={list ? 160 : 675}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className={cn("bg-sand object-cover", list ? "size-20 rounded-xl sm:size-28" : "aspect-video w-full")}
        />
        <PlayButton episode={episode} className={cn("absolute shadow-lg ring-2 ring-white/80", list ? "inset-0 m-auto" : "right-4 bottom-4")} />
      </div>
      <div className={cn("flex min-w-0 flex-1 flex-col gap-2", !list && "p-5")}>
        <h3 className={cn("font-semibold", list ? "text-lg sm:text-xl" : "text-xl")}>
          <Link to={episode.href} className="hover:underline">
            {episode.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-muted">{episode.description}</p>
        <EpisodeFacts episode={episode} className={cn(!list && "mt-auto pt-1")} />
        <EpisodeAdminActions episode={episode} className="flex gap-2 pt-1" />
      </div>
    </article>
  );
}
