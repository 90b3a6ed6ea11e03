import { describe, expect, it } from "vitest";
import { mayRenderInThread } from "./render-pool";

describe("the pages render threads may draw", () => {
  it("are the public pages that only read, in every language, and their data requests", () => {
    for (const path of ["/", "/fr", "/es/", "/blog", "/pt/blog/some-article", "/podcast", "/podcast/legacy-of-mlk", "/shop", "/about", "/updates", "/resources", "/contact", "/cart", "/discourse-labs", "/unfiltered-dialogues"]) {
      expect(mayRenderInThread(path), path).toBe(true);
    }
    for (const path of ["/_root.data", "/fr.data", "/blog.data", "/es/blog/some-article.data"]) expect(mayRenderInThread(path), path).toBe(true);
  });

  it("leave out files, feeds, forms that write on GET, accounts and the admin pages", () => {
    for (const path of [
      "/blog/feed.xml",
      "/fr/blog/atom.xml",
      "/podcast/feed.xml",
      "/podcast/audio/episode.mp3",
      "/podcast/legacy-of-mlk/chapters.json",
      "/images/articles/cover.svg",
      "/shop/video/trailer.mp4",
      "/files/book/book.pdf",
      "/sitemap.xml",
      "/robots.txt",
      "/newsletter/confirm",
      "/unsubscribe/some-token",
      "/sign-in",
      "/sign-in-link/verify",
      "/account",
      "/admin",
      "/fr/admin/articles",
      "/admin-access",
      "/preview/articles/1",
      "/blog/a/b",
    ]) {
      expect(mayRenderInThread(path), path).toBe(false);
    }
  });
});
