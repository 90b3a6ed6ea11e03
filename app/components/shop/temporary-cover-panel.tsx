import { ImageIcon, X } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import { compressImage } from "~/components/lib/compress-image";
import { CoverPicker } from "./cover-picker";
import { UploadProgress } from "./upload-progress";
import { COVER_MESSAGES, useCoverUpload, type CoverMessages } from "./use-cover-upload";

/** The temporary cover panel's words for each refusal, where they differ from the permanent cover's. */
const MESSAGES: CoverMessages = {
  ...COVER_MESSAGES,
  type: "manage.errors.typeNotAllowed",
  script: "manage.errors.fileValidation",
  pixels: "manage.errors.fileValidation",
  storage: "manage.errors.storageFailed",
  rateLimited: "manage.errors.rateLimited",
  validation: "manage.errors.validation",
};

/**
 * The temporary cover (cover upload states): shown on the shop page in
 * place of the permanent cover until removed. Idle, uploading with progress, done (the file's name and
 * a remove button) or an error. The image is made at most 800 × 800 in the browser first; the server
 * allows each admin 3 uploads in 5 minutes and checks that the form is the signed-in admin's own.
 */
export function TemporaryCoverPanel({ current, operatorId, hydrated }: { current: { name: string } | null; operatorId: string; hydrated: boolean }) {
  const { t } = useTranslation("shop");
  const cover = useCoverUpload(MESSAGES, { operatorId });
  const busy = !hydrated || cover.busy;
  return (
    <section aria-labelledby="temporary-cover-title" className="rounded-2xl border border-line bg-white p-6">
      <h2 id="temporary-cover-title" className="text-xl font-semibold">
        {t("manage.temporary.title")}
      </h2>
      <p className="mt-1 text-muted">{t("manage.temporary.text")}</p>
      {current ? (
        <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-sand px-4 py-3">
          <ImageIcon aria-hidden="true" className="size-5 shrink-0 text-forest-700" />
          <span className="min-w-0 flex-1 basis-48 [overflow-wrap:anywhere]">{t("manage.temporary.current", { name: current.name })}</span>
          <button type="button" disabled={busy} onClick={() => cover.submit("removeTemporaryCover")} className={buttonClass({ variant: "ghost", size: "sm" })}>
            <X aria-hidden="true" className="size-4" />
            {t("manage.temporary.remove")}
          </button>
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted">{t("manage.temporary.idle")}</p>
      )}
      <div className="mt-5">
        <CoverPicker cover={cover} hint={t("manage.temporary.hint")} disabled={busy} messages={{ tooLarge: t("manage.errors.coverTooLarge") }} />
      </div>
      <UploadProgress percent={cover.percent} />
      <button type="button" disabled={busy || !cover.file} onClick={() => void cover.send("saveTemporaryCover", compressImage)} className={buttonClass({ variant: "primary", className: "mt-5" })}>
        {cover.busy ? t("manage.temporary.uploading") : t("manage.temporary.upload")}
      </button>
    </section>
  );
}
