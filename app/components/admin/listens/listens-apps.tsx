import { useTranslation } from "~/i18n/use-translation";
import type { ListenReport } from "~/modules/podcast/listen-report.server";
import { ShareBars } from "~/components/admin/share-bars";

/** Listens by app in the period: each app's number, share and bar. */
export function ListensApps({ apps, total }: { apps: ListenReport["apps"]; total: number }) {
  const { t } = useTranslation("listens");
  const shares = apps.map((entry) => ({ key: entry.app, label: t(`apps.names.${entry.app}`), count: entry.listens }));
  return (
    <section aria-labelledby="listens-apps-title" className="min-w-0 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id="listens-apps-title" className="text-lg font-semibold">{t("apps.title")}</h2>
      <ShareBars shares={shares} total={total} label={t("apps.caption")} />
    </section>
  );
}
