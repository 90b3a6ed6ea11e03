import { ShieldCheck } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import { CoverPicker } from "./cover-picker";
import { UploadProgress } from "./upload-progress";
import { COVER_MESSAGES, useCoverUpload } from "./use-cover-upload";

/**
 * The permanent cover (admin only): a JPEG or PNG stored in the private
 * book-covers area, shown through a signed link the server keeps and renews. 'Secure Cover Active'
 * when the cover on the page is that stored file.
 */
export function CoverAdminPanel({ secureCover, coverUrl, hydrated }: { secureCover: string | null; coverUrl: string | null; hydrated: boolean }) {
  const { t } = useTranslation("shop");
  const cover = useCoverUpload(COVER_MESSAGES);
  const busy = !hydrated || cover.busy;
  const active = secureCover !== null && coverUrl === secureCover;
  return (
    <section aria-labelledby="permanent-cover-title" className="rounded-2xl border border-line bg-white p-6">
      <h2 id="permanent-cover-title" className="text-xl font-semibold">
        {t("manage.cover.title")}
      </h2>
      <p className="mt-1 text-muted">{t("manage.cover.text")}</p>
      {active && (
        <p role="status" className="mt-4 inline-flex items-center gap-2 rounded-full bg-forest-100 px-4 py-1.5 font-semibold text-forest-900">
          <ShieldCheck aria-hidden="true" className="size-4" />
          {t("manage.cover.active")}
        </p>
      )}
      <div className="mt-5">
        <CoverPicker cover={cover} hint={t("manage.cover.hint")} disabled={busy} messages={{ type: t("manage.errors.coverType"), tooLarge: t("manage.errors.coverTooLarge") }} />
      </div>
      <UploadProgress percent={cover.percent} />
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="button" disabled={busy || !cover.file} onClick={() => void cover.send("savePermanentCover")} className={buttonClass({ variant: "primary" })}>
          {busy && hydrated ? t("manage.saving") : t("manage.cover.upload")}
        </button>
        {secureCover && (
          <button type="button" disabled={busy} onClick={() => cover.submit("removePermanentCover")} className={buttonClass({ variant: "ghost" })}>
            {t("manage.cover.remove")}
          </button>
        )}
      </div>
    </section>
  );
}
