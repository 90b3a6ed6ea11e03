import { useState } from "react";
import { Form, useFetcher } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { CoverPicture } from "~/components/blog/cover-picture";
import { buttonClass } from "~/components/ui/button-styles";
import { FilePicker } from "~/components/ui/file-picker";
import { FormField, FormNotice } from "~/components/ui/form-field";
import { sendResumable } from "~/components/ui/resumable-upload";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { MAX_GENERAL_UPLOAD_BYTES } from "~/lib/upload-limits";
import { isUploadedCover } from "~/modules/blog/cover-files";
import { ARTICLE_LIMITS } from "~/modules/blog/editor/editor-form";
import type { EditorAnswer, EditorView } from "./editor-types";

const IMAGE_RULES = { accept: [".jpg", ".jpeg", ".png", "image/jpeg", "image/png"], maxSize: MAX_GENERAL_UPLOAD_BYTES, minSize: 1, maxFiles: 1 as const };

/**
 * The cover: the one readers see, a picture to upload in its place (sent resumably, then made into
 * every size and format on the server) with its required description, or back to the drawn cover.
 */
export function CoverPanel({ view }: { view: EditorView }) {
  const { t } = useTranslation("editor");
  const fetcher = useFetcher<EditorAnswer>();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [alt, setAlt] = useState((view.language === "en" ? view.text.imageAlt : view.english?.imageAlt) ?? "");
  const [done, setDone] = useState<string | null>(null);
  useFetcherAnswer(fetcher, (answer) => {
    setPercent(null);
    if (answer.ok) {
      setFile(null);
      setDone(answer.done ?? null);
      // The English description was saved with the cover: the editor's own field shows it too, so a later save keeps it.
      const field = document.getElementById("imageAlt");
      if (answer.done === "coverUploaded" && view.language === "en" && field instanceof HTMLInputElement) field.value = alt;
    } else setError(t(`edit.errors.${answer.errors.cover ?? answer.errors.imageAlt ?? answer.errors.form ?? "failed"}`));
  });
  if (!view.id || !view.image) return null;
  const upload = async () => {
    if (!file) return setError(t("edit.errors.coverMissing"));
    if (!alt.trim()) return setError(t("edit.errors.altRequired"));
    setError(null);
    setDone(null);
    setPercent(0);
    try {
      const uploadId = await sendResumable(file, ({ sent, total }) => setPercent(total ? Math.floor((sent / total) * 100) : 0), new AbortController().signal, "image");
      void fetcher.submit({ intent: "cover", id: view.id ?? "", uploadId, imageAlt: alt }, { method: "post" });
    } catch {
      setPercent(null);
      setError(t("edit.errors.failed"));
    }
  };
  const busy = percent !== null || fetcher.state !== "idle";
  return (
    <div className="flex flex-col gap-4">
      {done && <FormNotice kind="success">{t(`edit.done.${done}`)}</FormNotice>}
      <figure className="flex flex-col gap-2">
        <CoverPicture image={view.image} alt={alt} sizes="22rem" className="aspect-video w-full rounded-xl object-cover" />
        <figcaption className="text-sm text-muted">{isUploadedCover(view.image) ? t("edit.cover.current") : t("edit.cover.drawn")}</figcaption>
      </figure>
      <FilePicker label={t("edit.cover.file")} hint={t("edit.cover.hint")} rules={IMAGE_RULES} file={file} onFile={setFile} error={error} onError={setError} disabled={busy} />
      <FormField id="cover-alt" label={t("edit.cover.alt")} hint={t("edit.cover.altHint")} value={alt} onChange={(event) => setAlt(event.currentTarget.value)} maxLength={ARTICLE_LIMITS.imageAlt} />
      <div>
        <button type="button" onClick={() => void upload()} disabled={busy} className={buttonClass({ variant: "primary" })}>
          {percent !== null ? t("edit.cover.uploading", { percent }) : t("edit.cover.upload")}
        </button>
      </div>
      {isUploadedCover(view.image) && (
        <Form method="post">
          <input type="hidden" name="id" value={view.id} />
          <button type="submit" name="intent" value="removeCover" className={buttonClass({ variant: "ghost" })}>
            {t("edit.cover.remove")}
          </button>
        </Form>
      )}
    </div>
  );
}
