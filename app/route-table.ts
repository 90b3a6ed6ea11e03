import { keptPage } from "./lib/page-cache-rules";
import type { RoutePolicy } from "./lib/route-policies";

/**
 * Every route of the site, one line each: its address, its module and who may use it. React Router's
 * route config (app/routes.ts) is built from this table, and so are the server's policy lookup
 * (`declaredPolicy`), the sitemap's pages (app/modules/seo/sitemap.ts) and the tests' lists of pages.
 * Plain data: React Router's build, the server and the tests all import it.
 *
 * Who may use each route is decided here and only here: at start the server wraps every loader and
 * action of the build with the policy declared here (server/route-policy.ts), and refuses to start
 * while a route of the build has none. `read` is GET (and HEAD), `write` every other method (absent:
 * the route has no action). The authorization matrix test walks every route against this table as
 * anonymous, reader, admin and expired admin.
 *
 * - public: anyone.
 * - accounts: anyone, on a copy with accounts (ADMIN_ENABLED=true); a read-only copy answers 404.
 * - signedIn: a signed-in account; anyone else is sent to the sign-in page.
 * - admin: an admin in admin mode: anonymous → 401, a reader → 403 with a high security event, an
 *   admin whose admin mode is off or has expired → 403 until they verify again. A refused admin page
 *   renders with `{ i18n, refused, view: null }` as its data, a refused form post gets `{ refused }`.
 * - page: anyone, and the page shows where the visitor stands (the dashboard): a signed-out visitor
 *   gets its page with 401, a reader with 403 and a high security event.
 * - signed: a private file behind a signed, expiring link; without a valid signature everyone, the
 *   admin included, gets 403 (and a security event), after its expiry 410.
 *
 * Caching follows from the policy too: answers of signedIn, admin and page routes, of accounts pages
 * and of any page shown to a signed-in visitor are `private, no-store`; every HTML page varies by Cookie.
 * A public page has a `cache` rule (what the anonymous page cache keeps, app/lib/page-cache-rules.ts)
 * or a `personal` reason; the server does not start with a public page that has neither.
 *
 * The builders: `page` renders a page inside the shell, `resource` answers a file of its own (a feed,
 * an image, a CSV), `layout` holds pages. A route's id is its file without the extension, or the `id`
 * its line gives where one file answers several addresses. `sitemap: false` keeps a public page out of
 * the sitemap (a page marked noindex).
 */

/** How a route answers: a page in the shell, a file of its own (React Router's resource route), or a layout of pages. */
export type RouteKind = "page" | "resource" | "layout";

export interface TableRoute {
  kind: RouteKind;
  /** React Router's route id: the file without its extension, unless the line names it. */
  id: string;
  /** The module, as React Router names it (from app/). */
  file: string;
  /** The address pattern below the parent's; none for an index page. */
  path?: string;
  index?: true;
  policy: RoutePolicy;
  /** Whether the sitemap lists it (when it is a public page at an address without parameters). */
  sitemap: boolean;
  children?: TableRoute[];
}

/** A line's policy, and what else it may say of its route. */
type Line = RoutePolicy & { id?: string; sitemap?: false };

function entry(kind: RouteKind, path: string | undefined, file: string, { id, sitemap, ...policy }: Line, children?: TableRoute[]): TableRoute {
  const address = path === undefined ? { index: true as const } : { path };
  return { kind, id: id ?? file.replace(/\.tsx?$/, ""), file, ...address, policy, sitemap: sitemap ?? true, ...(children && { children }) };
}
const page = (path: string, file: string, line: Line) => entry("page", path, file, line);
const indexPage = (file: string, line: Line) => entry("page", undefined, file, line);
const resource = (path: string, file: string, line: Line) => entry("resource", path, file, line);
const layout = (path: string, file: string, line: Line, children: TableRoute[]) => entry("layout", path, file, line, children);

/** The topics /contact?topic= preselects (app/modules/contact/topics.ts; any other shows "general"). */
export const CONTACT_TOPICS_OFFERED = ["ask-the-diplomat", "correction", "press", "partnership"];

/** The subscriber list, its Sync and its export, refused. */
const SUBSCRIBER_REFUSALS = {
  list: { signedOut: "Authentication required to access subscriber data", denied: "Unauthorized access to subscriber data" },
  sync: { signedOut: "Sync requires admin user and backend configuration", denied: "Admin access required for sync operation" },
  export: { signedOut: "Authentication required to access subscriber data", denied: "Admin privileges required for this action." },
};

const BLOG_FEED: RoutePolicy = { read: "public", cache: keptPage("articles") };
const EPISODE_FILE: RoutePolicy = { read: "public", cache: keptPage("episodes") };

/** app/root.tsx, the document around every route (React Router's id "root"). */
export const ROOT_POLICY: RoutePolicy = { read: "public" };

/**
 * Every page lives under an optional language prefix: /blog is English, /fr/blog French.
 * The layout route validates the prefix; anything unmatched falls to the translated 404.
 */
