import { formatDuration } from "~/modules/podcast/duration";

/** A start time (m:ss) that plays the episode from there; `label` says so to a screen reader. */
export function SeekButton({ seconds, label, seek }: { seconds: number; label: (time: string) => string; seek: (seconds: number) => void }) {
  const time = formatDuration(Math.floor(seconds));
  return (
    <button
      type="button"
      onClick={() => seek(seconds)}
      aria-label={label(time)}
      className="inline-flex min-h-9 min-w-16 shrink-0 items-center justify-center rounded-full bg-forest-700/10 px-3 text-sm font-semibold text-forest-900 tabular-nums hover:bg-forest-700/20"
    >
      {time}
    </button>
  );
}
