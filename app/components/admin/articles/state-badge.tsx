import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/components/lib/cn";
import type { ArticleState } from "~/modules/blog/editor/list-query";

const STYLES: Record<ArticleState, string> = {
  draft: "bg-sand text-ink",
  scheduled: "bg-gold-300/50 text-ink",
  published: "bg-forest-100 text-forest-900",
};

export function StateBadge({ state }: { state: ArticleState }) {
  const { t } = useTranslation("editor");
  return <span className={cn("inline-flex rounded-full px-3 py-0.5 text-sm font-semibold", STYLES[state])}>{t(`states.${state}`)}</span>;
}
