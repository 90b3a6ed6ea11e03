import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import scriptPatches from "../../patches/react-router-server-scripts.mjs";
import { PATHS } from "../../server/paths";
import { guardBuild } from "../../server/route-policy";
import { startTestApp, type TestApp } from "../support/app-server";
import { SAMPLE_ARTICLE } from "../support/routes";

const SCRIPTS_MAKER = Symbol.for("react-router.scripts");
const PAGES = ["/", `/blog/${SAMPLE_ARTICLE}`, `/fr/blog/${SAMPLE_ARTICLE}`, "/es/podcast", "/pt/shop", "/blog?page=2", "/no/such/page/here"];

let app: TestApp;
let render: (pagePath: string) => Promise<string>;
beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE_MB: "0" });
  const handle = createRequestHandler(guardBuild((await import(pathToFileURL(PATHS.serverBuild).href)) as ServerBuild), "production");
  render = async (pagePath) => (await handle(new Request(app.url + pagePath), { services: app.services, cspNonce: "same-nonce", clientIp: "127.0.0.1", afterAnswer: () => {} })).text();
});
afterAll(() => app.close());

/** The page's module script: the routes' imports and the manifest the page starts with. */
const moduleScript = (html: string) => /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];

describe("the module script the server keeps for each kind of page", () => {
  it("is installed: npm install patched the files the server and the tests load", () => {
    const folder = path.dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
    for (const patch of scriptPatches) for (const file of patch.files) expect(readFileSync(path.join(folder, file), "utf8"), file).toContain(patch.marker);
    expect(typeof (globalThis as Record<symbol, unknown>)[SCRIPTS_MAKER]).toBe("function");
  });

  it("makes the very pages React Router makes without it, kept or not", async () => {
    const global = globalThis as Record<symbol, unknown>;
    const kept = global[SCRIPTS_MAKER] as (...args: unknown[]) => string;
    // Counted, so the test knows React Router hands the making over (the patch reached the code that runs).
    let handedOver = 0;
    global[SCRIPTS_MAKER] = (...args: unknown[]) => (handedOver++, kept(...args));
    const withKept = [];
    for (const pagePath of PAGES) withKept.push(await render(pagePath), await render(pagePath));
    expect(handedOver).toBe(2 * PAGES.length);
    delete global[SCRIPTS_MAKER];
    try {
      for (const [index, pagePath] of PAGES.entries()) {
        const page = await render(pagePath);
        expect(moduleScript(page), pagePath).toBeDefined();
        expect(withKept[2 * index], pagePath).toBe(page);
        expect(withKept[2 * index + 1], pagePath).toBe(page);
      }
    } finally {
      global[SCRIPTS_MAKER] = kept;
    }
  });

  it("differs between kinds of page, as the routes they import do", async () => {
    const scripts = await Promise.all(["/blog", `/blog/${SAMPLE_ARTICLE}`, "/podcast"].map(async (pagePath) => moduleScript(await render(pagePath))));
    expect(new Set(scripts).size).toBe(3);
    expect(scripts[1]).toContain("window.__reactRouterManifest");
  });
});