export const ROUTE_TABLE: TableRoute[] = [
  resource("images/articles/:file", "routes/article-image.ts", { read: "public" }),
  resource("article-covers/:file", "routes/article-cover.ts", { read: "public" }),
  resource("images/:kind/:file", "routes/illustration.ts", { read: "public" }),
  resource("sitemap.xml", "routes/sitemap.ts", { read: "public", cache: keptPage("articles", "episodes") }),
  resource("sitemaps/:file", "routes/sitemap-part.ts", { read: "public", cache: keptPage("articles", "episodes") }),
  resource("robots.txt", "routes/robots.ts", { read: "public", cache: keptPage() }),
  resource("admin-access", "routes/admin-access.ts", { read: "accounts", write: "accounts" }),
  resource("blog/feed.xml", "routes/blog-feed.ts", { ...BLOG_FEED, id: "blog-rss" }),
  resource("blog/atom.xml", "routes/blog-feed.ts", { ...BLOG_FEED, id: "blog-atom" }),
  resource(":lang/blog/feed.xml", "routes/blog-feed.ts", { ...BLOG_FEED, id: "blog-rss-localized" }),
  resource(":lang/blog/atom.xml", "routes/blog-feed.ts", { ...BLOG_FEED, id: "blog-atom-localized" }),
  resource("podcast/feed.xml", "routes/podcast-feed.ts", { read: "public", cache: keptPage("episodes") }),
  resource("shop/cover/:file", "routes/shop-cover.ts", { read: "public" }),
  resource("shop/video/:file", "routes/shop-video.ts", { read: "public" }),
  resource("files/book/:file", "routes/files-book.ts", { read: "signed" }),
  resource("files/book-covers/:file", "routes/files-cover.ts", { read: "signed" }),
  resource("podcast/audio/:file", "routes/podcast-audio.ts", { read: "public" }),
  resource("podcast/artwork/:file", "routes/podcast-artwork.ts", { read: "public" }),
  resource("podcast/:slug/transcript.txt", "routes/podcast-transcript.ts", EPISODE_FILE),
  resource("podcast/:slug/transcript.vtt", "routes/podcast-transcript-file.ts", { ...EPISODE_FILE, id: "podcast-transcript-vtt" }),
  resource("podcast/:slug/transcript.srt", "routes/podcast-transcript-file.ts", { ...EPISODE_FILE, id: "podcast-transcript-srt" }),
  resource("podcast/:slug/chapters.json", "routes/podcast-chapters.ts", EPISODE_FILE),
  layout(":lang?", "routes/localized-layout.tsx", { read: "public" }, [
    indexPage("routes/home.tsx", { read: "public", cache: keptPage("articles") }),
    page("blog", "routes/blog.tsx", { read: "public", cache: { query: ["q", "category", "tag", "page"], changedBy: ["articles"] } }),
    page("blog/:slug", "routes/blog-article.tsx", { read: "public", cache: keptPage("articles") }),
    page("podcast", "routes/podcast.tsx", { read: "public", write: "admin", cache: { query: ["view"], values: { view: ["list"] }, changedBy: ["episodes"] }, changes: ["episodes"] }),
    page("podcast/:slug", "routes/podcast-episode.tsx", { read: "public", cache: keptPage("episodes") }),
    page("shop", "routes/shop.tsx", { read: "public", write: "admin", cache: keptPage("shop"), changes: ["shop"] }),
    page("about", "routes/about.tsx", { read: "public", write: "public", cache: keptPage("comments") }),
    page("updates", "routes/updates.tsx", { read: "public", cache: keptPage("articles", "episodes") }),
    page("admin", "routes/admin.tsx", { read: "page", write: "accounts" }),
    page("upload-diagnostics", "routes/upload-diagnostics.tsx", { read: "public", cache: keptPage(), sitemap: false }),
    page("cart", "routes/cart.tsx", { read: "public", cache: keptPage("shop"), sitemap: false }),
    page("subscribe", "routes/subscribe.tsx", { read: "public", write: "public", personal: "it shows the address the reader came with (?email=)" }),
    page("discourse-labs", "routes/discourse-labs.tsx", { read: "public", cache: keptPage("articles") }),
    page("unfiltered-dialogues", "routes/unfiltered-dialogues.tsx", { read: "public", cache: keptPage("episodes") }),
    page("resources", "routes/resources.tsx", { read: "public", cache: keptPage() }),
    page("contact", "routes/contact.tsx", { read: "public", write: "public", cache: { query: ["topic"], values: { topic: CONTACT_TOPICS_OFFERED }, changedBy: [] } }),
    page("sign-in", "routes/sign-in.tsx", { read: "accounts", write: "accounts" }),
    page("sign-up", "routes/sign-up.tsx", { read: "accounts", write: "accounts" }),
    resource("sign-out", "routes/sign-out.ts", { read: "accounts", write: "accounts" }),
    page("verify-email", "routes/verify-email.tsx", { read: "accounts", write: "accounts" }),
    page("forgot-password", "routes/forgot-password.tsx", { read: "accounts", write: "accounts" }),
    page("reset-password", "routes/reset-password.tsx", { read: "accounts", write: "accounts" }),
    page("sign-in-link", "routes/sign-in-link.tsx", { read: "accounts", write: "accounts" }),
    page("sign-in-link/verify", "routes/sign-in-link-verify.tsx", { read: "accounts", write: "accounts" }),
    page("two-factor", "routes/two-factor.tsx", { read: "accounts", write: "accounts" }),
    page("account", "routes/account.tsx", { read: "signedIn", write: "signedIn" }),
    page("setup", "routes/setup.tsx", { read: "accounts", write: "accounts" }),
    page("newsletter", "routes/newsletter.tsx", { read: "public", write: "public", cache: keptPage(), sitemap: false }),
    page("newsletter/confirm", "routes/newsletter-confirm.tsx", { read: "public", write: "public", personal: "it reads the reader's own confirmation link", sitemap: false }),
    resource("newsletter/click/:issue", "routes/newsletter-click.ts", { read: "public", personal: "each click is counted and sent on, never kept", sitemap: false }),
    page("unsubscribe/:token", "routes/unsubscribe.tsx", { read: "public", write: "public", personal: "it reads the reader's own unsubscribe link" }),
    page("admin/audit-log", "routes/admin-audit-log.tsx", { read: "admin" }),
    resource("admin/audit-log.csv", "routes/admin-audit-log-csv.ts", { read: "admin" }),
    page("admin/security-events", "routes/admin-security-events.tsx", { read: "admin" }),
    resource("admin/security-events.csv", "routes/admin-security-events-csv.ts", { read: "admin", refusalText: "security.exportRefused" }),
    page("admin/moderation", "routes/admin-moderation.tsx", { read: "admin", write: "admin", changes: ["comments"] }),
    page("admin/newsletter", "routes/admin-newsletter.tsx", { read: "admin", write: "admin" }),
    page("admin/newsletter/:id", "routes/admin-newsletter-issue.tsx", { read: "admin", write: "admin" }),
    resource("admin/newsletter/:id/preview", "routes/admin-newsletter-preview.ts", { read: "admin" }),
    page("admin/subscribers", "routes/admin-subscribers.tsx", { read: "admin", write: "admin", messages: { read: SUBSCRIBER_REFUSALS.list, write: SUBSCRIBER_REFUSALS.sync } }),
    resource("admin/subscribers.csv", "routes/admin-subscribers-csv.ts", { read: "admin", messages: { read: SUBSCRIBER_REFUSALS.export }, refusalText: "subscribers.exportRefused" }),
    page("admin/shop", "routes/admin-shop.tsx", { read: "admin", write: "admin", changes: ["shop"] }),
    page("admin/podcast", "routes/admin-podcast.tsx", { read: "admin" }),
    resource("admin/podcast/listens.csv", "routes/admin-podcast-csv.ts", { read: "admin", refusalText: "podcastListens.exportRefused" }),
    page("admin/settings", "routes/admin-settings.tsx", { read: "admin", write: "admin" }),
    page("admin/articles", "routes/admin-articles.tsx", { read: "admin" }),
    page("admin/articles/:id", "routes/admin-article-edit.tsx", { read: "admin", write: "admin" }),
    page("preview/articles/:id", "routes/article-preview.tsx", { read: "signed" }),
    page("*", "routes/not-found.tsx", { read: "public", personal: "a 404 at any address would fill the cache with copies" }),
  ]),
];

