import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/adapters/auth/auth.server";
import { PageCache } from "~/adapters/pages/page-cache.server";
import { pageCacheLane } from "./page-cache-lane";

// The lane in front of a stand-in application that counts what reaches it: a stored page must be
// answered without it, and everything the lane may not answer must reach it.
const SECRET = "a secret of the lane's test";
/** A session cookie as better-auth signs it: the token, a dot, the HMAC-SHA256 of the token in base64. */
const signed = (token: string) => encodeURIComponent(`${token}.${createHmac("sha256", SECRET).update(token).digest("base64")}`);
const pages = new PageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
const reachedApp: string[] = [];
const server = createServer(
  pageCacheLane({
    pages,
    logger: pino({ level: "silent" }),
    development: false,
    trustsProxy: () => false,
    sessionSecret: SECRET,
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
  it("answers a visitor whose session cookie this server did not sign as anyone else", async () => {
    reachedApp.length = 0;
    for (const cookie of [`${SESSION_COOKIE}=forged`, `${SESSION_COOKIE}=${signed("token").slice(0, -6)}`, `__Host-${SESSION_COOKIE}=a.b; lang=fr`]) {
      const answer = await fetch(`${url}/fr/about`, { headers: { cookie } });
      expect(answer.headers.get("x-page-cache"), cookie).toBe("hit");
    }
    expect(reachedApp).toEqual([]);
  });

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
    await fetch(`${url}/fr/about`, { headers: { cookie: `${SESSION_COOKIE}=${signed("token")}` } });
    await fetch(`${url}/fr/about%00`);
    await fetch(`${url}/fr/about`, { method: "POST", body: "x" });
    await fetch(`${url}/fr/blog`);
    expect(reachedApp).toEqual(["GET /about", "GET /fr/about", "GET /fr/about%00", "POST /fr/about", "GET /fr/blog"]);
  });
});
