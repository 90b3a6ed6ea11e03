import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { FilePicker } from "~/components/ui/file-picker";
import { failureStatus, sendResumable } from "~/components/ui/resumable-upload";
import { showToast } from "~/components/ui/toast";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { MAX_GENERAL_UPLOAD_BYTES } from "~/lib/upload-limits";
import type { CoverAnswer, CoverProblem } from "~/modules/shop/cover-form";


const IMAGE_RULES = { accept: [".jpg", ".jpeg", ".png", "image/jpeg", "image/png"], maxSize: MAX_GENERAL_UPLOAD_BYTES, minSize: 1, maxFiles: 1 as const };
/** Spec §8 messages for each refusal. */
const PROBLEM_KEYS: Record<CoverProblem, string> = {
  type: "coverType",
  tooLarge: "coverTooLarge",
  name: "pdfName",
  script: "coverSecurity",
  pixels: "coverPixels",
  missing: "pdfMissing",
  storage: "coverFailed",
};

/**
 * The permanent cover (spec §2 shop section 1, admin only): a JPEG or PNG stored in the private
 * book-covers area, shown through a signed link the server keeps and renews. 'Secure Cover Active'
 * when the cover on the page is that stored file.
 */
export function CoverAdminPanel({ secureCover, coverUrl, hydrated }: { secureCover: string | null; coverUrl: string | null; hydrated: boolean }) {
  const { t } = useTranslation("shop");
  const fetcher = useFetcher<CoverAnswer>();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fail = (message: string) => {
    setError(message);
    void showToast("error", t("manage.toasts.error"), { description: message });
  };
  useFetcherAnswer(fetcher, (answer) => {
    setSending(false);
    if (answer.ok) {
      setFile(null);
      setError(null);
      void showToast("success", t(`manage.cover.done.${answer.done}`));
    } else {
      fail(answer.coverProblem ? t(`manage.errors.${PROBLEM_KEYS[answer.coverProblem]}`) : t("manage.errors.refused"));
    }
  });

  async function upload() {
    if (!file) return;
    setSending(true);
    try {
      const uploadId = await sendResumable(file, () => {}, new AbortController().signal, "image");
      void fetcher.submit({ intent: "savePermanentCover", uploadId }, { method: "post" });
    } catch (failure) {
      setSending(false);
      fail(failureStatus(failure) === 413 ? t("manage.errors.coverTooLarge") : t("manage.errors.coverFailed"));
    }
  }

  const busy = !hydrated || sending || fetcher.state !== "idle";
  const active = secureCover !== null && coverUrl === secureCover;
  return (
    <div className="mt-10 border-t border-line pt-8">
      <h3 className="text-xl font-semibold">{t("manage.cover.title")}</h3>
      <p className="mt-1 text-muted">{t("manage.cover.text")}</p>
      {active && (
        <p role="status" className="mt-4 inline-flex items-center gap-2 rounded-full bg-forest-100 px-4 py-1.5 font-semibold text-forest-900">
          <ShieldCheck aria-hidden="true" className="size-4" />
          {t("manage.cover.active")}
        </p>
      )}
      <div className="mt-5 max-w-2xl">
        <FilePicker
          label={t("manage.cover.file")}
          hint={t("manage.cover.hint")}
          rules={IMAGE_RULES}
          file={file}
          onFile={setFile}
          error={error}
          onError={setError}
          disabled={busy}
          messages={{ type: t("manage.errors.coverType"), tooLarge: t("manage.errors.coverTooLarge") }}
        />
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="button" disabled={busy || !file} onClick={() => void upload()} className={buttonClass({ variant: "primary" })}>
          {busy && hydrated ? t("manage.saving") : t("manage.cover.upload")}
        </button>
        {secureCover && (
          <button type="button" disabled={busy} onClick={() => void fetcher.submit({ intent: "removePermanentCover" }, { method: "post" })} className={buttonClass({ variant: "ghost" })}>
            {t("manage.cover.remove")}
          </button>
        )}
      </div>
    </div>
  );
}
