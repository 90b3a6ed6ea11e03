import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpSession } from "../support/http-session";
import { freePort, httpsFetch, nginxInstalled, SERVER_NAME, startNginx, type RunningNginx } from "../support/nginx";
import { rawExchange } from "../support/raw-exchange";
import { seededSqliteDataDir } from "../support/seeded-databases";
import { spawnServer, type ServerProcess } from "../support/server-process";

// The deploy kit's nginx site (deploy/nginx/diaspora-policy.conf, rendered by tests/support/nginx.ts with
// this run's ports, certificate and the name `localhost` for example.org) in front of the production server
// on the run's seeded database: what nginx itself answers before the site sees a request.

const HSTS = "max-age=31536000; includeSubDomains";
if (process.env.REQUIRE_NGINX === "1" && !nginxInstalled()) throw new Error("REQUIRE_NGINX=1 but /usr/sbin/nginx is missing: apt-get install nginx (.ci/run does).");

describe.skipIf(!nginxInstalled())("the deploy kit's nginx in front of the site", () => {
  let nginx: RunningNginx;
  let site: ServerProcess;
  const visitor = (ip = "10.80.0.1") => new HttpSession(nginx.url, ip, { fetch: httpsFetch(nginx.certificate) });
  const request = (port: number, host: string, target = "/blog", tls?: { servername?: string }) =>
    rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, tls && { ...tls, ca: nginx.certificate });

  beforeAll(async () => {
    const port = await freePort();
    nginx = await startNginx([`127.0.0.1:${port}`]);
    const dataDir = seededSqliteDataDir() ?? mkdtempSync(path.join(tmpdir(), "deploy-kit-nginx-"));
    const started = spawnServer({ DATA_DIR: dataDir, PORT: String(port), APP_URL: nginx.url, TRUST_PROXY: "1" });
    site = started;
    await started.ready;
  });

  afterAll(async () => {
    site?.child.kill("SIGTERM");
    await site?.exited;
    await nginx?.close();
  });

  it("answers nothing for a name other than the site's, on either port", async () => {
    expect(await request(nginx.httpPort, "evil.example")).toEqual({ kind: "closed" });
    // Over TLS with the site's name in the handshake but another in Host: closed unanswered too.
    expect(await request(nginx.httpsPort, "evil.example", "/blog", { servername: SERVER_NAME })).toEqual({ kind: "closed" });
    // Another name in the handshake, or none (a scanner trying the address): the handshake itself is refused.
    expect((await request(nginx.httpsPort, SERVER_NAME, "/blog", { servername: "evil.example" })).kind).toBe("refused");
    expect((await request(nginx.httpsPort, SERVER_NAME, "/blog", {})).kind).toBe("refused");
    // The site's own name is answered.
    expect(await request(nginx.httpsPort, SERVER_NAME, "/blog", { servername: SERVER_NAME })).toMatchObject({ kind: "answered", status: 200 });
  });

  it("sends plain http to https at the site's own name, never at the name the client gave", async () => {
    for (const host of [SERVER_NAME, `www.${SERVER_NAME}`, `WWW.${SERVER_NAME.toUpperCase()}:8080`]) {
      expect(await request(nginx.httpPort, host, "/blog?page=2")).toMatchObject({ kind: "answered", status: 301, headers: { location: `https://${SERVER_NAME}/blog?page=2` } });
    }
  });

  it("sends Strict-Transport-Security once, on the site's answers and on nginx's own", async () => {
    const page = await visitor().get("/blog");
    expect(page.status).toBe(200);
    expect(page.headers.get("strict-transport-security")).toBe(HSTS);
    // A form body past nginx's limit: refused by nginx itself, before the site sees it.
    const tooLarge = await visitor().request("/contact", { method: "POST", body: "x".repeat(2 * 1024 * 1024), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("strict-transport-security")).toBe(HSTS);
  });

  it("answers an article from its store whatever unknown parameters are added, and files only the parameters pages read", async () => {
    const reader = visitor("10.80.1.1");
    const slug = /href="\/blog\/([a-z0-9-]+)"/.exec(await (await reader.get("/blog")).text())?.[1];
    expect(slug).toBeTruthy();
    const article = `/blog/${slug}`;
    const first = await reader.get(article);
    expect(first.status).toBe(200);
    const body = await first.text();
    // A flood of made-up query strings: every one is the stored copy, none reaches the site.
    const flood = [];
    for (let index = 0; index < 25; index++) flood.push(await reader.get(`${article}?nocache=${index}&utm_source=x${index}`));
    expect(flood.map((answer) => answer.headers.get("x-proxy-cache"))).toEqual(flood.map(() => "HIT"));
    expect(await flood[24]!.text()).toBe(body);
    // A parameter the blog reads is a page of its own; an unknown one beside it is still ignored.
    expect((await reader.get("/blog?page=2")).headers.get("x-proxy-cache")).toBe("MISS");
    expect((await reader.get("/blog?page=2&ref=feed")).headers.get("x-proxy-cache")).toBe("HIT");
    // Names nginx would read differently from the site (its $arg_ ignores case and needs a value) pass the store both ways.
    for (const query of ["?PAGE=2", "?pag%65=3", "?page&page=2"]) {
      expect((await reader.get(`/blog${query}`)).headers.get("x-proxy-cache")).toBe("BYPASS");
    }
  });

  it("answers a flood of forms, or of query strings, from one address with 429 itself", async () => {
    const sender = visitor("10.80.2.1");
    const forms = await Promise.all(Array.from({ length: 40 }, () => sender.post("/blog", { q: "x" })));
    const statuses = forms.map((answer) => answer.status);
    // The blog has no form: every POST that reaches the site is answered 405, never 429.
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 405)).toBe(true);
    const refused = forms.find((answer) => answer.status === 429)!;
    expect(await refused.text()).toContain("nginx");
    expect(refused.headers.get("strict-transport-security")).toBe(HSTS);

    const queries = await Promise.all(Array.from({ length: 80 }, (_, index) => sender.get(`/blog?q=word${index}`)));
    expect(queries.map((answer) => answer.status)).toContain(429);
  });
});
