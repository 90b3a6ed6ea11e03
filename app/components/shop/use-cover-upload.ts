import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { failureStatus, sendResumable } from "~/components/ui/resumable-upload";
import { showToast } from "~/components/ui/toast";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { ImageCompressionError } from "~/components/lib/compress-image";
import { refusalIn } from "~/lib/route-policies";
import type { CoverAnswer, CoverProblem } from "~/modules/shop/covers";

/** Everything a cover upload can fail on: the server's reasons, a refusal of the admin gate, the browser's compression. */
export type CoverFailure = CoverProblem | "refused" | "compress" | "load";
/** A panel's wording: the key (namespace `shop`) of the message for each failure. */
export type CoverMessages = Record<CoverFailure, string>;

/** The permanent cover's words; the other panels change a few. */
export const COVER_MESSAGES: CoverMessages = {
  type: "manage.errors.coverType",
  tooLarge: "manage.errors.coverTooLarge",
  name: "manage.errors.pdfName",
  script: "manage.errors.coverSecurity",
  pixels: "manage.errors.coverPixels",
  missing: "manage.errors.pdfMissing",
  storage: "manage.errors.coverFailed",
  refused: "manage.errors.refused",
  rateLimited: "manage.errors.coverFailed",
  validation: "manage.errors.coverFailed",
  compress: "manage.errors.compressFailed",
  load: "manage.errors.loadFailed",
};

/** The toast titles: 'Invalid file type', 'File too large', 'Rate Limit Exceeded', 'Security Validation Failed', 'Upload Failed'. */
const TITLES: Partial<Record<CoverFailure, string>> = {
  type: "manage.toasts.invalidType",
  tooLarge: "manage.toasts.fileTooLarge",
  rateLimited: "manage.toasts.rateLimited",
  validation: "manage.toasts.securityFailed",
  script: "manage.toasts.securityFailed",
  storage: "manage.toasts.uploadFailed",
};

/** The allow-list named by 'File type {type} is not allowed. Allowed types: {list}'. */
const ALLOWED_TYPES = "image/jpeg, image/jpg, image/png";

function failureOf(error: unknown): CoverFailure {
  if (error instanceof ImageCompressionError) return error.code;
  const status = failureStatus(error);
  if (status === 413) return "tooLarge";
  return status === 401 || status === 403 ? "refused" : "storage";
}

/**
 * A cover panel's upload: the chosen file, its error, the progress while the image goes up
 * resumably, then the shop action named by `intent` with the upload's id. `prepare` runs first (the
 * temporary cover is compressed in the browser). Answers become toasts in the panel's words.
 */
export function useCoverUpload(messages: CoverMessages, values: Record<string, string> = {}) {
  const { t } = useTranslation("shop");
  const fetcher = useFetcher<CoverAnswer>();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const fail = (failure: CoverFailure, details: Record<string, string> = {}) => {
    const message = t(messages[failure], details);
    setError(message);
    void showToast("error", t(TITLES[failure] ?? "manage.toasts.error"), { description: message });
  };
  useFetcherAnswer(fetcher, (answer) => {
    setPercent(null);
    if (answer.ok) {
      setFile(null);
      setError(null);
      void showToast("success", t(`manage.cover.done.${answer.done}`));
    } else {
      fail(answer.errors?.cover ?? (refusalIn(answer) ? "refused" : "storage"), { type: file?.type || file?.name || "", list: ALLOWED_TYPES });
    }
  });

  async function send(intent: string, prepare?: (file: File) => Promise<File>) {
    if (!file) return;
    setPercent(0);
    setError(null);
    try {
      const ready = prepare ? await prepare(file) : file;
      const uploadId = await sendResumable(ready, ({ sent, total }) => setPercent(total ? Math.floor((sent / total) * 100) : 0), new AbortController().signal, "image");
      void fetcher.submit({ ...values, intent, uploadId }, { method: "post" });
    } catch (failure) {
      setPercent(null);
      fail(failureOf(failure));
    }
  }

  const submit = (intent: string) => void fetcher.submit({ ...values, intent }, { method: "post" });
  return { file, setFile, error, setError, percent, send, submit, busy: percent !== null || fetcher.state !== "idle" };
}
