import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/adapters/auth/auth.server";
import { createS3Client } from "~/adapters/storage/s3-storage.server";
import { UPLOAD_LIMITS } from "~/lib/upload-limits";
import { articleFields, createArticle } from "../support/article-forms";
import { TEST_DATABASE_URL, type TestDatabase } from "../support/databases";
import { openSeededTestDatabase } from "../support/seeded-databases";
import { HttpSession } from "../support/http-session";
import { freePort, httpsFetch, NGINX_SITE, nginxInstalled, SERVER_NAME, startNginx, type RunningNginx } from "../support/nginx";
import { copyObjectsToBucket, startS3Server, type TestS3Server } from "../support/s3-server";
import { printed, spawnServer, type ServerProcess } from "../support/server-process";
import { createUpload, mp3Bytes, sendBytes, uploadIdOf, uploadOffset } from "../support/tus";
import { until } from "../support/waiting";
import { SAMPLE_ARTICLE } from "../support/routes";

// The site as a self-hoster runs it when it outgrows one machine: two instances (real server processes,
// production build), each with its own DATA_DIR, on one PostgreSQL database and one S3-compatible bucket,
// behind nginx running the deploy kit's own site file (deploy/nginx/diaspora-policy.conf) with TLS. nginx
// sends requests to the instances in turn, and each instance's request log tells which one answered.

const PASSWORD = "the owner's long passphrase";
const OWNER = "owner@example.org";
const wantsNginx = process.env.REQUIRE_NGINX === "1";
if (wantsNginx && !nginxInstalled()) throw new Error("REQUIRE_NGINX=1 but /usr/sbin/nginx is missing: apt-get install nginx (.ci/run does).");
if (TEST_DATABASE_URL && !nginxInstalled()) console.warn("NOTICE: /usr/sbin/nginx is missing, so the several-instances test is SKIPPED (apt-get install nginx).");

