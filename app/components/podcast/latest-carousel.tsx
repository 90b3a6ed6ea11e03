import type { EmblaOptionsType } from "embla-carousel";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLazyCarousel } from "~/components/lib/use-lazy-carousel";
import { cn } from "~/components/lib/cn";
import { EpisodeItem } from "./episode-item";
import type { EpisodeView } from "./episode-view";

const arrowClass =
  "inline-flex size-11 items-center justify-center rounded-full border border-line bg-white transition-colors hover:bg-sand disabled:cursor-not-allowed disabled:opacity-40";

/** A reader who asked for less motion gets the next slide at once instead of an animation. */
const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

const LATEST_OPTIONS: EmblaOptionsType = { align: "start", containScroll: "trimSnaps" };

/**
 * 'Latest Episodes': the newest three, one per view on phones, two on tablets, three on wide screens.
 * Previous/next buttons are disabled at the ends; arrow keys work inside the carousel.
 * Without JavaScript the row scrolls sideways natively.
 */
export function LatestCarousel({ episodes }: { episodes: EpisodeView[] }) {
  const { t } = useTranslation("podcast");
  const [viewport, embla] = useLazyCarousel(LATEST_OPTIONS);
  const [ends, setEnds] = useState({ previous: false, next: false });
  useEffect(() => {
    if (!embla) return;
    const update = () => setEnds({ previous: embla.canScrollPrev(), next: embla.canScrollNext() });
    embla.on("select", update).on("reInit", update);
    update();
    return () => void embla.off("select", update).off("reInit", update);
  }, [embla]);
  const previous = useCallback(() => embla?.scrollPrev(prefersReducedMotion()), [embla]);
  const next = useCallback(() => embla?.scrollNext(prefersReducedMotion()), [embla]);
  return (
    <section
      aria-labelledby="latest-title"
      aria-roledescription="carousel"
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") previous();
        if (event.key === "ArrowRight") next();
      }}
    >
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id="latest-title" className="text-3xl font-semibold">
          {t("latest.title")}
        </h2>
        <div className="flex gap-2">
          <button type="button" onClick={previous} disabled={!ends.previous} aria-label={t("latest.previous")} aria-controls="latest-slides" className={arrowClass}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button type="button" onClick={next} disabled={!ends.next} aria-label={t("latest.next")} aria-controls="latest-slides" className={arrowClass}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      {/* Room around the cards for their shadow and focus ring, which the viewport would clip. */}
      <div ref={viewport} className={cn("-m-2 p-2", embla ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto")}>
        <div id="latest-slides" className="-ml-6 flex">
          {episodes.map((episode, index) => (
            <div
              key={episode.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t("latest.slide", { index: index + 1, count: episodes.length })}
              className="min-w-0 shrink-0 grow-0 basis-full snap-start pl-6 md:basis-1/2 lg:basis-1/3"
            >
              <EpisodeItem episode={episode} eager={index === 0} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
