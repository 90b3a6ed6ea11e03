import { describe, expect, it } from "vitest";
import { LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { appOnTestDatabase, type TestApp } from "../support/app-server";
import { dialects } from "../support/databases";

/**
 * The contact form allows a few messages per network address: which address the server takes as the
 * client shows in when it starts answering 429. Each message comes from a new email address, so only
 * the network limit can refuse it.
 */
const LIMIT = LIMITS.contactPerAddress.limit;

async function statusesFrom(app: TestApp, forwardedFor: (attempt: number) => string, label: string): Promise<number[]> {
  const statuses = [];
  for (let attempt = 0; attempt <= LIMIT; attempt++) {
    const response = await fetch(`${app.url}/contact`, {
      method: "POST",
      headers: { origin: app.url, "x-forwarded-for": forwardedFor(attempt) },
      body: new URLSearchParams({ name: "N", email: `${label}-${attempt}@example.org`, topic: "general", message: "m" }),
    });
    statuses.push(response.status);
  }
  return statuses;
}

const limited = [...Array<number>(LIMIT).fill(200), 429];

describe.each(dialects)("the client's address behind proxies on %s", (dialect) => {
  describe("TRUST_PROXY=true (one proxy)", () => {
    const app = appOnTestDatabase(dialect, { TRUST_PROXY: "true" });

    it("takes the rightmost X-Forwarded-For hop: a client cannot choose its address by writing more hops", async () => {
      expect(await statusesFrom(app, (n) => `6.6.${n}.6, 1.2.3.4`, "forged")).toEqual(limited);
      // Another network, as the proxy reports it, is counted on its own.
      expect((await statusesFrom(app, () => "1.2.3.5", "other"))[0]).toBe(200);
    });
  });

  describe("TRUST_PROXY=2 (a CDN in front of nginx)", () => {
    const app = appOnTestDatabase(dialect, { TRUST_PROXY: "2" });

    it("takes the second hop from the right", async () => {
      expect(await statusesFrom(app, (n) => `6.6.${n}.6, 1.2.3.4, 10.9.${n}.1`, "two-hops")).toEqual(limited);
    });
  });

  describe("TRUST_PROXY as a list of addresses and ranges", () => {
    const app = appOnTestDatabase(dialect, { TRUST_PROXY: "loopback, 10.0.0.0/8" });

    it("skips every trusted proxy from the right and stops at the first address outside the list", async () => {
      expect(await statusesFrom(app, (n) => `6.6.${n}.6, 5.6.7.8, 10.${n}.0.1, 10.0.${n}.2`, "ranges")).toEqual(limited);
    });
  });

  describe("TRUST_PROXY=false", () => {
    const app = appOnTestDatabase(dialect, { TRUST_PROXY: "false" });

    it("ignores X-Forwarded-For: the connecting address is the client", async () => {
      expect(await statusesFrom(app, (n) => `6.6.${n}.6`, "direct")).toEqual(limited);
    });
  });

  describe("behind a proxy that ends TLS, with TRUST_PROXY unset", () => {
    const app = appOnTestDatabase(dialect, { TRUST_PROXY: "false", APP_URL: "https://diaspora.example" });
    const send = (origin: string) =>
      fetch(`${app.url}/contact`, {
        method: "POST",
        headers: { origin, "x-forwarded-proto": "https", "x-forwarded-for": "10.41.0.1" },
        body: new URLSearchParams({ name: "N", email: `tls-${origin.length}@example.org`, topic: "general", message: "m" }),
      });

    it("takes a form from APP_URL's https origin though the server hears http (React Router used to answer 400)", async () => {
      expect((await send("https://diaspora.example")).status).toBe(200);
    });

    it("still refuses any other origin", async () => {
      expect((await send("https://evil.example")).status).toBe(403);
      expect((await send("http://diaspora.example")).status).toBe(403);
      expect((await send("https://diaspora.example.evil.example")).status).toBe(403);
    });
  });
});
