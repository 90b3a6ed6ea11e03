import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import type { EpisodeView } from "./episode-view";

interface Player {
  current: EpisodeView | null;
  playing: boolean;
  /** Plays an episode from the start, or pauses/resumes it when it is the one loaded. */
  toggle: (episode: EpisodeView) => void;
  close: () => void;
}

const PlayerContext = createContext<Player | null>(null);

// The bar's code loads on the first play; a reader who never presses Play never fetches it (ADR 022).
const PlayerBar = lazy(() => import("./player-bar"));

/**
 * Owns the page's one <audio> element. It sits above the episode lists, so the sound goes on while the
 * reader scrolls, switches between grid and list or pages through the carousel.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [current, setCurrent] = useState<EpisodeView | null>(null);
  const [playing, setPlaying] = useState(false);

  const toggle = useCallback(
    (episode: EpisodeView) => {
      const audio = audioRef.current;
      if (!audio) return;
      if (current?.id === episode.id) {
        if (audio.paused) void audio.play().catch(() => undefined);
        else audio.pause();
        return;
      }
      audio.src = episode.audioUrl;
      setCurrent(episode);
      // Called inside the click, so the browser's autoplay rules let it start. A later choice
      // interrupting this one rejects the promise; that is expected.
      void audio.play().catch(() => undefined);
    },
    [current],
  );

  const close = useCallback(() => {
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute("src");
      audio.load();
    }
    setCurrent(null);
  }, []);

  const player = useMemo(() => ({ current, playing, toggle, close }), [current, playing, toggle, close]);
  return (
    <PlayerContext.Provider value={player}>
      {children}
      <audio ref={audioRef} preload="none" onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} onEnded={() => setPlaying(false)} />
      {current && (
        <Suspense fallback={null}>
          <PlayerBar episode={current} audio={audioRef} playing={playing} onToggle={() => toggle(current)} onClose={close} />
        </Suspense>
      )}
    </PlayerContext.Provider>
  );
}

export function usePlayer(): Player {
  const player = useContext(PlayerContext);
  if (!player) throw new Error("usePlayer() needs a <PlayerProvider> above it.");
  return player;
}
