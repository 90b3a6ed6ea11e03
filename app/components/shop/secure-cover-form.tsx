import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import { SECURE_COVER } from "~/modules/shop/covers";
import { CoverPicker } from "./cover-picker";
import { UploadProgress } from "./upload-progress";
import { COVER_MESSAGES, useCoverUpload, type CoverMessages } from "./use-cover-upload";

/** The dashboard's secure cover form has its own words for each refusal (see the `manage.errors` keys). */
const MESSAGES: CoverMessages = {
  ...COVER_MESSAGES,
  tooLarge: "manage.errors.secureTooLarge",
  storage: "manage.errors.secureFailed",
  refused: "manage.errors.secureAuth",
  rateLimited: "manage.errors.secureFailed",
  validation: "manage.errors.secureFailed",
};

/**
 * The cover image upload of the 'Admin Content Management' card (secure
 * cover form): a JPEG or PNG of at most 5 MB that becomes the permanent cover.
 */
export function SecureCoverForm({ hydrated }: { hydrated: boolean }) {
  const { t } = useTranslation("shop");
  const cover = useCoverUpload(MESSAGES);
  const busy = !hydrated || cover.busy;
  return (
    <div className="mt-10 border-t border-line pt-8">
      <h3 className="text-xl font-semibold">{t("manage.secure.title")}</h3>
      <p className="mt-1 text-muted">{t("manage.secure.text")}</p>
      <div className="mt-5 max-w-2xl">
        <CoverPicker
          cover={cover}
          hint={t("manage.secure.hint")}
          disabled={busy}
          maxSize={SECURE_COVER.maxBytes}
          messages={{ type: t("manage.errors.coverType"), tooLarge: t("manage.errors.secureTooLarge") }}
        />
      </div>
      <UploadProgress percent={cover.percent} className="mt-4 max-w-2xl" />
      <button type="button" disabled={busy || !cover.file} onClick={() => void cover.send("saveSecureCover")} className={buttonClass({ variant: "outline", className: "mt-5" })}>
        {cover.busy ? t("manage.saving") : t("manage.secure.upload")}
      </button>
    </div>
  );
}
