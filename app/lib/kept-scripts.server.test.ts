import { describe, expect, it } from "vitest";
import { keptScripts } from "./kept-scripts.server";

const route = (id: string) => ({ route: { id } });
const router = (pathname: string, ids: string[]) => ({ basename: "/", state: { location: { pathname }, matches: ids.map(route) } });

describe("the module script kept per kind of page", () => {
  it("is made once for the pages that share their routes and parent paths", () => {
    const manifest = {};
    let made = 0;
    const make = () => `script ${++made}`;
    const article = ["root", "layout", "article"];
    const first = keptScripts(manifest, router("/blog/one", article), article.map(route), true, make);
    expect(keptScripts(manifest, router("/blog/two/", article), article.map(route), true, make)).toBe(first);
    expect(made).toBe(1);
    // Another language's parent paths start the page with other routes; another build has its own.
    expect(keptScripts(manifest, router("/fr/blog/one", article), article.map(route), true, make)).toBe("script 2");
    expect(keptScripts({}, router("/blog/one", article), article.map(route), true, make)).toBe("script 3");
    // Without lazy discovery only the routes count.
    expect(keptScripts(manifest, router("/x/y", article), article.map(route), false, make)).toBe("script 4");
    expect(keptScripts(manifest, router("/z", article), article.map(route), false, make)).toBe("script 4");
  });

  it("forgets all once a thousand kinds are kept, so made-up addresses cannot grow it without end", () => {
    const manifest = {};
    const ids = ["root", "not-found"];
    for (let index = 0; index < 1000; index++) keptScripts(manifest, router(`/made/up/${index}/page`, ids), ids.map(route), true, () => `script ${index}`);
    let made = false;
    keptScripts(manifest, router("/made/up/0/page", ids), ids.map(route), true, () => ((made = true), "again"));
    expect(made).toBe(false);
    keptScripts(manifest, router("/made/up/1000/page", ids), ids.map(route), true, () => "new");
    keptScripts(manifest, router("/made/up/0/page", ids), ids.map(route), true, () => ((made = true), "again"));
    expect(made).toBe(true);
  });
});
