import * as Dialog from "@radix-ui/react-dialog";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { FormField, TextAreaField } from "~/components/ui/form-field";
import { Progress } from "~/components/ui/progress";
import { showToast } from "~/components/ui/toast";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { LANGUAGE_NAMES } from "~/i18n/languages";
import { useLanguage } from "~/i18n/root-data";
import { hasDangerousName } from "~/lib/file-name";
import { parseInput } from "~/lib/form-input";
import { refusalIn } from "~/lib/route-policies";
import { episodeFieldsSchema, type EpisodeAnswer } from "~/modules/podcast/episode-form";
import type { EpisodeView } from "~/components/podcast/episode-view";
import { FilePicker } from "~/components/ui/file-picker";
import { MAX_AUDIO_UPLOAD_BYTES } from "~/lib/upload-limits";
import { failureStatus, sendResumable, type UploadProgress } from "~/components/ui/resumable-upload";
import { checkInBrowser, TextFileField, type TextField, type TextFileChoice } from "./text-file-field";
import { messagesFor, TEXT_FIELDS, type Messages } from "./episode-messages";

/** MP3, WAV, M4A, by extension or by the type the browser reports; one file. */
const AUDIO_RULES = {
  accept: [".mp3", ".wav", ".m4a", "audio/mpeg", "audio/wav", "audio/x-wav", "audio/mp4", "audio/x-m4a"],
  maxSize: MAX_AUDIO_UPLOAD_BYTES,
  minSize: 1,
  maxFiles: 1 as const,
};

type Props = { mode: "upload"; episode?: undefined; onClose: () => void } | { mode: "edit"; episode: EpisodeView; onClose: () => void };
type Phase = "idle" | "uploading" | "saving";
const NO_CHOICE: TextFileChoice = { file: null, remove: false };

/**
 * The episode upload and edit dialogs: title, description, comma-separated categories and the
 * audio file (required to upload, optional to edit). The file goes first, resumably, with a progress
 * bar; then the form names it. 'Uploading...' / 'Updating...' while busy; on success a toast, and the
 * dialog closes (the page reloads its list, the new episode first). A failed save keeps what was sent,
 * so a second try does not upload the file again.
 */
