import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { pageFiler } from "../../server/page-rules";
import { PATHS } from "../../server/paths";

/**
 * The one list of public pages: the routes whose policy has a cache rule (app/route-table.ts), as
 * the production build's routes match an address. The page cache keeps them and render threads may draw
 * those that render a page; everything else renders for its visitor, in the server's own thread.
 */
let file: ReturnType<typeof pageFiler>;
beforeAll(async () => {
  file = pageFiler((await import(pathToFileURL(PATHS.serverBuild).href)) as ServerBuild);
});

const filing = (address: string) => {
  const [pathname = "", search = ""] = address.split(/(?=\?)/);
  return file(pathname, search);
};

describe("the public pages, from the route policies", () => {
  it("are the pages that only read, in every language, and their data requests: kept, and for render threads", () => {
    for (const path of ["/", "/fr", "/blog", "/pt/blog/some-article", "/podcast", "/podcast/legacy-of-mlk", "/shop", "/about", "/updates", "/resources", "/contact", "/cart", "/discourse-labs", "/unfiltered-dialogues", "/_root.data", "/fr.data", "/blog.data", "/es/blog/some-article.data"]) {
      expect(filing(path), path).toMatchObject({ kind: "kept", page: true });
    }
  });

  it("keep feeds, the sitemap and transcripts, which no render thread draws", () => {
    for (const path of ["/blog/feed.xml", "/fr/blog/atom.xml", "/podcast/feed.xml", "/sitemap.xml", "/robots.txt", "/podcast/legacy-of-mlk/transcript.txt"]) {
      expect(filing(path), path).toMatchObject({ kind: "kept", page: false });
    }
  });

  it("leave out files, forms that write on GET, accounts, the admin pages, the 404 and React Router's own endpoint", () => {
    for (const path of ["/podcast/audio/episode.mp3", "/images/articles/cover.svg", "/shop/video/trailer.mp4", "/files/book/book.pdf", "/__manifest?paths=%2F"]) {
      expect(filing(path), path).toBeUndefined();
    }
    for (const path of ["/newsletter/confirm", "/unsubscribe/some-token", "/subscribe", "/sign-in", "/sign-in-link/verify", "/account", "/admin", "/fr/admin/articles", "/preview/articles/1", "/blog/a/b", "/no/such/page"]) {
      expect(filing(path), path).toEqual({ kind: "page" });
    }
    // One unknown segment reads as a language prefix: the layout answers it 404, which is never kept.
    expect(filing("/no-such-page")).toMatchObject({ kind: "kept", key: "/no-such-page" });
  });

  it("file a page under the query it reads, in a stable order", () => {
    expect(filing("/blog?utm_source=x&page=2&q=trade")).toMatchObject({ key: "/blog?page=2&q=trade" });
    expect(filing("/podcast?view=list&u=1")).toMatchObject({ key: "/podcast?view=list" });
    expect(filing(`/blog/some-article?page=3`)).toMatchObject({ key: "/blog/some-article" });
  });
});
