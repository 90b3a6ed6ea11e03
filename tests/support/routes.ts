import { readFileSync } from "node:fs";
import type { Language } from "~/i18n/languages";
import { locales } from "~/i18n/locales";
import { parseArticleFile } from "~/modules/blog/article-file";
import { SAMPLE_EPISODES } from "~/modules/podcast/sample-episodes";
import path from "node:path";
import { PATHS } from "../../server/paths";

export const SAMPLE_ARTICLE = "pan-african-trade-networks-afcfta";
/** A seeded episode (the first of SAMPLE_EPISODES, "Legacy of MLK"); the authorization matrix uses it too. */
export const SAMPLE_EPISODE = "legacy-of-mlk";
const sampleEpisodeTitle = (language: Language) => SAMPLE_EPISODES[0]!.text[language].title;

/** The sample article's title in a language, as shipped in content/articles. */
export function sampleArticleTitle(language: Language): string {
  return parseArticleFile(readFileSync(path.join(PATHS.content, "articles", SAMPLE_ARTICLE, `${language}.md`), "utf8")).title;
}

const pageHeading = (key: string) => (language: Language) =>
  (locales[language].pages as Record<string, { heading: string }>)[key]!.heading;

/**
 * Every page of `app/routes.ts` (plus /contact, the account pages and one slug each), with the
 * h1 it must show and the status an anonymous visitor gets (200 unless said).
 */
export const PAGE_ROUTES: Array<{ path: string; heading: (language: Language) => string; status?: number }> = [
  { path: "/", heading: (language) => locales[language].home.hero.title },
  { path: "/blog", heading: pageHeading("blog") },
  { path: `/blog/${SAMPLE_ARTICLE}`, heading: sampleArticleTitle },
  { path: "/podcast", heading: pageHeading("podcast") },
  { path: `/podcast/${SAMPLE_EPISODE}`, heading: sampleEpisodeTitle },
  { path: "/shop", heading: pageHeading("shop") },
  { path: "/about", heading: pageHeading("about") },
  { path: "/updates", heading: pageHeading("updates") },
  { path: "/admin", heading: pageHeading("admin"), status: 401 },
  { path: "/upload-diagnostics", heading: pageHeading("uploadDiagnostics") },
  { path: "/cart", heading: pageHeading("cart") },
  { path: "/subscribe", heading: pageHeading("subscribe") },
  { path: "/discourse-labs", heading: pageHeading("discourseLabs") },
  { path: "/unfiltered-dialogues", heading: pageHeading("unfilteredDialogues") },
  { path: "/resources", heading: pageHeading("resources") },
  { path: "/contact", heading: pageHeading("contact") },
  { path: "/sign-in", heading: pageHeading("signIn") },
  { path: "/sign-up", heading: pageHeading("signUp") },
  { path: "/verify-email", heading: pageHeading("verifyEmail"), status: 400 },
  { path: "/forgot-password", heading: pageHeading("forgotPassword") },
  { path: "/reset-password", heading: pageHeading("resetPassword") },
  { path: "/sign-in-link", heading: pageHeading("signInLink") },
];
