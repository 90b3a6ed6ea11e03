import type { AppServices } from "~/adapters/context.server";
import type { Language } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";

/** How long a preview link works: long enough to send it to someone for a read the same day. */
export const PREVIEW_LINK_HOURS = 24;

/** The page that shows an article in any state to whoever holds a signed link. */
export function previewPath(articleId: string, language: Language): string {
  return localizePath(`/preview/articles/${articleId}`, language);
}

/** A private, expiring link to the article as readers would see it (draft or scheduled included). */
export function previewLink(services: Pick<AppServices, "signedLinks" | "config">, articleId: string, language: Language, now: Date) {
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_HOURS * 3_600_000);
  const path = services.signedLinks.url(previewPath(articleId, language), expiresAt);
  return { path, url: services.config.appUrl + path, expiresAt: expiresAt.toISOString() };
}
