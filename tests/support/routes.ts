import { readFileSync } from "node:fs";
import type { Language } from "~/i18n/languages";
import { locales } from "~/i18n/locales";
import { parseArticleFile } from "~/modules/blog/article-file";
import { SAMPLE_EPISODES } from "~/modules/podcast/sample-episodes";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import { ROUTE_TABLE, TABLE_ROUTES, type TableRoute } from "~/route-table";
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

const subscriptionText = (pick: (texts: (typeof locales)["en"]["subscription"]) => string) => (language: Language) => pick(locales[language].subscription);

/**
 * The pages the page tests open (tests/integration/http-pages.test.ts, tests/e2e/routes.test.ts), with
 * the h1 each must show and the status an anonymous visitor gets (200 unless said): every public page
 * of the route table (a test fails when one has no line here, or in NOT_OPENED), the account pages, and
 * one slug or token each.
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
  { path: "/newsletter", heading: pageHeading("newsletter") },
  { path: "/newsletter/confirm", heading: subscriptionText((texts) => texts.confirm.invalidTitle), status: 400 },
  { path: "/unsubscribe/no-such-token", heading: subscriptionText((texts) => texts.unsubscribe.title) },
  { path: "/sign-in", heading: pageHeading("signIn") },
  { path: "/sign-up", heading: pageHeading("signUp") },
  { path: "/verify-email", heading: pageHeading("verifyEmail"), status: 400 },
  { path: "/forgot-password", heading: pageHeading("forgotPassword") },
  { path: "/reset-password", heading: pageHeading("resetPassword") },
  { path: "/sign-in-link", heading: pageHeading("signInLink") },
];

/** Public pages of the route table PAGE_ROUTES leaves out, by route id, with where they are tested instead. */
export const NOT_OPENED: Record<string, string> = {
  "routes/not-found": "the translated 404 has tests of its own, in both page test files",
};

/** The pages of the route table anyone may read. */
export const PUBLIC_TABLE_PAGES = TABLE_ROUTES.filter((route) => route.kind === "page" && route.policy.read === "public");

const asRouteObject = ({ id, path, index, children }: TableRoute): RouteObject =>
  (index ? { id, index } : { id, path, children: children?.map(asRouteObject) }) as RouteObject;
const TABLE_AS_ROUTES = ROUTE_TABLE.map(asRouteObject);

/** The id of the route of the table that answers an English address, as React Router matches it. */
export const routeIdOf = (address: string) => matchRoutes(TABLE_AS_ROUTES, address)?.at(-1)?.route.id;
