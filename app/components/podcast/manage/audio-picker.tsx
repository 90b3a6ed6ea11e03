import { FileAudio, X } from "lucide-react";
import { useId, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button-styles";
import { cn } from "~/lib/cn";
import { checkDrop, type DropRejection } from "~/lib/file-drop";
import { MAX_AUDIO_UPLOAD_BYTES } from "~/lib/upload-limits";

/** Spec §3: MP3, WAV, M4A, by extension or by the type the browser reports. */
const AUDIO_ACCEPT = [".mp3", ".wav", ".m4a", "audio/mpeg", "audio/wav", "audio/x-wav", "audio/mp4", "audio/x-m4a"];
const RULES = {
  accept: AUDIO_ACCEPT,
  maxSize: MAX_AUDIO_UPLOAD_BYTES,
  minSize: 1,
  maxFiles: 1,
};
const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** The four rejections of spec §5, in the reader's language. */
export function rejectionMessage(t: (key: string, options?: Record<string, unknown>) => string, rejection: DropRejection): string {
  switch (rejection.code) {
    case "type":
      return t("manage.errors.dropType", {
        accept: AUDIO_ACCEPT.filter((rule) => rule.startsWith(".")).join(", "),
      });
    case "tooLarge":
      return t("manage.errors.dropTooLarge", { bytes: rejection.bytes });
    case "tooSmall":
      return t("manage.errors.dropTooSmall", { bytes: rejection.bytes });
    case "tooMany":
      return t("manage.errors.dropTooMany");
  }
}

/**
 * The audio file field: a file picker and a drop zone with the same acceptance rules (spec §5); junk
 * files of the operating system are ignored. `error` is shown under it, whoever found the problem.
 */
export function AudioPicker({
  file,
  onFile,
  error,
  onError,
  optional,
  disabled,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  error: string | null;
  onError: (message: string | null) => void;
  optional: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation("podcast");
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const take = (files: File[]) => {
    const { accepted, rejection } = checkDrop(files, RULES);
    if (rejection) {
      onError(rejectionMessage(t, rejection));
      return;
    }
    if (accepted[0]) {
      onError(null);
      onFile(accepted[0]);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take([...event.dataTransfer.files]);
  };
  const hint = [t("manage.audioHint", { size: MAX_AUDIO_UPLOAD_BYTES / (1024 * 1024) }), optional ? t("manage.audioKeep") : ""].filter(Boolean).join(" ");
  return (
    <div>
      <span id={`${id}-label`} className="font-semibold">
        {t("manage.audio")}
      </span>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "mt-1 flex flex-wrap items-center gap-3 rounded-xl border-2 border-dashed bg-white px-4 py-4",
          dragging ? "border-forest-700 bg-forest-100" : error ? "border-alert" : "border-line",
        )}
      >
        <FileAudio aria-hidden="true" className="size-6 text-muted" />
        {file ? (
          <>
            <span className="min-w-0 flex-1 truncate">
              {t("manage.chosen", {
                name: file.name,
                size: megabytes(file.size),
              })}
            </span>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onFile(null)}
              aria-label={t("manage.removeFile")}
              className={buttonClass({
                variant: "ghost",
                size: "sm",
                className: "px-2",
              })}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </>
        ) : (
          <>
            <label
              htmlFor={id}
              className={buttonClass({
                variant: "outline",
                size: "sm",
                className: "cursor-pointer focus-within:ring-2",
              })}
            >
              {t("manage.chooseFile")}
            </label>
            <span className="text-muted">{t("manage.dropHere")}</span>
          </>
        )}
        <input
          id={id}
          type="file"
          accept={AUDIO_ACCEPT.join(",")}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={Boolean(error)}
          className="sr-only"
          onChange={(event) => {
            take([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-alert">
          {error}
        </p>
      )}
    </div>
  );
}
