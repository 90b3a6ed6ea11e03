import { useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/components/lib/use-hydrated";
import { buttonClass } from "~/components/ui/button-styles";
import { FilePicker } from "~/components/ui/file-picker";
import { FormNotice } from "~/components/ui/form-field";
import { failureStatus, sendResumable } from "~/components/ui/resumable-upload";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { useTranslation } from "~/i18n/use-translation";
import { refusalIn } from "~/lib/route-policies";
import { MAX_GENERAL_UPLOAD_BYTES } from "~/lib/upload-limits";
import type { SettingsAnswer } from "~/modules/settings/settings-forms";

const IMAGE_RULES = { accept: [".jpg", ".jpeg", ".png", "image/jpeg", "image/png"], maxSize: MAX_GENERAL_UPLOAD_BYTES, minSize: 1, maxFiles: 1 as const };

/**
 * The show's artwork: the one shown now (the drawn one until the owner uploads theirs), and a picker
 * for a new one. The image is uploaded first (resumably), then the form names the upload; the server
 * checks it is a square JPEG or PNG of 1400 to 3000 pixels. It needs JavaScript, as every upload does.
 */
export function ArtworkForm({ artworkUrl }: { artworkUrl: string | null }) {
  const { t } = useTranslation("dashboard");
  const fetcher = useFetcher<SettingsAnswer>({ key: "settings-artwork" });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState(false);
  const hydrated = useHydrated();
  const busy = !hydrated || uploading || fetcher.state !== "idle";

  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      setSaved(true);
      setFile(null);
      return;
    }
    const problem = refusalIn(answer) ? null : (answer.errors?.artwork ?? answer.errors?.form);
    setError(refusalIn(answer) ? t("settings.refused") : problem === "failed" || !problem ? t("settings.serverFailed") : t(`settings.errors.${problem}`));
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    if (!file) return setError(t("settings.errors.required"));
    setUploading(true);
    try {
      const uploadId = await sendResumable(file, () => undefined, new AbortController().signal, "image");
      void fetcher.submit({ intent: "artwork", uploadId }, { method: "post" });
    } catch (failure) {
      setError(failureStatus(failure) === 413 ? t("common:filePicker.dropTooLarge", { bytes: MAX_GENERAL_UPLOAD_BYTES }) : t("settings.serverFailed"));
    } finally {
      setUploading(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="settings-artwork-title" className="rounded-2xl border border-line bg-white p-5 sm:p-8">
      <h2 id="settings-artwork-title" className="text-2xl font-semibold">
        {t("settings.show.artwork")}
      </h2>
      <p className="mt-2 max-w-2xl text-muted">{t("settings.show.artworkText")}</p>
      <div className="mt-6 flex flex-col gap-5 sm:flex-row sm:items-start">
        <figure className="shrink-0">
          <img src={artworkUrl ?? "/podcast/artwork/show.svg"} alt={t("settings.show.artworkCurrent")} width={160} height={160} className="size-40 rounded-xl border border-line object-cover" />
          {!artworkUrl && <figcaption className="mt-2 max-w-40 text-sm text-muted">{t("settings.show.artworkDrawn")}</figcaption>}
        </figure>
        <div className="min-w-0 flex-1">
          <FilePicker
            label={t("settings.show.artwork")}
            hint={t("settings.show.artworkHint")}
            rules={IMAGE_RULES}
            file={file}
            onFile={(chosen) => {
              setSaved(false);
              setFile(chosen);
            }}
            error={error}
            onError={setError}
            disabled={busy}
            messages={{ type: t("settings.errors.artworkType") }}
          />
        </div>
      </div>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
        <button type="submit" className={buttonClass()} disabled={busy}>
          {uploading || fetcher.state !== "idle" ? t("settings.saving") : t("settings.save")}
        </button>
        {saved && <FormNotice kind="success">{t("settings.saved")}</FormNotice>}
      </div>
    </form>
  );
}