/** A route of the table with its whole address pattern: "/:lang?/blog/:slug", "/:lang?" for the home page. */
export type TableAddress = TableRoute & { pattern: string };

function withAddresses(routes: TableRoute[], parent = ""): TableAddress[] {
  return routes.flatMap((route) => {
    const pattern = route.path === undefined ? parent || "/" : `${parent}/${route.path}`;
    return [{ ...route, pattern }, ...withAddresses(route.children ?? [], pattern)];
  });
}

/** Every route of the table, parents before their children. */
export const TABLE_ROUTES: readonly TableAddress[] = withAddresses(ROUTE_TABLE);

/** A page's English address, without the optional language prefix: "/blog/:slug", "/" for the home page. */
export const englishPattern = (route: TableAddress) => route.pattern.replace(/^\/:lang\?(?=\/|$)/, "") || "/";

/** Whether an address pattern names one address (no `:parameter`, no `*`). */
export const isFixedAddress = (pattern: string) => !/[:*]/.test(pattern);

const POLICIES = new Map<string, RoutePolicy>([["root", ROOT_POLICY], ...TABLE_ROUTES.map((route) => [route.id, route.policy] as const)]);

/** The declared policy of a route of the server build, by its React Router id; undefined when none is declared. */
export function declaredPolicy(routeId: string): RoutePolicy | undefined {
  return POLICIES.get(routeId);
}
