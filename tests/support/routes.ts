import { readFileSync } from "node:fs";
import type { Language } from "~/i18n/languages";
import { locales } from "~/i18n/locales";
import { parseArticleFile } from "~/modules/blog/article-file";
import { SAMPLE_EPISODES } from "~/modules/podcast/sample-episodes";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import { englishPattern, isFixedAddress, ROUTE_TABLE, TABLE_ROUTES, type TableRoute } from "~/route-table";
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

/** `pages:<key>` of an address: its path in camelCase ("/upload-diagnostics" → "uploadDiagnostics", "/sign-in" → "signIn"). */
const pageKeyOf = (address: string) => address.slice(1).replace(/[-/]([a-z])/g, (_match, letter: string) => letter.toUpperCase());
const PAGE_TEXTS = locales.en.pages as Record<string, { heading?: string } | undefined>;
/** Pages that answer another status than 200 to an anonymous visitor. */
const STATUS: Record<string, number> = { "/verify-email": 400 };
/** Pages with a heading of their own that are not opened as they are, and why. */
const OPENED_OTHERWISE: Record<string, string> = {
  "/newsletter/confirm": "without a token it says the link does not work (listed below, 400)",
  "/sign-in-link/verify": "it needs a mailed link (tests/integration/sign-in-link.test.ts)",
  "/two-factor": "it needs a half-finished sign-in (tests/integration/two-factor.test.ts)",
  "/setup": "it needs the setup link of a site without an admin (tests/integration/admin-setup.test.ts)",
};

/**
 * The pages of the route table at one address that anyone may open (public and accounts pages) whose h1 is
 * `pages:<key>.heading`: a new page is opened by the page tests with no line here.
 */
const TABLE_PAGES_WITH_HEADINGS = TABLE_ROUTES.filter((route) => route.kind === "page" && (route.policy.read === "public" || route.policy.read === "accounts"))
  .map(englishPattern)
  .filter((address) => isFixedAddress(address) && !Object.hasOwn(OPENED_OTHERWISE, address) && PAGE_TEXTS[pageKeyOf(address)]?.heading !== undefined)
  .map((path) => ({ path, heading: pageHeading(pageKeyOf(path)), ...(STATUS[path] !== undefined && { status: STATUS[path] }) }));

/**
 * The pages the page tests open (tests/integration/http-pages.test.ts, tests/e2e/routes.test.ts), with
 * the h1 each must show and the status an anonymous visitor gets (200 unless said): every page of the
 * route table at one address with a `pages:<key>.heading`, and below, the others (the home page, one slug
 * or token each, the dashboard). A public page that is in neither fails the page test.
 */
export const PAGE_ROUTES: Array<{ path: string; heading: (language: Language) => string; status?: number }> = [
  { path: "/", heading: (language) => locales[language].home.hero.title },
  ...TABLE_PAGES_WITH_HEADINGS,
  { path: `/blog/${SAMPLE_ARTICLE}`, heading: sampleArticleTitle },
  { path: `/podcast/${SAMPLE_EPISODE}`, heading: sampleEpisodeTitle },
  { path: "/admin", heading: pageHeading("admin"), status: 401 },
  { path: "/newsletter/confirm", heading: subscriptionText((texts) => texts.confirm.invalidTitle), status: 400 },
  { path: "/unsubscribe/no-such-token", heading: subscriptionText((texts) => texts.unsubscribe.title) },
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
