import { Sparkles } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { NoticeStrip } from "~/components/layout/notice-strip";
import { useLocalize } from "~/i18n/root-data";

/** The 'NEW daily content updates' strip that leads to /updates. */
export function UpdatesNotice() {
  const { t } = useTranslation("blog");
  const localize = useLocalize();
  return <NoticeStrip Icon={Sparkles} text={t("notice")} linkText={t("noticeLink")} to={localize("/updates")} tone="gold" />;
}
