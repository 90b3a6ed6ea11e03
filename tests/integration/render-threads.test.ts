import { pathToFileURL } from "node:url";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { PAGE_GZIP_LEVEL } from "../../server/compress-answers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { appContextKeys, newRequestContext } from "../../server/app-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RenderThreadFailed, type RenderContext, type RenderPool } from "../../server/render-pool";
import { PATHS } from "../../server/paths";
import { guardBuild } from "../../server/route-policy";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { spawnServer } from "../support/server-process";
import { until } from "../support/waiting";
import { SAMPLE_ARTICLE, sampleArticleTitle } from "../support/routes";

const ARTICLE = `/blog/${SAMPLE_ARTICLE}`;
const CONTEXT: RenderContext = { cspNonce: "thread-test-nonce", clientIp: "127.0.0.1", acceptEncoding: null };

/** Asks the pool for a page until a thread takes it (the first ask starts the thread, which then loads). */
function renderedByThread(pool: RenderPool, url: string, context = CONTEXT): Promise<Response> {
  return until(() => pool.render(new Request(url), context, Number.MAX_SAFE_INTEGER), 50);
}

/** A page's CSP nonce as its header names it, and every nonce its scripts carry. */
function nonces(response: Response, html: string): { header: string | undefined; scripts: string[] } {
  const header = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return { header, scripts: [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((match) => match[1]!) };
}

describe.each(dialects)("render threads in the server's process on %s", (dialect) => {
  // Every page of the kind goes to a thread once one is ready (no crowd needed), and a thread ends after 300 ms
  // alone; without the page cache, so every visit is rendered.
  const app = appOnTestDatabase(dialect, { PAGE_CACHE_MB: "0" }, { renderThreads: { threads: 1, crowd: 0, idleMs: 300 } });
  let pool: RenderPool;
  beforeAll(() => {
    pool = app.renderPool!;
  });

  it("renders the page the server renders, byte for byte, for the same nonce", async () => {
    const inThread = await renderedByThread(pool, app.url + ARTICLE);
    const threadHtml = await inThread.text();
    expect(inThread.status).toBe(200);
    expect(threadHtml).toContain(sampleArticleTitle("en"));
    expect(nonces(inThread, threadHtml).scripts).toContain(CONTEXT.cspNonce);
    // The same build behind the same policies, rendered in this thread with the server's services: the same bytes.
    const build = guardBuild((await import(pathToFileURL(PATHS.serverBuild).href)) as ServerBuild);
    const local = await createRequestHandler(build, "production")(new Request(app.url + ARTICLE), newRequestContext(appContextKeys(build), { ...CONTEXT, services: app.services, afterAnswer: () => {} }));
    expect(threadHtml).toBe(await local.text());
  });

  it("shows a change the server just wrote: a thread keeps nothing between renders", async () => {
    const title = "A title changed a moment ago";
    const article = await app.services.db.selectFrom("articles").select("id").where("slug", "=", SAMPLE_ARTICLE).executeTakeFirstOrThrow();
    await app.services.db.updateTable("article_translations").set({ title }).where("article_id", "=", article.id).where("language", "=", "en").execute();
    const html = await (await renderedByThread(pool, app.url + ARTICLE)).text();
    expect(html).toContain(title);
  });

  it("compresses a page for one client as the server would, and answers each visitor with its own nonce", async () => {
    // A browser's page: gzip around the stylesheet deflated once, smaller than the whole page gzipped at the same level.
    const browser = { ...CONTEXT, acceptEncoding: "gzip, deflate, br, zstd" };
    const gzipped = await renderedByThread(pool, app.url + "/fr/blog", browser);
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toMatch(/Accept-Encoding/);
    const sent = Buffer.from(await gzipped.arrayBuffer());
    const html = gunzipSync(sent).toString("utf8");
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain("<style>");
    expect(sent.length).toBeLessThan(gzipSync(html, { level: PAGE_GZIP_LEVEL }).length);
    // Brotli for a client that takes nothing else, and for the data of a client navigation.
    const brotlied = await renderedByThread(pool, app.url + "/fr/blog", { ...CONTEXT, acceptEncoding: "br" });
    expect(brotlied.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await brotlied.arrayBuffer())).toString("utf8")).toBe(html);
    const data = await renderedByThread(pool, app.url + "/fr/blog.data", browser);
    expect(data.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await data.arrayBuffer())).toString("utf8")).toContain('"routes/blog"');

    // Through HTTP: some pages come from the thread, and each answer carries its own nonce in its header and scripts.
    // Waves of visits until the thread has answered some: one that ended after its quiet spell (300 ms, which a
    // loaded machine may take between two steps) is started again by the next wave.
    const renderedBefore = pool.pagesRendered;
    const nonceSeen = new Set<string>();
    let answered = 0;
    // Pages whose text no earlier test has changed.
    while (pool.pagesRendered === renderedBefore) answered += await visitWave(app.url, nonceSeen, ["/podcast", "/blog", "/fr/blog"]);
    expect(nonceSeen.size).toBe(answered);
  });

  it("ends an idle thread, and refuses a render left unfinished when its thread ends", async () => {
    await renderedByThread(pool, app.url + "/about");
    expect(pool.threads).toBe(1);
    await until(() => pool.threads === 0, 50);

    // A new thread starts at the next ask; a page it has not drawn before is under way when the pool closes.
    await renderedByThread(pool, app.url + "/about");
    const pending = pool.render(new Request(app.url + "/podcast"), CONTEXT, Number.MAX_SAFE_INTEGER);
    expect(pending).toBeDefined();
    await pool.close();
    await expect(pending).rejects.toBeInstanceOf(RenderThreadFailed);
    // A closed pool takes no page: the server renders them all.
    expect(pool.render(new Request(app.url + "/about"), CONTEXT, Number.MAX_SAFE_INTEGER)).toBeUndefined();
  });
});

describe("render threads in the production server", () => {
  const server = spawnServer({ RENDER_THREADS: "1", PAGE_CACHE_MB: "0", LOG_LEVEL: "info" });
  beforeAll(() => server.ready);
  afterAll(async () => {
    server.child.kill("SIGTERM");
    await server.exited;
  });

  it("starts a thread under a crowd of renders, and every visitor gets the whole page with its own nonce", async () => {
    const nonceSeen = new Set<string>();
    let answered = 0;
    // Waves of parallel visits until the thread has started, and one more wave once it has.
    while (!/render thread started/.test(server.output())) answered += await visitWave(server.url, nonceSeen);
    answered += await visitWave(server.url, nonceSeen);
    expect(nonceSeen.size).toBe(answered);
    expect(server.output()).not.toMatch(/render thread (failed|stopped)/);
  });
});

/** Twenty visits at once to `paths` (the article and the blog in two languages); each must be whole and carry its own nonce. */
async function visitWave(url: string, nonceSeen: Set<string>, paths = [ARTICLE, "/blog", `/es${ARTICLE}`, "/fr/blog"]): Promise<number> {
  const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => fetch(url + paths[index % paths.length], { headers: { "accept-encoding": "gzip" } })));
  for (const [index, answer] of answers.entries()) {
    const html = await answer.text();
    expect(answer.status).toBe(200);
    expect(html.trimEnd()).toMatch(/<\/html>$/);
    if (paths[index % paths.length] === ARTICLE) expect(html).toContain(sampleArticleTitle("en"));
    const { header, scripts } = nonces(answer, html);
    expect(new Set(scripts)).toEqual(new Set([header]));
    nonceSeen.add(header!);
  }
  return answers.length;
}
