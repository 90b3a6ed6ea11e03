import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/adapters/auth/auth.server";
import { PageCache } from "~/adapters/pages/page-cache.server";
import { pageCacheLane } from "./page-cache-lane";

// The lane in front of a stand-in application that counts what reaches it: a stored page must be
// answered without it, and everything the lane may not answer must reach it.
const pages = new PageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
const reachedApp: string[] = [];
const server = createServer(
  pageCacheLane({
    pages,
    logger: pino({ level: "silent" }),
    development: false,
    trustsProxy: () => false,
    app: (req, res) => {
      reachedApp.push(`${req.method} ${req.url}`);
      res.end("from the application");
    },
  }),
);
let url = "";

beforeAll(async () => {
  for (const key of ["/fr/about", "/about"]) {
    await pages.fill(key, { pathname: key, query: [], changedBy: ["comments"] }, async () => ({ status: 200, headers: [["content-type", "text/html; charset=utf-8"]], body: Buffer.from("<p>stored</p>"), shareable: true }));
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("the stored-page lane", () => {
  it("answers an anonymous GET of a stored page itself, whatever query the page does not read", async () => {
    reachedApp.length = 0;
    const answer = await fetch(`${url}/fr/about?utm_source=newsletter&u=${Math.random()}`);
    expect(await answer.text()).toBe("<p>stored</p>");
    expect(answer.headers.get("x-page-cache")).toBe("hit");
    expect(reachedApp).toEqual([]);
  });

  it("hands everything else to the application: a session, a NUL, a write, a language redirect, a page not stored", async () => {
    reachedApp.length = 0;
    expect(await (await fetch(`${url}/about`)).text()).toBe("<p>stored</p>");
    await fetch(`${url}/about`, { headers: { "accept-language": "fr-FR,fr;q=0.9" } });
    await fetch(`${url}/fr/about`, { headers: { cookie: `${SESSION_COOKIE}=token` } });
    await fetch(`${url}/fr/about%00`);
    await fetch(`${url}/fr/about`, { method: "POST", body: "x" });
    await fetch(`${url}/fr/blog`);
    expect(reachedApp).toEqual(["GET /about", "GET /fr/about", "GET /fr/about%00", "POST /fr/about", "GET /fr/blog"]);
  });
});
