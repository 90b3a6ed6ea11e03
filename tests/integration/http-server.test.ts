import { brotliCompressSync, brotliDecompressSync, constants, deflateRawSync, gunzipSync, gzipSync } from "node:zlib";
import { existsSync, readFileSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app-server";
import { readerSessionCookie } from "../support/signed-session";
import { PAGE_BROTLI_QUALITY, PAGE_GZIP_LEVEL } from "../../server/compress-answers";
import { PATHS } from "../../server/paths";

let app: TestApp;
let proxied: TestApp;
/** A signed-in reader's cookie: the pages below are rendered for that visitor alone. */
let signedIn: string;
beforeAll(async () => {
  [app, proxied] = await Promise.all([startTestApp(), startTestApp({ TRUST_PROXY: "true" })]);
  signedIn = await readerSessionCookie(app);
});
afterAll(() => Promise.all([app.close(), proxied.close()]));

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("security headers", () => {
  it("gives every page rendered for one visitor a strict CSP with a fresh 128-bit nonce that React's scripts carry", async () => {
    // An open session keeps the page out of the shared page cache, whose pages carry script hashes instead.
    const personal = { headers: { cookie: signedIn } };
    const [first, second] = await Promise.all([fetch(`${app.url}/`, personal), fetch(`${app.url}/blog`, personal)]);
    const csp = first.headers.get("content-security-policy")!;
    for (const directive of ["'strict-dynamic'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    const nonce = nonceOf(csp)!;
    expect(Buffer.from(nonce, "base64").length).toBeGreaterThanOrEqual(16);
    expect(nonceOf(second.headers.get("content-security-policy"))).not.toBe(nonce);
    const html = await first.text();
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("sends nosniff, a referrer policy and no framing on every response", async () => {
    for (const path of ["/", "/healthz", "/favicon.svg"]) {
      const response = await fetch(app.url + path);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-powered-by")).toBeNull();
    }
  });

  it("adds HSTS only when served over https", async () => {
    expect((await fetch(`${app.url}/`)).headers.get("strict-transport-security")).toBeNull();
    // Without TRUST_PROXY a forged header changes nothing.
    expect((await fetch(`${app.url}/`, { headers: { "x-forwarded-proto": "https" } })).headers.get("strict-transport-security")).toBeNull();
    const behindProxy = await fetch(`${proxied.url}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(behindProxy.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
  });
});

/** A GET with gzip accepted (unless the headers say otherwise), its body as sent (fetch would decompress it). */
function gzipped(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ encoding: string | undefined; sent: Buffer; text: string }>((resolve, reject) => {
    request(url, { headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const sent = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        resolve({ encoding, sent, text: (encoding === "gzip" ? gunzipSync(sent) : encoding === "br" ? brotliDecompressSync(sent) : sent).toString() });
      });
    }).on("error", reject).end();
  });
}

describe("delivery", () => {
  it("compresses HTML", async () => {
    const body = await gzipped(`${app.url}/`);
    expect(body.encoding).toBe("gzip");
    expect(body.text).toContain("<!DOCTYPE html>");
  });

  it("gzips a page rendered for one visitor at the quick level, around its stylesheet deflated once at the best", async () => {
    const page = await gzipped(`${app.url}/blog`, { cookie: signedIn });
    expect(page.encoding).toBe("gzip");
    expect(page.text).toContain("<!DOCTYPE html>");
    const stylesheet = /<style>[\s\S]*?<\/style>/.exec(page.text)![0];
    const [head, tail] = page.text.split(stylesheet);
    const flushed = (text: string, level: number) => deflateRawSync(text, { level, finishFlush: constants.Z_SYNC_FLUSH }).length;
    // The gzip header and trailer (18 bytes) around the page's own text at level 3 and the stylesheet at level 9.
    expect(page.sent.length).toBe(18 + flushed(head!, PAGE_GZIP_LEVEL) + flushed(stylesheet, 9) + deflateRawSync(tail!, { level: PAGE_GZIP_LEVEL }).length);
    expect(page.sent.length).toBeLessThan(gzipSync(page.text, { level: PAGE_GZIP_LEVEL }).length);
  });

  it("sends a browser that takes brotli a page rendered for it in gzip, and its data request at brotli's quick quality", async () => {
    const browser = { cookie: signedIn, "accept-encoding": "gzip, deflate, br, zstd" };
    const page = await gzipped(`${app.url}/blog`, browser);
    expect(page.encoding).toBe("gzip");
    expect(page.text).toContain("<!DOCTYPE html>");
    const data = await gzipped(`${app.url}/blog.data`, browser);
    expect(data.encoding).toBe("br");
    const quality = (level: number) => brotliCompressSync(data.text, { params: { [constants.BROTLI_PARAM_QUALITY]: level } }).length;
    // Streamed, the compression middleware's output may differ from one-shot brotli by a byte or two.
    expect(Math.abs(data.sent.length - quality(PAGE_BROTLI_QUALITY))).toBeLessThan(Math.abs(data.sent.length - quality(4)));
    // A client that takes brotli alone gets brotli for the page too.
    expect((await gzipped(`${app.url}/blog`, { ...browser, "accept-encoding": "br" })).encoding).toBe("br");
  });

  it("sends a built script's brotli or gzip copy made by the build, and the file itself to a client that takes neither", async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const scripts = [...html.matchAll(/href="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const script = scripts.find((name) => existsSync(path.join(PATHS.clientBuild, `${name}.br`)))!;
    expect(script).toBeDefined();
    const onDisk = (suffix: string) => readFileSync(path.join(PATHS.clientBuild, script + suffix));
    expect(brotliDecompressSync(onDisk(".br")).equals(onDisk(""))).toBe(true);
    expect(gunzipSync(onDisk(".gz")).equals(onDisk(""))).toBe(true);
    for (const [accept, encoding, suffix] of [["br, gzip", "br", ".br"], ["gzip", "gzip", ".gz"], ["identity", undefined, ""]] as const) {
      const answer = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        request(app.url + script, { headers: { "accept-encoding": accept } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on("error", reject).end();
      });
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(answer.body.equals(onDisk(suffix))).toBe(true);
      expect(answer.headers["content-type"]).toMatch(/^text\/javascript/);
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["content-security-policy"]).toContain("object-src 'none'");
      // Answered from memory before the application: a strong tag of the copy sent (express.static's are weak).
      expect(answer.headers.etag).toMatch(/^"[\w-]{27}"$/);
      // A browser that holds this very copy is told so, and only for this copy.
      const again = await fetch(app.url + script, { headers: { "accept-encoding": accept, "if-none-match": answer.headers.etag! } });
      expect(again.status).toBe(304);
      const other = await fetch(app.url + script, { headers: { "accept-encoding": accept === "identity" ? "br" : "identity", "if-none-match": answer.headers.etag! } });
      expect(other.status).toBe(200);
    }
    const head = await fetch(app.url + script, { method: "HEAD", headers: { "accept-encoding": "br" } });
    expect(head.headers.get("content-length")).toBe(String(onDisk(".br").length));
    // A range of the file is express.static's to answer.
    const range = await fetch(app.url + script, { headers: { range: "bytes=0-9", "accept-encoding": "identity" } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(onDisk("").subarray(0, 10))).toBe(true);
  });

  it("lets browsers keep hashed assets for a year, and 404s a missing one plainly", async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const response = await fetch(app.url + asset);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const missing = await fetch(`${app.url}/assets/nope-123.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Not Found");
  });
});

describe("GET /healthz", () => {
  it("reports the database up, then 503 once it is unreachable", async () => {
    const up = await fetch(`${proxied.url}/healthz`);
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ status: "ok", database: { status: "up", dialect: "sqlite", writable: true }, disk: { low: false } });
    expect(up.headers.get("cache-control")).toBe("no-store");
    await proxied.services.db.destroy();
    const down = await fetch(`${proxied.url}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: "error", database: { status: "down" } });
  });
});
