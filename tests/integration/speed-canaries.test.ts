import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { constants, deflateRawSync, gunzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESSION_THRESHOLD } from "../../server/compress-answers";
import { PATHS } from "../../server/paths";
import { keptPageAddresses } from "../support/kept-page-addresses";
import { SAMPLE_ARTICLE, SAMPLE_EPISODE } from "../support/routes";
import { seededSqliteDataDir } from "../support/seeded-databases";
import { spawnServer, type ServerProcess } from "../support/server-process";

// Speed canaries (docs/decisions/094-performance.md): each fails when a piece the site's speed rests on has
// silently stopped working, as an upgrade of React Router, Kysely, Vite or Node could make it do, while every
// page still looks right. They check that each piece is used, never how fast anything is.

const ARTICLE = `/blog/${SAMPLE_ARTICLE}`;
const ASSETS = path.join(PATHS.clientBuild, "assets");
const RECORDER = path.resolve(import.meta.dirname, "../support/record-query-runs.mjs");
const folder = mkdtempSync(path.join(tmpdir(), "speed-canaries-"));
const queryRuns = path.join(folder, "query-runs.txt");
writeFileSync(queryRuns, "");

/** The server as `npm start` runs it, with its page cache. */
let server: ServerProcess;
/**
 * Without the page cache, so every page is rendered for its visitor, with each query Kysely runs recorded;
 * without render threads, so every render runs in the process the recorder watches.
 */
let rendering: ServerProcess;
let build: ServerBuild;
beforeAll(async () => {
  // On copies of the run's seeded database: a server on an empty folder would seed the samples first.
  const onSeededCopy = () => ({ DATA_DIR: seededSqliteDataDir() ?? mkdtempSync(path.join(folder, "data-")) });
  const started = [spawnServer(onSeededCopy()), spawnServer({ ...onSeededCopy(), PAGE_CACHE_MB: "0", RENDER_THREADS: "0", QUERY_RUNS_FILE: queryRuns, NODE_OPTIONS: `--import ${RECORDER}` })] as const;
  [server, rendering] = started;
  await Promise.all(started.map((one) => one.ready));
  build = (await import(pathToFileURL(PATHS.serverBuild).href)) as ServerBuild;
});
afterAll(async () => {
  const running = [server, rendering].filter(Boolean);
  for (const { child } of running) child.kill("SIGTERM");
  await Promise.all(running.map(({ exited }) => exited));
  rmSync(folder, { recursive: true, force: true });
});

/** A GET with the body as sent (fetch would undo its compression). */
function rawGet(from: ServerProcess, address: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(from.url + address, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("speed canaries", () => {
  it("answers every kind of page the route policies keep from the page cache when asked again, compressed", async () => {
    const addresses = keptPageAddresses(build);
    // Derived from the routes, so a new kept page is covered; these kinds must always be among them.
    const kinds = ["/", "/blog", ARTICLE, "/podcast", `/podcast/${SAMPLE_EPISODE}`, "/shop", "/about", "/blog/feed.xml", "/podcast/feed.xml", "/sitemap.xml"];
    expect(addresses).toEqual(expect.arrayContaining(kinds));
    const notKept: string[] = [];
    for (const address of addresses) {
      await (await fetch(server.url + address)).arrayBuffer();
      const again = await fetch(server.url + address, { headers: { "accept-encoding": "gzip" } });
      await again.arrayBuffer();
      const answer = `${again.status} ${again.headers.get("x-page-cache")} ${again.headers.get("content-encoding")}`;
      if (answer !== "200 hit gzip") notKept.push(`${address}: ${answer}`);
    }
    expect(notKept).toEqual([]);
  });

  it("sends the built scripts and stylesheet as the brotli and gzip copies the build wrote, kept a year", async () => {
    const html = await (await fetch(server.url + "/")).text();
    const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g))];
    const stylesheets = readdirSync(ASSETS).filter((name) => name.endsWith(".css")).map((name) => `/assets/${name}`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(stylesheets.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const asset of [...scripts, ...stylesheets]) {
      // The build copies every script and stylesheet worth compressing (scripts/precompress-assets.ts).
      if (readFileSync(path.join(PATHS.clientBuild, asset)).length < COMPRESSION_THRESHOLD) continue;
      for (const [encoding, suffix] of [["br", ".br"], ["gzip", ".gz"]] as const) {
        const copy = path.join(PATHS.clientBuild, asset + suffix);
        if (!existsSync(copy)) {
          wrong.push(`${asset}: the build wrote no ${suffix} copy`);
          continue;
        }
        const answer = await rawGet(server, asset, { "accept-encoding": encoding });
        if (answer.headers["content-encoding"] !== encoding) wrong.push(`${asset}: ${encoding} asked, ${answer.headers["content-encoding"]} sent`);
        else if (!answer.body.equals(readFileSync(copy))) wrong.push(`${asset}: not the build's ${suffix} copy`);
        if (!/max-age=31536000\b.*\bimmutable/.test(answer.headers["cache-control"] ?? "")) wrong.push(`${asset}: Cache-Control ${answer.headers["cache-control"]}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("writes the built stylesheet into a page, and gzips a page rendered for one visitor around the stylesheet deflated once", async () => {
    const answer = await rawGet(rendering, ARTICLE, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    const html = gunzipSync(answer.body).toString("utf8");
    const start = html.indexOf("<style>");
    const element = html.slice(start, html.indexOf("</style>", start) + "</style>".length);
    const builtStylesheets = readdirSync(ASSETS).filter((name) => name.endsWith(".css"));
    const inline = (name: string) => `<style>${readFileSync(path.join(ASSETS, name), "utf8").replaceAll("</style", "<\\/style")}</style>`;
    expect(start >= 0 && builtStylesheets.some((name) => inline(name) === element), "the built stylesheet is inline in the page").toBe(true);
    // Deflated once per process at the best level and joined between the page's own parts (server/page-gzip.ts),
    // the stylesheet's deflated bytes are in the page as sent; gzipping the whole page leaves them out.
    const deflatedOnce = deflateRawSync(Buffer.from(element), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
    expect(answer.body.includes(deflatedOnce), "the stylesheet's bytes deflated once are in the page as sent").toBe(true);
  });

  it("renders an article with its reader queries compiled once, not built and compiled again for each render", async () => {
    const runsOf = async (address: string) => {
      const before = readFileSync(queryRuns, "utf8").length;
      expect((await fetch(rendering.url + address)).status).toBe(200);
      return readFileSync(queryRuns, "utf8").slice(before).split("\n").filter(Boolean);
    };
    await runsOf(ARTICLE);
    const runs = await runsOf(`/fr${ARTICLE}`);
    expect(runs.length).toBeGreaterThan(0);
    // The article and its related articles (getArticle, relatedArticles: ADR 084) run as compiled on a first render.
    expect(runs.filter((run) => run.startsWith("kept\t")).length, runs.join("\n")).toBeGreaterThanOrEqual(2);
  });
});