export default function EpisodeDialog({ mode, episode, onClose }: Props) {
  const { t } = useTranslation("podcast");
  const language = useLanguage();
  const fetcher = useFetcher<EpisodeAnswer>();
  const [file, setFile] = useState<File | null>(null);
  const [messages, setMessages] = useState<Messages>({});
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const sent = useRef<{ file: File; uploadId: string } | null>(null);
  const [texts, setTexts] = useState<Record<TextField, TextFileChoice>>({ transcript: NO_CHOICE, chapters: NO_CHOICE });
  const sentTexts = useRef<Partial<Record<TextField, { file: File; uploadId: string }>>>({});
  const chosenTexts = useRef<Partial<Record<TextField, File | null>>>({});
  const cancel = useRef<AbortController | null>(null);
  const failed = mode === "upload" ? "manage.toasts.uploadFailed" : "manage.toasts.updateFailed";
  const showFailure = () =>
    void showToast("error", t("manage.toasts.error"), {
      description: t(failed),
    });

  useFetcherAnswer(fetcher, (answer) => {
    setPhase("idle");
    if (answer.ok) {
      const done = answer.done === "uploaded" ? "uploaded" : "updated";
      void showToast("success", t(`manage.toasts.${done}`), {
        description: t(`manage.toasts.${done}Text`),
      });
      onClose();
      return;
    }
    if (refusalIn(answer)) setMessages({ audio: t("manage.errors.signedOut") });
    else if (answer.errors) setMessages(messagesFor(t, answer.errors));
    // A file the server refused is gone from the server: the next try sends it again.
    if (answer.errors?.audio) sent.current = null;
    for (const field of TEXT_FIELDS) if (answer.errors?.[field]) delete sentTexts.current[field];
    showFailure();
  });

  // Removing the file of a new episode says at once what is missing; a name the server refuses
  // ('talk.exe.mp3') is refused when chosen, with the server's message, and not kept.
  const chooseFile = (chosen: File | null) => {
    const dangerous = chosen !== null && hasDangerousName(chosen.name);
    setFile(dangerous ? null : chosen);
    setMessages(({ audio: _audio, ...rest }) => {
      if (dangerous) return { ...rest, ...messagesFor(t, { audio: "name" }) };
      return chosen || mode === "edit" ? rest : { ...rest, audio: t("manage.errors.audioRequired") };
    });
  };

  // A field's message goes as soon as the field changes; the next send checks it again.
  const clearMessage = (event: FormEvent<HTMLFormElement>) => {
    const { name } = event.target as HTMLInputElement;
    if (name === "title" || name === "description" || name === "categories") setMessages(({ [name]: _dropped, ...rest }) => rest);
  };

  const chooseTextFile = (field: TextField, choice: TextFileChoice) => {
    setTexts((current) => ({ ...current, [field]: choice }));
    chosenTexts.current[field] = choice.file;
    setMessages(({ [field]: _dropped, ...rest }) => rest);
    // Within the episode's length when it is known (editing, keeping the audio); the server checks again.
    const duration = mode === "edit" && !file ? episode.durationSeconds : Number.POSITIVE_INFINITY;
    if (choice.file)
      void checkInBrowser(field, choice.file, duration).then((found) => {
        if (found && chosenTexts.current[field] === choice.file) setMessages((current) => ({ ...current, ...messagesFor(t, { [field]: found.problem, [`${field}At`]: String(found.at ?? "") }) }));
      });
  };

  const close = () => {
    cancel.current?.abort();
    onClose();
  };

  /** Sends the chosen transcript and chapters files not sent yet; null when one failed (the field says why). */
  async function sendTextFiles(): Promise<Record<TextField, string> | null> {
    const ids: Record<TextField, string> = { transcript: "", chapters: "" };
    for (const field of TEXT_FIELDS) {
      const chosen = texts[field].file;
      if (!chosen) continue;
      if (sentTexts.current[field]?.file !== chosen) {
        setPhase("uploading");
        cancel.current = new AbortController();
        try {
          sentTexts.current[field] = { file: chosen, uploadId: await sendResumable(chosen, setProgress, cancel.current.signal, field) };
          cancel.current = null;
        } catch (error) {
          if (error instanceof DOMException && error.name === "AbortError") return null;
          cancel.current = null;
          setPhase("idle");
          const status = failureStatus(error);
          setMessages({ [field]: status === 413 ? t(`manage.errors.${field}File.tooLarge`) : uploadFailure(chosen, status) });
          showFailure();
          return null;
        }
      }
      ids[field] = sentTexts.current[field]!.uploadId;
    }
    return ids;
  }

  const uploadFailure = (chosen: File, status: number | null) =>
    status === 413 ? t("manage.errors.dropTooLarge", { bytes: chosen.size }) : status === 401 || status === 403 ? t("manage.errors.signedOut") : t(failed);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = parseInput(episodeFieldsSchema, form);
    const errors = checked.ok ? {} : checked.errors;
    const found = messagesFor(t, {
      ...errors,
      ...(mode === "upload" && !file ? { audio: "required" as const } : {}),
    });
    setMessages(found);
    if (Object.keys(found).length > 0) {
      if (found.audio)
        void showToast("error", t("manage.toasts.error"), {
          description: t("manage.toasts.selectAudio"),
        });
      return;
    }
    let uploadId = "";
    if (file) {
      if (sent.current?.file !== file) {
        setPhase("uploading");
        setProgress({ sent: 0, total: file.size, resumed: false });
        cancel.current = new AbortController();
        try {
          sent.current = {
            file,
            uploadId: await sendResumable(file, setProgress, cancel.current.signal),
          };
          // Sent in full: closing the dialog now must not delete it from the server.
          cancel.current = null;
        } catch (error) {
          if (error instanceof DOMException && error.name === "AbortError") return;
          cancel.current = null;
          const status = failureStatus(error);
          setPhase("idle");
          setMessages({ audio: uploadFailure(file, status) });
          showFailure();
          return;
        }
      }
      uploadId = sent.current.uploadId;
    }
    const textIds = await sendTextFiles();
    if (!textIds) return;
    setPhase("saving");
    const fields = {
      title: String(form.get("title")),
      description: String(form.get("description")),
      categories: String(form.get("categories") ?? ""),
    };
    void fetcher.submit(
      {
        intent: mode === "upload" ? "create" : "update",
        id: episode?.id ?? "",
        uploadId,
        ...fields,
        transcriptUploadId: textIds.transcript,
        chaptersUploadId: textIds.chapters,
        removeTranscript: texts.transcript.remove ? "on" : "",
        removeChapters: texts.chapters.remove ? "on" : "",
      },
      { method: "post" },
    );
  }

  const busy = phase !== "idle";
  const percent = progress && progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const busyLabel = mode === "upload" ? t("manage.uploading") : t("manage.updating");
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-paper p-6 text-ink shadow-2xl sm:p-8">
          <Dialog.Title className="font-serif text-2xl font-semibold">{mode === "upload" ? t("manage.uploadTitle") : t("manage.editTitle")}</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted">
            {mode === "upload" ? t("manage.uploadText") : t("manage.editText", { language: LANGUAGE_NAMES[language] })}
          </Dialog.Description>
          <form noValidate onSubmit={submit} onChange={clearMessage} className="mt-6 flex flex-col gap-5">
            <FormField id="episode-title" name="title" label={t("manage.title")} defaultValue={episode?.title} error={messages.title} disabled={busy} autoComplete="off" />
            <TextAreaField id="episode-description" name="description" label={t("manage.description")} rows={4} defaultValue={episode?.description} error={messages.description} disabled={busy} />
            <FormField
              id="episode-categories"
              name="categories"
              label={t("manage.categories")}
              hint={t("manage.categoriesHint")}
              defaultValue={episode?.categories.join(", ")}
              error={messages.categories}
              disabled={busy}
              autoComplete="off"
            />
            <FilePicker
              label={t("manage.audio")}
              hint={[t("manage.audioHint", { size: MAX_AUDIO_UPLOAD_BYTES / (1024 * 1024) }), mode === "edit" ? t("manage.audioKeep") : ""].filter(Boolean).join(" ")}
              rules={AUDIO_RULES}
              file={file}
              onFile={chooseFile}
              error={messages.audio ?? null}
              onError={(message) => setMessages((current) => ({ ...current, audio: message ?? undefined }))}
              disabled={busy}
            />
            {TEXT_FIELDS.map((field) => (
              <TextFileField
                key={field}
                field={field}
                episode={episode}
                choice={texts[field]}
                onChoice={(choice) => chooseTextFile(field, choice)}
                error={messages[field]}
                onError={(message) => setMessages((current) => ({ ...current, [field]: message ?? undefined }))}
                disabled={busy}
              />
            ))}
            {phase === "uploading" && (
              <div aria-live="polite">
                <Progress value={percent} label={t("manage.progressLabel")} />
                <p className="mt-1 text-sm text-muted">{t("manage.progress", { percent })}</p>
                {progress?.resumed && <p className="mt-1 text-sm text-muted">{t("manage.resumed")}</p>}
              </div>
            )}
            <div className="flex flex-wrap justify-end gap-3">
              <button type="button" onClick={close} className={buttonClass({ variant: "ghost" })}>
                {t("manage.cancel")}
              </button>
              <button type="submit" disabled={busy || (mode === "upload" && !file)} className={buttonClass({ variant: "primary" })}>
                {busy ? busyLabel : mode === "upload" ? t("manage.submitUpload") : t("manage.submitEdit")}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
