import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedOrigin, sameOriginWrites } from "./same-origin";

let url = "";
let writes = 0;
let originSeen: string | undefined;
let accepted: string | undefined;
const server = createServer(
  express()
    .use(sameOriginWrites("https://diaspora.example"))
    .all(["/form", "/unsubscribe/:token", "/fr/unsubscribe/:token"], (req, res) => {
      writes++;
      originSeen = req.get("origin");
      accepted = acceptedOrigin(res);
      res.send("ok");
    }),
);
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const post = (headers: Record<string, string>, path = "/form") => fetch(`${url}${path}`, { method: "POST", headers, body: new URLSearchParams({ a: "1" }) });

describe("sameOriginWrites", () => {
  it("lets reads through without an Origin", async () => {
    expect((await fetch(`${url}/form`)).status).toBe(200);
  });

  it("accepts a POST from the public origin or from the host it was sent to", async () => {
    const before = writes;
    expect((await post({ origin: "https://diaspora.example" })).status).toBe(200);
    expect((await post({ origin: url })).status).toBe(200);
    expect(writes).toBe(before + 2);
  });

  it("keeps the origin it accepted, which the request handed to React Router is addressed to", async () => {
    // Behind a proxy that ends TLS: the browser says https, the server hears http on another host.
    expect((await post({ origin: "https://diaspora.example" })).status).toBe(200);
    expect(accepted).toBe("https://diaspora.example");
    expect((await post({ origin: url })).status).toBe(200);
    expect(accepted).toBe(url);
    expect((await post({ origin: "http://diaspora.example" })).status).toBe(403);
  });

  it("refuses a missing or foreign Origin, and cross-site fetches, before the route runs", async () => {
    const before = writes;
    expect((await post({})).status).toBe(403);
    expect((await post({ origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ origin: "null" })).status).toBe(403);
    expect((await post({ origin: url, "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(writes).toBe(before);
  });

  it("refuses a text/plain body, which a cross-site form could send without a preflight", async () => {
    const before = writes;
    const plain = await fetch(`${url}/form`, { method: "POST", headers: { origin: url }, body: "a=1" });
    expect(plain.status).toBe(415);
    expect(writes).toBe(before);
  });

  it("lets a mail client's one-click unsubscribe through from anywhere, and nothing else", async () => {
    const token = "a".repeat(64);
    const before = writes;
    expect((await post({}, `/unsubscribe/${token}`)).status).toBe(200);
    expect((await post({ origin: "https://mail.example.net", "sec-fetch-site": "cross-site" }, `/unsubscribe/${token}`)).status).toBe(200);
    // The router after this check would refuse a foreign Origin: it never sees it.
    expect(originSeen).toBeUndefined();
    expect((await post({}, `/fr/unsubscribe/${token}`)).status).toBe(200);
    expect((await post({}, "/unsubscribe/short")).status).toBe(403);
    expect((await post({ origin: "https://mail.example.net" }, "/newsletter")).status).toBe(403);
    expect(writes).toBe(before + 3);
  });
});
