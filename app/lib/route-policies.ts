import { keptPage, type PageCacheRule, type PageChange } from "./page-cache-rules";

/**
 * Who may use each route, in one place, and the one place that decides it: at start the server wraps
 * every loader and action of the build with the policy declared here (server/route-policy.ts), and
 * refuses to start while a route of app/routes.ts has none. Keyed by the route's file; `read` is GET
 * (and HEAD), `write` every other method (absent: the route has no action). The authorization matrix
 * test walks every route against this table as anonymous, reader, admin and expired admin.
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
 */
export type Policy = "public" | "accounts" | "signedIn" | "admin" | "page" | "signed";

const REFUSAL_REASONS = ["unavailable", "signedOut", "denied", "verify"] as const;

/** Why a request was refused, as the admin pages and their forms show it. */
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** The reason in an admin form's answer when its policy refused the post (`{ refused }`), else null. */
export function refusalIn(answer: unknown): RefusalReason | null {
  const reason = (answer as { refused?: unknown } | null | undefined)?.refused;
  return REFUSAL_REASONS.find((known) => known === reason) ?? null;
}

/** What a refused request was told, by reason, kept with its security event. */
export type RefusalMessages = Partial<Record<RefusalReason, string>>;

export interface RoutePolicy {
  read: Policy;
  write?: Policy;
  /** The words kept with the security event of a refused read or write. */
  messages?: { read?: RefusalMessages; write?: RefusalMessages };
  /**
   * For a file route (no page): the `dashboard` strings of its refusal, `<key>.<reason>.title` and
   * `.text`, sent as plain text; without it a refusal has an empty body.
   */
  refusalText?: string;
  /** Whether and how the anonymous page cache keeps the route's answers (without it, never). */
  cache?: PageCacheRule;
  /**
   * For a public page kept for nobody, why: a page must be in the list of public pages (`cache`) or say
   * why it is each visitor's own, or the server does not start (a page forgotten there would be rendered
   * for every reader, with nothing to say so).
   */
  personal?: string;
  /**
   * What a successful write changes for readers: once the action has answered 2xx or 3xx to a visitor its
   * policy let through, the cached pages those changes touch are forgotten, here and in every process.
   * A module that changes readers' pages elsewhere (the article editor, scheduled publishing) names its
   * changes itself.
   */
  changes?: readonly PageChange[];
}

/** The topics /contact?topic= preselects (app/modules/contact/topics.ts; any other shows "general"). */
export const CONTACT_TOPICS_OFFERED = ["ask-the-diplomat", "correction", "press", "partnership"];

/** The subscriber list, its Sync and its export, refused. */
const SUBSCRIBER_REFUSALS = {
  list: { signedOut: "Authentication required to access subscriber data", denied: "Unauthorized access to subscriber data" },
  sync: { signedOut: "Sync requires admin user and backend configuration", denied: "Admin access required for sync operation" },
  export: { signedOut: "Authentication required to access subscriber data", denied: "Admin privileges required for this action." },
};

