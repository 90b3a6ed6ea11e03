import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/i18n/meta";
import { PlaceholderPage } from "./page-header";

/** Meta and component of a page whose content arrives later: its translated title and purpose. */
export function placeholderRoute(pageKey: string, options: { noindex?: boolean } = {}) {
  return {
    meta: ({ matches }: { matches: ReadonlyArray<{ id: string; data?: unknown } | undefined> }): MetaDescriptor[] =>
      pageMeta(matches, pageKey, options),
    Component: () => <PlaceholderPage pageKey={pageKey} />,
  };
}
