/**
 * Who may use each route, in one place (issue: "one place declares each route's policy"). Keyed by the
 * route file of app/routes.ts; `read` is GET, `write` is every other method (absent: the route has no
 * action). The authorization matrix test walks every route of app/routes.ts against this table as
 * anonymous, reader, admin and expired admin, and fails for a route that is not declared here.
 *
 * - public: anyone.
 * - signedIn: a signed-in account (anonymous → 401 or a redirect to sign-in).
 * - admin: an admin in admin mode (spec §4): anonymous → 401, reader → 403 with a high security event,
 *   an admin whose admin mode is off or expired → 403 until they verify again.
 * - page: a public page that shows the state itself (/admin answers 401/403 with its own content).
 * - signed: a private file behind a signed, expiring link; without a valid signature everyone,
 *   the admin included, gets 403 (and a security event).
 */
export type Policy = "public" | "signedIn" | "admin" | "page" | "signed";

export interface RoutePolicy {
  read: Policy;
  write?: Policy;
}

export const ROUTE_POLICIES: Record<string, RoutePolicy> = {
  "routes/article-image.ts": { read: "public" },
  "routes/illustration.ts": { read: "public" },
  "routes/sitemap.ts": { read: "public" },
  "routes/robots.ts": { read: "public" },
  "routes/blog-feed.ts": { read: "public" },
  "routes/podcast-feed.ts": { read: "public" },
  "routes/podcast-audio.ts": { read: "public" },
  "routes/podcast-artwork.ts": { read: "public" },
  "routes/podcast-transcript.ts": { read: "public" },
  "routes/shop-cover.ts": { read: "public" },
  "routes/shop-video.ts": { read: "public" },
  "routes/files-book.ts": { read: "signed" },
  "routes/files-cover.ts": { read: "signed" },
  "routes/admin-access.ts": { read: "public", write: "public" },
  "routes/localized-layout.tsx": { read: "public" },
  "routes/home.tsx": { read: "public" },
  "routes/blog.tsx": { read: "public" },
  "routes/blog-article.tsx": { read: "public" },
  "routes/podcast.tsx": { read: "public", write: "admin" },
  "routes/podcast-episode.tsx": { read: "public" },
  "routes/shop.tsx": { read: "public", write: "admin" },
  "routes/about.tsx": { read: "public", write: "public" },
  "routes/updates.tsx": { read: "public" },
  "routes/admin.tsx": { read: "page", write: "public" },
  "routes/upload-diagnostics.tsx": { read: "public" },
  "routes/cart.tsx": { read: "public" },
  "routes/subscribe.tsx": { read: "public", write: "public" },
  "routes/discourse-labs.tsx": { read: "public" },
  "routes/unfiltered-dialogues.tsx": { read: "public" },
  "routes/resources.tsx": { read: "public" },
  "routes/contact.tsx": { read: "public", write: "public" },
  "routes/sign-in.tsx": { read: "public", write: "public" },
  "routes/sign-up.tsx": { read: "public", write: "public" },
  "routes/sign-out.ts": { read: "public", write: "public" },
  "routes/verify-email.tsx": { read: "public", write: "public" },
  "routes/forgot-password.tsx": { read: "public", write: "public" },
  "routes/reset-password.tsx": { read: "public", write: "public" },
  "routes/sign-in-link.tsx": { read: "public", write: "public" },
  "routes/sign-in-link-verify.tsx": { read: "public", write: "public" },
  "routes/two-factor.tsx": { read: "public", write: "public" },
  "routes/account.tsx": { read: "signedIn", write: "signedIn" },
  "routes/setup.tsx": { read: "public", write: "public" },
  "routes/not-found.tsx": { read: "public" },
  "routes/newsletter.tsx": { read: "public", write: "public" },
  "routes/newsletter-confirm.tsx": { read: "public", write: "public" },
  "routes/unsubscribe.tsx": { read: "public", write: "public" },
  "routes/admin-audit-log.tsx": { read: "admin" },
  "routes/admin-audit-log-csv.ts": { read: "admin" },
  "routes/admin-security-events.tsx": { read: "admin" },
  "routes/admin-moderation.tsx": { read: "admin", write: "admin" },
  "routes/admin-subscribers.tsx": { read: "admin", write: "admin" },
  "routes/admin-subscribers-csv.ts": { read: "admin" },
  "routes/admin-shop.tsx": { read: "admin", write: "admin" },
};