export const ROUTE_POLICIES: Record<string, RoutePolicy> = {
  "root.tsx": { read: "public" },
  "routes/article-image.ts": { read: "public" },
  "routes/article-cover.ts": { read: "public" },
  "routes/illustration.ts": { read: "public" },
  "routes/sitemap.ts": { read: "public", cache: keptPage("articles", "episodes") },
  "routes/sitemap-part.ts": { read: "public", cache: keptPage("articles", "episodes") },
  "routes/robots.ts": { read: "public", cache: keptPage() },
  "routes/blog-feed.ts": { read: "public", cache: keptPage("articles") },
  "routes/podcast-feed.ts": { read: "public", cache: keptPage("episodes") },
  "routes/podcast-audio.ts": { read: "public" },
  "routes/podcast-artwork.ts": { read: "public" },
  "routes/podcast-transcript.ts": { read: "public", cache: keptPage("episodes") },
  "routes/podcast-transcript-file.ts": { read: "public", cache: keptPage("episodes") },
  "routes/podcast-chapters.ts": { read: "public", cache: keptPage("episodes") },
  "routes/shop-cover.ts": { read: "public" },
  "routes/shop-video.ts": { read: "public" },
  "routes/files-book.ts": { read: "signed" },
  "routes/files-cover.ts": { read: "signed" },
  "routes/admin-access.ts": { read: "accounts", write: "accounts" },
  "routes/localized-layout.tsx": { read: "public" },
  "routes/home.tsx": { read: "public", cache: keptPage("articles") },
  "routes/blog.tsx": { read: "public", cache: { query: ["q", "category", "tag", "page"], changedBy: ["articles"] } },
  "routes/blog-article.tsx": { read: "public", cache: keptPage("articles") },
  "routes/podcast.tsx": { read: "public", write: "admin", cache: { query: ["view"], values: { view: ["list"] }, changedBy: ["episodes"] }, changes: ["episodes"] },
  "routes/podcast-episode.tsx": { read: "public", cache: keptPage("episodes") },
  "routes/shop.tsx": { read: "public", write: "admin", cache: keptPage("shop"), changes: ["shop"] },
  "routes/about.tsx": { read: "public", write: "public", cache: keptPage("comments") },
  "routes/updates.tsx": { read: "public", cache: keptPage("articles", "episodes") },
  "routes/admin.tsx": { read: "page", write: "accounts" },
  "routes/upload-diagnostics.tsx": { read: "public", cache: keptPage() },
  "routes/cart.tsx": { read: "public", cache: keptPage("shop") },
  "routes/subscribe.tsx": { read: "public", write: "public", personal: "it shows the address the reader came with (?email=)" },
  "routes/discourse-labs.tsx": { read: "public", cache: keptPage("articles") },
  "routes/unfiltered-dialogues.tsx": { read: "public", cache: keptPage("episodes") },
  "routes/resources.tsx": { read: "public", cache: keptPage() },
  "routes/contact.tsx": { read: "public", write: "public", cache: { query: ["topic"], values: { topic: CONTACT_TOPICS_OFFERED }, changedBy: [] } },
  "routes/sign-in.tsx": { read: "accounts", write: "accounts" },
  "routes/sign-up.tsx": { read: "accounts", write: "accounts" },
  "routes/sign-out.ts": { read: "accounts", write: "accounts" },
  "routes/verify-email.tsx": { read: "accounts", write: "accounts" },
  "routes/forgot-password.tsx": { read: "accounts", write: "accounts" },
  "routes/reset-password.tsx": { read: "accounts", write: "accounts" },
  "routes/sign-in-link.tsx": { read: "accounts", write: "accounts" },
  "routes/sign-in-link-verify.tsx": { read: "accounts", write: "accounts" },
  "routes/two-factor.tsx": { read: "accounts", write: "accounts" },
  "routes/account.tsx": { read: "signedIn", write: "signedIn" },
  "routes/setup.tsx": { read: "accounts", write: "accounts" },
  "routes/not-found.tsx": { read: "public", personal: "a 404 at any address would fill the cache with copies" },
  "routes/newsletter.tsx": { read: "public", write: "public", cache: keptPage() },
  "routes/newsletter-confirm.tsx": { read: "public", write: "public", personal: "it reads the reader's own confirmation link" },
  "routes/unsubscribe.tsx": { read: "public", write: "public", personal: "it reads the reader's own unsubscribe link" },
  "routes/admin-audit-log.tsx": { read: "admin" },
  "routes/admin-audit-log-csv.ts": { read: "admin" },
  "routes/admin-security-events.tsx": { read: "admin" },
  "routes/admin-security-events-csv.ts": { read: "admin", refusalText: "security.exportRefused" },
  "routes/admin-moderation.tsx": { read: "admin", write: "admin", changes: ["comments"] },
  "routes/admin-subscribers.tsx": { read: "admin", write: "admin", messages: { read: SUBSCRIBER_REFUSALS.list, write: SUBSCRIBER_REFUSALS.sync } },
  "routes/admin-subscribers-csv.ts": { read: "admin", messages: { read: SUBSCRIBER_REFUSALS.export }, refusalText: "subscribers.exportRefused" },
  "routes/admin-shop.tsx": { read: "admin", write: "admin", changes: ["shop"] },
  "routes/admin-podcast.tsx": { read: "admin" },
  "routes/admin-podcast-csv.ts": { read: "admin", refusalText: "podcastListens.exportRefused" },
  "routes/admin-settings.tsx": { read: "admin", write: "admin" },
  "routes/admin-articles.tsx": { read: "admin" },
  "routes/admin-article-edit.tsx": { read: "admin", write: "admin" },
  "routes/article-preview.tsx": { read: "signed" },
};

/** Routes app/routes.ts names itself (one file answering several URLs), with their file. */
const NAMED_ROUTES: Record<string, string> = {
  "blog-rss": "routes/blog-feed.ts",
  "blog-atom": "routes/blog-feed.ts",
  "blog-rss-localized": "routes/blog-feed.ts",
  "blog-atom-localized": "routes/blog-feed.ts",
  "podcast-transcript-vtt": "routes/podcast-transcript-file.ts",
  "podcast-transcript-srt": "routes/podcast-transcript-file.ts",
};

/**
 * The declared policy of a route of the server build, by its id: the file without its extension
 * (React Router's default id), or a name app/routes.ts gives it. Undefined when none is declared.
 */
export function declaredPolicy(routeId: string): RoutePolicy | undefined {
  const file = Object.hasOwn(NAMED_ROUTES, routeId) ? NAMED_ROUTES[routeId] : [".tsx", ".ts"].map((extension) => routeId + extension).find((name) => Object.hasOwn(ROUTE_POLICIES, name));
  return file && Object.hasOwn(ROUTE_POLICIES, file) ? ROUTE_POLICIES[file] : undefined;
}

