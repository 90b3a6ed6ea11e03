import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

/** The title block at the top of a page, from its `pages:<key>` strings. */
export function PageHeader({ pageKey, children }: { pageKey: string; children?: ReactNode }) {
  const { t } = useTranslation("pages");
  return (
    <header className="border-b border-line bg-sand/60">
      <div className="mx-auto max-w-wide px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-4xl font-semibold sm:text-5xl">{t(`${pageKey}.heading`)}</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted">{t(`${pageKey}.description`)}</p>
        {children}
      </div>
    </header>
  );
}
