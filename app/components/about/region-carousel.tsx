import type { EmblaOptionsType } from "embla-carousel";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLazyCarousel } from "~/components/lib/use-lazy-carousel";
import { REGION_SLIDES } from "~/modules/home/regions";

const REGION_OPTIONS: EmblaOptionsType = { loop: true };

/**
 * The South America and Caribbean carousel: swipe, previous/next buttons and arrow keys. Without
 * JavaScript the first slide shows with its caption; the buttons work once the carousel has loaded.
 */
export function RegionCarousel() {
  const { t } = useTranslation("about");
  const [viewport, embla] = useLazyCarousel(REGION_OPTIONS);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!embla) return;
    const update = () => setSelected(embla.selectedScrollSnap());
    embla.on("select", update);
    update();
    return () => void embla.off("select", update);
  }, [embla]);
  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("regions.carouselLabel")}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") previous();
        if (event.key === "ArrowRight") next();
      }}
    >
      <div ref={viewport} className="overflow-hidden rounded-2xl">
        <div className="flex">
          {REGION_SLIDES.map((slide, index) => (
            <div
              key={slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t("regions.slide", { index: index + 1, count: REGION_SLIDES.length })}
              aria-hidden={index !== selected}
              data-slide={slide}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              <figure className="relative">
                <img src={`/images/regions/${slide}.svg`} alt="" width={1200} height={600} loading={index === 0 ? "eager" : "lazy"} className="aspect-[2/1] w-full object-cover" />
                <figcaption className="absolute inset-x-0 bottom-0 bg-ink/80 px-5 py-3 text-white">{t(`regions.slides.${slide}`)}</figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex items-center justify-center gap-3">
        <button type="button" onClick={previous} disabled={!embla} aria-label={t("regions.previous")} className="inline-flex size-11 items-center justify-center rounded-full border border-line bg-white hover:bg-sand">
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <p aria-live="polite" className="min-w-24 text-center text-sm text-muted">
          {t("regions.slide", { index: selected + 1, count: REGION_SLIDES.length })}
        </p>
        <button type="button" onClick={next} disabled={!embla} aria-label={t("regions.next")} className="inline-flex size-11 items-center justify-center rounded-full border border-line bg-white hover:bg-sand">
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
    </section>
  );
}
