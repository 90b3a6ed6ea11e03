import { ChevronDown } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import type { Cue } from "~/modules/podcast/timed-transcript";
import { SeekButton } from "./seek-button";

/**
 * The timed transcript, folded away until the reader opens it: each passage with its start time
 * (which plays the episode from there) and its speaker when the voice changes.
 */
export function EpisodeTranscript({ cues, seek }: { cues: Cue[]; seek: (seconds: number) => void }) {
  const { t } = useTranslation("episode");
  const spoken = cues.filter((cue) => cue.text);
  return (
    <section aria-labelledby="transcript" className="rounded-2xl bg-sand p-5 sm:p-6">
      <details className="group">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-lg [&::-webkit-details-marker]:hidden">
          <h2 id="transcript" className="text-2xl font-semibold">
            {t("transcript")}
          </h2>
          <span className="inline-flex items-center gap-1 text-sm font-semibold text-forest-700">
            <span className="group-open:hidden">{t("timedTranscript.show")}</span>
            <span className="hidden group-open:inline">{t("timedTranscript.hide")}</span>
            <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
          </span>
        </summary>
        <ol className="mt-4 flex flex-col gap-3 leading-relaxed">
          {spoken.map((cue, index) => (
            <li key={index} className="flex items-start gap-3">
              <SeekButton seconds={cue.start} label={(time) => t("timedTranscript.play", { time })} seek={seek} />
              <p className="min-w-0 flex-1 break-words">
                {cue.speaker && cue.speaker !== spoken[index - 1]?.speaker && <strong className="mr-1 font-semibold">{t("timedTranscript.speaker", { speaker: cue.speaker })}</strong>}
                {cue.text}
              </p>
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
