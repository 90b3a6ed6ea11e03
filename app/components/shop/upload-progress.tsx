import { useTranslation } from "~/i18n/use-translation";
import { Progress } from "~/components/ui/progress";

/** The progress of an upload on its way, announced politely; nothing when none is. */
export function UploadProgress({ percent, className = "mt-4" }: { percent: number | null; className?: string }) {
  const { t } = useTranslation("shop");
  if (percent === null) return null;
  return (
    <div aria-live="polite" className={className}>
      <Progress value={percent} label={t("manage.progressLabel")} />
      <p className="mt-1 text-sm text-muted">{t("manage.progress", { percent })}</p>
    </div>
  );
}
