import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * Every page lives under an optional language prefix: /blog is English, /fr/blog French.
 * The layout route validates the prefix; anything unmatched falls to the translated 404.
 */
export default [
  route("images/articles/:file", "routes/article-image.ts"),
  route("images/:kind/:file", "routes/illustration.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("admin-access", "routes/admin-access.ts"),
  route("blog/feed.xml", "routes/blog-feed.ts", { id: "blog-rss" }),
  route("blog/atom.xml", "routes/blog-feed.ts", { id: "blog-atom" }),
  route(":lang/blog/feed.xml", "routes/blog-feed.ts", { id: "blog-rss-localized" }),
  route(":lang/blog/atom.xml", "routes/blog-feed.ts", { id: "blog-atom-localized" }),
  route(":lang?", "routes/localized-layout.tsx", [
    index("routes/home.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog-article.tsx"),
    route("podcast", "routes/podcast.tsx"),
    route("podcast/:slug", "routes/podcast-episode.tsx"),
    route("shop", "routes/shop.tsx"),
    route("about", "routes/about.tsx"),
    route("updates", "routes/updates.tsx"),
    route("admin", "routes/admin.tsx"),
    route("upload-diagnostics", "routes/upload-diagnostics.tsx"),
    route("cart", "routes/cart.tsx"),
    route("subscribe", "routes/subscribe.tsx"),
    route("discourse-labs", "routes/discourse-labs.tsx"),
    route("unfiltered-dialogues", "routes/unfiltered-dialogues.tsx"),
    route("resources", "routes/resources.tsx"),
    route("contact", "routes/contact.tsx"),
    route("sign-in", "routes/sign-in.tsx"),
    route("sign-up", "routes/sign-up.tsx"),
    route("sign-out", "routes/sign-out.ts"),
    route("verify-email", "routes/verify-email.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("account", "routes/account.tsx"),
    route("setup", "routes/setup.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
