import { decodeResources, type EncodedResources } from "~/i18n/encoded-resources";
import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/i18n/meta";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** Title and description of an admin page from its `dashboard:<key>` strings (sent by its loader); never indexed. */
export function adminPageMeta(matches: ReadonlyArray<MatchLike | undefined>, i18n: EncodedResources | undefined, key: string): MetaDescriptor[] {
  const strings = (decodeResources(i18n).dashboard as Record<string, { title?: unknown; description?: unknown }> | undefined)?.[key];
  const options: Parameters<typeof pageMeta>[2] = { noindex: true };
  if (typeof strings?.title === "string") options.title = strings.title;
  if (typeof strings?.description === "string") options.description = strings.description;
  return pageMeta(matches, "admin", options);
}
