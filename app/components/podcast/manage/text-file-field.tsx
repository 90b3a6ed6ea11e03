import { useTranslation } from "~/i18n/use-translation";
import { FilePicker } from "~/components/ui/file-picker";
import { MAX_EPISODE_TEXT_FILE_BYTES } from "~/lib/upload-limits";
import { parseChapters } from "~/modules/podcast/chapters-file";
import type { EpisodeCard } from "~/modules/podcast/episode-card";
import { parseTimedTranscript } from "~/modules/podcast/timed-transcript";

/**
 * The episode dialog's transcript and chapters fields: a file (WebVTT or SubRip; JSON chapters)
 * and, when editing an episode that has one, what it has now and a box to remove it. A new file
 * replaces the old one, so the box is off while one is chosen. The server checks the contents.
 */
export type TextField = "transcript" | "chapters";

export interface TextFileChoice {
  file: File | null;
  remove: boolean;
}

const RULES: Record<TextField, { accept: string[]; maxSize: number; minSize: number; maxFiles: 1 }> = {
  transcript: { accept: [".vtt", ".srt", "text/vtt", "application/x-subrip"], maxSize: MAX_EPISODE_TEXT_FILE_BYTES, minSize: 1, maxFiles: 1 },
  chapters: { accept: [".json", "application/json"], maxSize: MAX_EPISODE_TEXT_FILE_BYTES, minSize: 1, maxFiles: 1 },
};

/** What the episode has now, in the dialog's words; null when it has none. */
function currentKey(field: TextField, episode: Pick<EpisodeCard, "transcriptKind" | "hasChapters"> | undefined): string | null {
  if (!episode) return null;
  if (field === "chapters") return episode.hasChapters ? "manage.files.hasChapters" : null;
  return episode.transcriptKind ? `manage.files.has.${episode.transcriptKind}` : null;
}

interface Props {
  field: TextField;
  episode?: Pick<EpisodeCard, "transcriptKind" | "hasChapters">;
  choice: TextFileChoice;
  onChoice: (choice: TextFileChoice) => void;
  error: string | undefined;
  onError: (message: string | null) => void;
  disabled: boolean;
}

export function TextFileField({ field, episode, choice, onChoice, error, onError, disabled }: Props) {
  const { t } = useTranslation("podcast");
  const current = currentKey(field, episode);
  const size = MAX_EPISODE_TEXT_FILE_BYTES / (1024 * 1024);
  return (
    <div className="flex flex-col gap-2">
      <FilePicker
        label={t(`manage.files.${field}`)}
        hint={[t(`manage.files.${field}Hint`, { size }), current ? t("manage.files.replaceHint") : ""].filter(Boolean).join(" ")}
        rules={RULES[field]}
        file={choice.file}
        onFile={(file) => onChoice({ file, remove: false })}
        error={error ?? null}
        onError={onError}
        disabled={disabled}
      />
      {current && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-sand px-4 py-2 text-sm">
          <span>{t(current)}</span>
          <label className="inline-flex min-h-11 items-center gap-2 font-medium">
            <input
              type="checkbox"
              checked={choice.remove}
              disabled={disabled || choice.file !== null}
              onChange={(event) => onChoice({ file: null, remove: event.target.checked })}
              className="size-5 accent-forest-700"
            />
            {t(`manage.files.remove.${field}`)}
          </label>
        </div>
      )}
    </div>
  );
}

/**
 * The same reading the server does, at once when a file is chosen, so the owner hears about a wrong
 * line before sending anything. Without the new episode's duration (a new audio file), only the
 * file's own shape is checked; the server checks the rest.
 */
export async function checkInBrowser(field: TextField, file: File, durationSeconds: number): Promise<{ problem: string; at?: number } | null> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return { problem: "encoding" };
  }
  if (field === "transcript") {
    const reading = parseTimedTranscript(text, durationSeconds);
    return reading.ok ? null : { problem: reading.problem, at: reading.line };
  }
  const reading = parseChapters(text, durationSeconds);
  return reading.ok ? null : { problem: reading.problem, at: reading.chapter };
}
