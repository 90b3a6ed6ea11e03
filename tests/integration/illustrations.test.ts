import { describe, expect, it } from "vitest";
import { appOnTestDatabase } from "../support/app-server";

// The drawn illustrations at /images/<kind>/<id>.svg: names from the URL are looked up as the site's
// own drawings only, so names every JavaScript object inherits (toString, constructor…) are 404.

describe("drawn illustrations", () => {
  const app = appOnTestDatabase("sqlite");
  const status = async (pathname: string) => (await fetch(new URL(pathname, app.url))).status;

  it("answers 404 to kinds and ids that are inherited object properties", async () => {
    const inherited = ["toString", "hasOwnProperty", "constructor", "__proto__", "valueOf", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString"];
    const paths = [
      ...inherited.map((kind) => `/images/${kind}/x.svg`),
      ...["figures", "regions", "products"].flatMap((kind) => ["constructor", "valueof", "tostring"].map((id) => `/images/${kind}/${id}.svg`)),
    ];
    const answers = await Promise.all(paths.map(async (pathname) => [pathname, await status(pathname)] as const));
    expect(answers.filter(([, code]) => code !== 404)).toEqual([]);
  });

  it("still draws the real ones", async () => {
    for (const pathname of ["/images/regions/bahia.svg", "/images/products/field-notebook.svg", "/images/figures/dubois.svg", "/images/figures/fallback.svg"]) {
      const answer = await fetch(new URL(pathname, app.url));
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/svg+xml");
      expect(await answer.text()).toMatch(/^<svg /);
    }
  });
});
