import { Pause, Play } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { useHydrated } from "~/components/lib/use-hydrated";
import { cn } from "~/components/lib/cn";
import type { EpisodeView } from "./episode-view";
import { usePlayer } from "./player-context";

/**
 * Plays the episode in the page's player. Before React runs (or without JavaScript) it is a link to the
 * episode's own page, which has a player of its own.
 */
export function PlayButton({ episode, label, tone = "forest", className }: { episode: EpisodeView; label?: string; tone?: "forest" | "gold"; className?: string }) {
  const { t } = useTranslation("podcast");
  const hydrated = useHydrated();
  const player = usePlayer();
  const active = player.current?.id === episode.id && player.playing;
  const name = t(active ? "card.pause" : "card.play", { title: episode.title });
  const Icon = active ? Pause : Play;
  const classes = cn(
    "inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold transition-colors",
    tone === "gold" ? "bg-gold-400 text-ink hover:bg-gold-300" : "bg-forest-700 text-white hover:bg-forest-900",
    label ? "min-h-11 px-5" : "size-11",
    className,
  );
  // A visible label is the button's name (what a speech user says); an icon alone is named by the title.
  const visible = label && (active ? t("player.pause") : label);
  const ariaLabel = label ? undefined : name;
  const content = (
    <>
      <Icon aria-hidden="true" className={cn("size-5", !active && "translate-x-px")} />
      {visible}
    </>
  );
  if (!hydrated) {
    return (
      <Link to={episode.href} aria-label={ariaLabel} className={classes}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" onClick={() => player.toggle(episode)} aria-label={ariaLabel} className={classes}>
      {content}
    </button>
  );
}
