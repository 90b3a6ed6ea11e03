import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useEffect, useState } from "react";

/**
 * Embla on a viewport, loaded after the page is interactive: swiping and the previous/next buttons
 * are extras over a row that scrolls natively, so readers never wait for the carousel's ~7 KB of
 * gzip before the page works. `options` must be a constant: the carousel is built once per viewport.
 */
export function useLazyCarousel(options: EmblaOptionsType): [(viewport: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [carousel, setCarousel] = useState<EmblaCarouselType>();
  useEffect(() => {
    if (!viewport) return;
    let built: EmblaCarouselType | undefined;
    let unmounted = false;
    void import("embla-carousel").then(({ default: EmblaCarousel }) => {
      if (unmounted) return;
      built = EmblaCarousel(viewport, options);
      setCarousel(built);
    });
    return () => {
      unmounted = true;
      built?.destroy();
      setCarousel(undefined);
    };
  }, [viewport, options]);
  return [setViewport, carousel];
}