describe.skipIf(!TEST_DATABASE_URL || !nginxInstalled())("two instances on one PostgreSQL database and one S3 bucket behind nginx", () => {
  let s3: TestS3Server;
  let database: TestDatabase;
  let nginx: RunningNginx;
  const instances: ServerProcess[] = [];
  const ports: number[] = [];
  const env: Record<string, string> = {};
  let owner: HttpSession;
  /** A visitor's browser, through nginx. */
  const browser = (ip = "10.70.0.1") => new HttpSession(nginx.url, ip, { fetch: httpsFetch(nginx.certificate) });
  /** A visitor who is not signed in, asking one instance directly (past nginx's cache). */
  const direct = (instance: ServerProcess, pathname: string) => fetch(instance.url + pathname).then((response) => response.text());
  /** How many requests `method path` each instance answered with `status`, from its request log. */
  const answered = (method: string, pathname: string, status: number) => instances.map((instance) => requestLines(instance).filter((line) => line.method === method && line.path === pathname && line.status === status).length);

  /**
   * A page every instance keeps in its page cache: each is asked until it keeps it (a change made by an
   * earlier test may still reach an instance and empty its cache once).
   */
  const storedOnEveryInstance = async (pathname: string) => {
    for (const instance of instances) await expect.poll(() => fetch(instance.url + pathname).then(async (response) => (await response.arrayBuffer(), response.headers.get("x-page-cache")))).toBe("hit");
  };
  /** Still kept by every instance: a page stored after it was forgotten for a change, not because its time was up. */
  const expectStillStored = async (pathname: string) => {
    for (const instance of instances) expect((await fetch(instance.url + pathname)).headers.get("x-page-cache")).toBe("hit");
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    // The run's migrated and seeded database, and the sample content's files moved into the bucket.
    database = await openSeededTestDatabase("postgres");
    if (database.env.DATA_DIR) await copyObjectsToBucket(path.join(database.env.DATA_DIR, "objects"), s3.settings);
    const { DATA_DIR: _templateFiles, ...databaseEnv } = database.env;
    ports.push(await freePort(), await freePort());
    nginx = await startNginx(ports.map((port) => `127.0.0.1:${port}`));
    // What every instance shares; each has its own DATA_DIR (nothing on disk is shared).
    Object.assign(env, databaseEnv, s3.env, { APP_URL: nginx.url, TRUST_PROXY: "1", SESSION_SECRET: randomBytes(32).toString("hex"), LOG_LEVEL: "info" });
    for (const port of ports) {
      const instance = spawnServer({ ...env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), `instance-${port}-`)) });
      instances.push(instance);
      await instance.ready;
    }
    owner = browser("10.70.0.2");
  });

  afterAll(async () => {
    for (const instance of instances) instance.child.kill("SIGTERM");
    await Promise.all(instances.map((instance) => instance.exited));
    await nginx?.close();
    await database?.drop();
    await s3?.close();
  });

  it("each instance prints a working setup link; the first one's creates the owner through nginx", async () => {
    const links = await Promise.all(instances.map(async (instance) => (await printed(instance, /(https:\/\/\S+\/setup\?token=[\w-]+)/))[1]!));
    expect(links.every((link) => link.startsWith(`${nginx.url}/setup?token=`))).toBe(true);
    const first = new URL(links[0]!);
    expect((await owner.get(first.pathname + first.search)).status).toBe(200);
    // A form through a proxy that ends TLS: the browser's Origin is https://localhost:<port>, the instance
    // hears Host localhost from nginx. The origin is APP_URL's, and the form works.
    const created = await owner.post("/setup", { token: first.searchParams.get("token")!, name: "Owner", email: OWNER, password: PASSWORD });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin");
    const second = new URL(links[1]!);
    expect((await owner.get(second.pathname + second.search)).status).toBe(410);
  });

  it("signs in through one instance and verifies admin access through the other", async () => {
    const signIn = await owner.post("/sign-in", { email: OWNER, password: PASSWORD });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.getSetCookie().join()).toContain("__Host-dp.session_token=");
    expect((await owner.post("/admin-access", { intent: "verify" })).status).toBe(200);
    // Request lines are written asynchronously: a moment after the answer.
    await expect.poll(() => answered("POST", "/admin-access", 200).reduce((a, b) => a + b)).toBe(1);
    expect(answered("POST", "/sign-in", 302)).toEqual(answered("POST", "/admin-access", 200).map((count) => 1 - count));
    // Admin pages answer on both, with the session and admin mode the other one made.
    for (let round = 0; round < 4; round++) expect((await owner.get("/admin/moderation")).status).toBe(200);
    await expect.poll(() => answered("GET", "/admin/moderation", 200)).toEqual([2, 2]);
  });

  it("takes an upload whose pieces alternate between the instances, then publishes it with the episode form", async () => {
    const bytes = mp3Bytes(12);
    const created = await createUpload(owner, bytes.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const id = uploadIdOf(location);
    const piece = Math.ceil(bytes.length / 4);
    for (let offset = 0; offset < bytes.length; offset += piece) {
      expect((await sendBytes(owner, location, offset, bytes.subarray(offset, offset + piece))).status).toBe(204);
    }
    expect(await uploadOffset(owner, location)).toBe(bytes.length);
    await expect.poll(() => answered("PATCH", `/admin/uploads/${id}`, 204)).toEqual([2, 2]);

    const form = await owner.post("/podcast.data", { intent: "create", uploadId: id, title: "Four Pieces, Two Servers", description: "Show notes.", categories: "Pan-Africanism" });
    expect(form.status).toBe(200);
    const episode = await database.db.selectFrom("episodes").select(["slug", "audio_size"]).where("slug", "=", "four-pieces-two-servers").executeTakeFirstOrThrow();
    expect(Number(episode.audio_size)).toBe(bytes.length);
    for (const instance of instances) expect(await direct(instance, "/podcast/four-pieces-two-servers")).toContain("Four Pieces, Two Servers");
    // Used, the staged upload is gone from the bucket.
    const client = createS3Client(s3.settings);
    const staged = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: "staged-uploads/" }));
    client.destroy();
    expect(staged.Contents ?? []).toEqual([]);
  });

  it("shows a comment approved through one instance on every instance, before its stored page's time is up", async () => {
    // Both instances keep a page no comment touches (asked for by no other test), then the About page.
    for (const pathname of ["/resources", "/about"]) await storedOnEveryInstance(pathname);
    const reader = browser("10.70.1.1");
    expect((await reader.post("/about", { intent: "comment", name: "Ama", comment: "Seen on every instance.", terms: "on" })).status).toBe(200);
    const comment = await database.db.selectFrom("comments").select("id").where("body", "=", "Seen on every instance.").executeTakeFirstOrThrow();
    expect((await owner.post("/admin/moderation", { intent: "approve-comment", id: comment.id })).status).toBeLessThan(400);
    for (const instance of instances) await expect.poll(() => direct(instance, "/about"), { interval: 25 }).toContain("Seen on every instance.");
    await expectStillStored("/resources");
  });

  it("counts a limit spent across both instances, and the outbox sends each mail once", async () => {
    const sender = browser("10.70.2.1");
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await sender.post("/contact", { name: "Kofi", email: `kofi-${attempt}@example.org`, topic: "general", message: `Message ${attempt}` });
      statuses.push(response.status);
    }
    // nginx names the client (the same address each time); each instance took some of the messages.
    expect(statuses).toEqual([200, 200, 200, 429]);
    await expect.poll(() => answered("POST", "/contact", 200).sort()).toEqual([1, 2]);
    // Each message's mail to the owner is sent by one instance's outbox worker, once.
    const mails = () => instances.flatMap((instance) => mailFiles(instance.dataDir)).filter((mail) => mail.includes("Message "));
    await expect.poll(() => mails().length).toBe(3);
    // Once no contact mail is left to send, no worker sends one again.
    await until(async () => (await database.db.selectFrom("outbox").select("id").where("topic", "=", "contact.owner-mail").where("done_at", "is", null).execute()).length === 0, 100);
    expect(mails()).toHaveLength(3);
  });

  it("publishes a scheduled article once, by one instance, and every instance shows it", async () => {
    const id = await createArticle(owner, { slug: "two-servers-one-schedule", title: "Two Servers, One Schedule" });
    // Both instances keep a page no article touches (asked for by no other test), then the blog without the draft.
    await storedOnEveryInstance("/upload-diagnostics");
    for (const instance of instances) expect(await direct(instance, "/blog")).not.toContain("/blog/two-servers-one-schedule");
    const publishAt = new Date(Date.now() + 2000).toISOString().slice(0, 19);
    expect((await owner.post(`/admin/articles/${id}`, articleFields({ id, slug: "two-servers-one-schedule", title: "Two Servers, One Schedule", intent: "schedule", publishAt }))).status).toBe(200);
    const state = () => database.db.selectFrom("articles").select("state").where("id", "=", id).executeTakeFirstOrThrow();
    await expect.poll(async () => (await state()).state, { interval: 100 }).toBe("published");
    for (const instance of instances) await expect.poll(() => direct(instance, "/blog"), { interval: 50 }).toContain("/blog/two-servers-one-schedule");
    await expectStillStored("/upload-diagnostics");
    const audits = await database.db.selectFrom("audit_log").select("action").where("resource", "=", `article:${id}`).where("action", "=", "article.published_on_schedule").execute();
    expect(audits).toHaveLength(1);
  });

  it("nginx keeps public pages as the site's Cache-Control says, never a signed-in visitor's, and refuses what the site would", async () => {
    const visitor = browser("10.70.3.1");
    const first = await visitor.get("/updates");
    expect(first.headers.get("cache-control")).toContain("s-maxage=60");
    expect((await visitor.get("/updates")).headers.get("x-proxy-cache")).toBe("HIT");
    const signedIn = await owner.get("/updates");
    expect(signedIn.headers.get("x-proxy-cache")).toBe("BYPASS");
    expect(signedIn.headers.get("cache-control")).toContain("no-store");
    expect((await owner.get("/admin")).headers.get("x-proxy-cache")).toBe("BYPASS");
    // Plain http sends browsers to https.
    const plain = await fetch(`${nginx.httpUrl}/blog`, { redirect: "manual" });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe(`https://${SERVER_NAME}/blog`);
    // A foreign Origin is still refused, and so is a form body far past the site's own limit.
    const forged = browser("10.70.3.2").via(nginx.url, { origin: "https://evil.example", fetch: httpsFetch(nginx.certificate) });
    expect((await forged.post("/contact", { name: "x", email: "x@example.org", topic: "general", message: "m" })).status).toBe(403);
    expect((await visitor.request("/contact", { method: "POST", body: "x".repeat(2 * 1024 * 1024), headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(413);
    // The upload location takes the largest upload the site takes.
    const largest = Math.max(...Object.values(UPLOAD_LIMITS));
    expect(readFileSync(NGINX_SITE, "utf8")).toMatch(new RegExp(`location /admin/uploads \\{[^}]*client_max_body_size ${largest / (1024 * 1024)}m;`));
  });

  it("answers a flood with made-up session cookies and unknown parameters, which nginx passes on, from each instance's own stored page", async () => {
    const article = `/blog/${SAMPLE_ARTICLE}`;
    for (const instance of instances) await direct(instance, article);
    const visitor = browser("10.70.4.1");
    const forged = { cookie: `${SESSION_COOKIE}=forged-${randomBytes(4).toString("hex")}.c2lnbmF0dXJl` };
    const flood = await Promise.all(Array.from({ length: 30 }, (_, index) => visitor.request(`${article}?u=${index}-${randomBytes(4).toString("hex")}`, { method: "GET", headers: forged })));
    for (const answer of flood) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-proxy-cache")).toBe("BYPASS");
    }
    // Never a render per request (which would answer "bypass", a signed-in visitor's): the stored page, or
    // at most one render on each instance should an earlier test's change reach it during the flood.
    const states = flood.map((answer) => answer.headers.get("x-page-cache"));
    expect(states.filter((state) => state !== "hit" && state !== "miss")).toEqual([]);
    expect(states.filter((state) => state === "miss").length).toBeLessThanOrEqual(instances.length);
  });

  it("forms work behind the TLS proxy even on an instance started without TRUST_PROXY, which warns at start and at the first proxied request", async () => {
    const second = instances[1]!;
    second.child.kill("SIGTERM");
    await second.exited;
    const { TRUST_PROXY: _dropped, ...untrusting } = env;
    const restarted = spawnServer({ ...untrusting, PORT: String(ports[1]), DATA_DIR: second.dataDir });
    instances[1] = restarted;
    await restarted.ready;
    await printed(restarted, /TRUST_PROXY is not set: every visitor is taken for the proxy/);
    const reader = browser("10.70.4.1");
    for (const text of ["First through either instance.", "Second through the other one."]) {
      expect((await reader.post("/about", { intent: "comment", name: "Ama", comment: text, terms: "on" })).status).toBe(200);
    }
    await expect.poll(() => answered("POST", "/about", 200)[1]).toBe(1);
    await printed(restarted, /A request came through a proxy/);
  });
});

interface RequestLine {
  method: string;
  path: string;
  status: number;
}

/** The request lines an instance logged (pino-http, one JSON line per request). */
function requestLines(instance: ServerProcess): RequestLine[] {
  const lines: RequestLine[] = [];
  for (const text of instance.output().split("\n")) {
    if (!text.startsWith("{")) continue;
    try {
      const line = JSON.parse(text) as { req?: { method?: string; path?: string }; res?: { statusCode?: number } };
      if (line.req?.method && line.req.path && line.res?.statusCode) lines.push({ method: line.req.method, path: line.req.path, status: line.res.statusCode });
    } catch {
      // not a log line
    }
  }
  return lines;
}

function mailFiles(dataDir: string): string[] {
  const folder = path.join(dataDir, "mail");
  try {
    return readdirSync(folder).filter((name) => name.endsWith(".eml")).map((name) => readFileSync(path.join(folder, name), "utf8"));
  } catch {
    return [];
  }
}
