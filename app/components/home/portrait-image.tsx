import { useEffect, useRef, useState } from "react";

type State = "loading" | "loaded" | "failed";

/**
 * A portrait that shows a spinner until the image has loaded and swaps to the fallback image when it
 * cannot be loaded. Images that finished (or failed) before React attached are checked on mount.
 */
export function PortraitImage({ src, fallback, alt, loadingLabel }: { src: string; fallback: string; alt: string; loadingLabel: string }) {
  const [state, setState] = useState<State>("loading");
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (element?.complete) setState(element.naturalWidth > 0 ? "loaded" : "failed");
  }, []);
  return (
    <div className="relative aspect-square overflow-hidden rounded-full bg-sand" aria-busy={state === "loading"}>
      {state === "loading" && (
        <span role="status" className="absolute inset-0 flex items-center justify-center">
          <span className="size-10 animate-spin rounded-full border-4 border-forest-700/25 border-t-forest-700" />
          <span className="sr-only">{loadingLabel}</span>
        </span>
      )}
      <img
        ref={image}
        src={state === "failed" ? fallback : src}
        alt={alt}
        width={320}
        height={320}
        loading="lazy"
        decoding="async"
        data-state={state}
        onLoad={() => setState((current) => (current === "failed" ? current : "loaded"))}
        onError={() => setState("failed")}
        className="size-full object-cover"
      />
    </div>
  );
}
