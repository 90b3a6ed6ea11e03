import { Pause, Play, X } from "lucide-react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { formatDuration } from "~/modules/podcast/duration";
import type { EpisodeView } from "./episode-view";
import { wholeSeconds } from "./time";

interface PlayerBarProps {
  episode: EpisodeView;
  audio: RefObject<HTMLAudioElement | null>;
  playing: boolean;
  onToggle: () => void;
  onClose: () => void;
}

/** Follows the audio element's clock: position and length in whole seconds. */
function useAudioClock(audio: RefObject<HTMLAudioElement | null>, fallbackLength: number) {
  const [position, setPosition] = useState(0);
  const [length, setLength] = useState(fallbackLength);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const update = () => {
      setPosition(wholeSeconds(element.currentTime));
      setLength(wholeSeconds(element.duration) || fallbackLength);
    };
    const events = ["timeupdate", "durationchange", "loadedmetadata", "seeked", "emptied"] as const;
    for (const event of events) element.addEventListener(event, update);
    update();
    return () => {
      for (const event of events) element.removeEventListener(event, update);
    };
  }, [audio, fallbackLength]);
  return { position, length };
}

/** Pads the page's bottom by the bar's height, so the end of the footer stays reachable above it. */
function useReservedSpace() {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const observer = new ResizeObserver(() => (document.body.style.paddingBottom = `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = "";
    };
  }, []);
  return bar;
}

/** The sticky bar at the bottom of the podcast page: play/pause, title, seek, time and close. */
export default function PlayerBar({ episode, audio, playing, onToggle, onClose }: PlayerBarProps) {
  const { t } = useTranslation("podcast");
  const { position, length } = useAudioClock(audio, episode.durationSeconds);
  const bar = useReservedSpace();
  const elapsed = formatDuration(position);
  const total = formatDuration(length);
  return (
    <section ref={bar} aria-label={t("player.label")} className="fixed inset-x-0 bottom-0 z-40 border-t border-white/15 bg-ink text-white shadow-[0_-8px_24px_rgb(0_0_0/0.2)]">
      <div className="mx-auto grid max-w-wide grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-1 px-4 py-3 sm:grid-cols-[auto_auto_minmax(0,1fr)_minmax(10rem,1fr)_auto] lg:grid-cols-[auto_auto_minmax(0,1fr)_minmax(12rem,1.5fr)_auto] sm:gap-x-4 sm:px-6">
        <button
          type="button"
          onClick={onToggle}
          aria-label={playing ? t("player.pause") : t("player.play")}
          className="inline-flex size-11 items-center justify-center rounded-full bg-gold-400 text-ink hover:bg-gold-300"
        >
          {playing ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5 translate-x-px" />}
        </button>
        <img src={episode.imageUrl} alt="" width={48} height={48} className="hidden size-12 rounded-md object-cover sm:block" />
        <p className="min-w-0 leading-tight">
          <span className="block text-xs font-semibold tracking-wide text-gold-300 uppercase">{t("player.nowPlaying")}</span>
          <Link to={episode.href} className="block truncate font-semibold hover:underline">
            {episode.title}
          </Link>
        </p>
        <div className="col-span-3 row-start-2 flex items-center gap-3 text-sm tabular-nums sm:col-span-1 sm:col-start-4 sm:row-start-1">
          <span className="w-12 text-right">{elapsed}</span>
          <input
            type="range"
            min={0}
            max={Math.max(length, 1)}
            step={1}
            value={Math.min(position, length)}
            onChange={(event) => {
              const element = audio.current;
              if (element) element.currentTime = Number(event.target.value);
            }}
            aria-label={t("player.seek")}
            aria-valuetext={`${elapsed} / ${total}`}
            className="h-2 min-w-0 flex-1 cursor-pointer accent-gold-400"
          />
          <span className="w-12">{total}</span>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t("player.close")}
          className="col-start-3 row-start-1 inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10 sm:col-start-5"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </section>
  );
}
