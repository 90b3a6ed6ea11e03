import { execSync, spawn } from "node:child_process";
import Database from "better-sqlite3";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { FEED_PATH } from "~/modules/podcast/paths";
import { buildIfStale } from "../scripts/build-if-stale";
import { SAMPLE_ARTICLE } from "../tests/support/routes";
import { spawnServer } from "../tests/support/server-process";
import { growArchive, growPodcast } from "./grown-archive";
import { processCpuMs } from "./process-cpu";
import { printQueryFlood, queryFloodFigures } from "./query-flood";
import { treeRssBytes } from "./process-memory";
import { wrk, type WrkResult } from "./wrk";

/**
 * `npm run bench` (first part): the production server on a fresh SQLite database, each public page loaded
 * with wrk (1 thread, 20 connections) next to a bare Node server sending that page's very bytes from
 * memory, measured in the same run: the ceiling. Prints one table (requests/s, p50/p99, ratio to the
 * ceiling, JavaScript each page loads), restart time and memory, and writes the numbers to
 * bench/results/http-<commit>.json so two commits can be compared. Numbers, never test thresholds.
 */
const ARTICLE = `/blog/${SAMPLE_ARTICLE}`;
const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/blog", ARTICLE, "/podcast", FEED_PATH, "/blog/feed.xml"];
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
/** What a browser or a CDN sends: the site answers it with gzip. */
const HEADERS = { "Accept-Encoding": "gzip" };
const MB = 1024 * 1024;

buildIfStale();
// The first start seeds the sample content (the sample episodes' audio is encoded to MP3); the goal
// is for a restart of a site that runs, so that is measured on the same data, started again.
let started = performance.now();
const first = await benchServer();
const firstStartMs = performance.now() - started;
first.child.kill("SIGTERM");
await first.exited;
started = performance.now();
const server = await benchServer({ DATA_DIR: first.dataDir });
const restartMs = performance.now() - started;
await new Promise((resolve) => setTimeout(resolve, 3000));
const idleRss = treeRssBytes(server.child.pid!);

/**
 * A page rendered on every request warms up longer: the render thread starts under the first renders and its
 * code is compiled as it goes, and a crowd lasts minutes, so the steady state is what counts.
 */
const RENDER_WARM_UP_SECONDS = 10;
/** Copies of each sample article for the grown archive: 10 × 31 = 310 articles. */
const ARCHIVE_COPIES = 30;
/** And of each sample episode: 8 × 12 = 96 episodes, nearly two years of a weekly show. */
const PODCAST_COPIES = 11;

/**
 * The measured load, and what the serving process spent on it: CPU ms per answer, all its threads together.
 * The machine's speed drifts by ±15 % from one minute to the next, so a change in requests/s between two
 * runs may be the machine's; the CPU each answer costs shows where the time went.
 */
const load = async (url: string, pid: number, warmUpSeconds = WARM_UP_SECONDS): Promise<WrkResult & { cpuMsPerRequest: number }> => {
  await wrk(url, { connections: CONNECTIONS, seconds: warmUpSeconds, headers: HEADERS });
  const cpuBefore = processCpuMs(pid);
  const measured = await wrk(url, { connections: CONNECTIONS, seconds: SECONDS, headers: HEADERS });
  return { ...measured, cpuMsPerRequest: (processCpuMs(pid) - cpuBefore) / measured.requests };
};

const rows = [];
for (const pagePath of PAGES) {
  const page = await rawPage(server.url + pagePath);
  const bare = await startBareServer(page);
  const ceiling = await load(bare.url, bare.pid);
  bare.stop();
  const site = await load(server.url + pagePath, server.child.pid!);
  const js = javascriptGzipBytes(page.text);
  rows.push({ page: pagePath, site, ceiling, ratio: site.requestsPerSecond / ceiling.requestsPerSecond, jsFiles: js.files, jsGzipBytes: js.bytes });
}
const loadedRss = treeRssBytes(server.child.pid!);
const queryFlood = await queryFloodFigures(server.url, ARTICLE, { connections: CONNECTIONS, seconds: SECONDS, headers: HEADERS });

// Subscribe POSTs, then the process is killed outright: every address it acknowledged must be stored.
const mailsBefore = mailFiles(server.dataDir);
const subscribe = await wrk(server.url + "/", { connections: CONNECTIONS, seconds: SECONDS, script: "bench/wrk/subscribe.lua", env: { BENCH_ORIGIN: server.url } });
// The confirmation mails wait while the burst lasts (the outbox yields to requests): how long after it the last is written.
const mailsAfterBurst = await mailsWritten(server.dataDir, mailsBefore + subscribe.acknowledged, 120_000);
server.child.kill("SIGKILL");
await server.exited;
const stored = storedBenchSubscribers(server.dataDir);

// The article again on servers that differ in one setting: no page cache (every request renders, with and
// without render threads), no access log.
const article = rows.find((row) => row.page === ARTICLE) ?? rows[0]!;
const variants = [
  ["render, no page cache", { PAGE_CACHE_MB: "0" }, RENDER_WARM_UP_SECONDS],
  ["render, no page cache, no render threads", { PAGE_CACHE_MB: "0", RENDER_THREADS: "0" }, RENDER_WARM_UP_SECONDS],
  ["no access log", { LOG_LEVEL: "warn" }, WARM_UP_SECONDS],
] as const;
for (const [label, env, warmUpSeconds] of variants) {
  const variant = await benchServer(env);
  const site = await load(variant.url + article.page, variant.child.pid!, warmUpSeconds);
  variant.child.kill("SIGTERM");
  await variant.exited;
  rows.push({ ...article, page: `${article.page} (${label})`, site, ratio: site.requestsPerSecond / article.ceiling.requestsPerSecond });
}

// The same render on a site that has written for years: its archive grown to some hundreds of articles.
const seeded = await benchServer({ PAGE_CACHE_MB: "0" });
seeded.child.kill("SIGTERM");
await seeded.exited;
const archived = growArchive(seeded.dataDir, ARCHIVE_COPIES);
const episodes = growPodcast(seeded.dataDir, PODCAST_COPIES);
const grown = await benchServer({ PAGE_CACHE_MB: "0", DATA_DIR: seeded.dataDir });
for (const [pagePath, size] of [["/", `${archived} articles`], ["/blog", `${archived} articles`], [article.page, `${archived} articles`], ["/podcast", `${episodes} episodes`]]) {
  const site = await load(grown.url + pagePath, grown.child.pid!, RENDER_WARM_UP_SECONDS);
  const measured: (typeof rows)[number] = rows.find((row) => row.page === pagePath) ?? article;
  rows.push({ ...measured, page: `${pagePath} (render, no page cache, ${size})`, site, ratio: site.requestsPerSecond / measured.ceiling.requestsPerSecond });
}
grown.child.kill("SIGTERM");
await grown.exited;

console.log(`\nGET with gzip, wrk -t1 -c${CONNECTIONS}, ${SECONDS} s per measure after ${WARM_UP_SECONDS} s warm-up, production build, SQLite, access log on.`);
console.log("Ceiling: a bare Node http server sending the same page's bytes from memory, in this run.\n");
console.table(
  rows.map((row) => ({
    page: row.page,
    "site req/s": Math.round(row.site.requestsPerSecond),
    "ceiling req/s": Math.round(row.ceiling.requestsPerSecond),
    "ratio (goal ≥ 1/6)": `1/${(1 / row.ratio).toFixed(1)}`,
    "p50 ms": row.site.p50Ms.toFixed(2),
    "p99 ms (goal ≤ 10)": row.site.p99Ms.toFixed(2),
    "CPU ms/req (ceiling)": `${row.site.cpuMsPerRequest.toFixed(3)} (${row.ceiling.cpuMsPerRequest.toFixed(3)})`,
    errors: row.site.errors,
    "JS gzip KB (goal ≤ 120)": row.jsFiles ? (row.jsGzipBytes / 1024).toFixed(1) : "-",
  })),
);
console.log(
  `(the uncached render's goal: ≥ 600 req/s, measured after ${RENDER_WARM_UP_SECONDS} s of warm-up; what render threads give: with and without them; the access log's cost: the article's rate with and without it; a grown archive: the uncached pages again with each sample article copied ${ARCHIVE_COPIES} times and each episode ${PODCAST_COPIES} times)`,
);
console.log(
  `Subscribe POST (/newsletter.data, a new address and network each): ${Math.round(subscribe.requestsPerSecond)} req/s (goal ≥ 1,000), ` +
    `p99 ${subscribe.p99Ms.toFixed(1)} ms, ${subscribe.acknowledged} acknowledged, ${stored} stored after kill -9 ` +
    `(${stored >= subscribe.acknowledged ? "none lost" : `${subscribe.acknowledged - stored} LOST`}), ${subscribe.errors} errors`,
);
console.log(
  `Confirmation mails of the burst: ${mailsAfterBurst.written} of ${subscribe.acknowledged} written, the last ${(mailsAfterBurst.ms / 1000).toFixed(1)} s after the burst ended`,
);
printQueryFlood(queryFlood);
console.log(`Restart to the first 200 of /: ${(restartMs / 1000).toFixed(2)} s (goal ≤ 2 s); the first start, seeding the sample content: ${(firstStartMs / 1000).toFixed(2)} s`);
console.log(`Memory: ${(idleRss / MB).toFixed(0)} MB idle (goal ≤ 150 MB), ${(loadedRss / MB).toFixed(0)} MB after the load`);

const commit = execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/http-${commit}.json`;
writeFileSync(
  file,
  JSON.stringify({ commit, at: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, restartMs, firstStartMs, idleRss, loadedRss, pages: rows, queryFlood, subscribe: { ...subscribe, stored, mailsAfterBurst } }, null, 2),
);
console.log(`Written to ${file}`);

/**
 * The production server as it runs for an owner: access log on at its default level, written to a
 * pipe that is read and dropped (as a log collector would take it), on a fresh SQLite database.
 */
async function benchServer(env: Record<string, string> = {}) {
  const started = spawnServer({ LOG_LEVEL: "info", TRUST_PROXY: "true", ...env });
  await started.ready;
  started.child.stdout!.removeAllListeners("data");
  started.child.stdout!.resume();
  await firstOk(started.url + "/");
  return started;
}

function storedBenchSubscribers(dataDir: string): number {
  const db = new Database(path.join(dataDir, "app.db"), { readonly: true });
  try {
    return (db.prepare("select count(*) as count from subscribers where email like 'load-%@bench.example'").get() as { count: number }).count;
  } finally {
    db.close();
  }
}

/** The mails the server wrote to DATA_DIR/mail (no SMTP_URL in the bench). */
function mailFiles(dataDir: string): number {
  return existsSync(path.join(dataDir, "mail")) ? readdirSync(path.join(dataDir, "mail")).filter((name) => name.endsWith(".eml")).length : 0;
}

/** Waits until `count` mails are written (or `timeoutMs` passed): how many are there and when the last came. */
async function mailsWritten(dataDir: string, count: number, timeoutMs: number): Promise<{ written: number; ms: number }> {
  const started = performance.now();
  let written = mailFiles(dataDir);
  while (written < count && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    written = mailFiles(dataDir);
  }
  return { written, ms: performance.now() - started };
}

async function firstOk(url: string): Promise<void> {
  for (;;) {
    const response = await fetch(url).catch(() => null);
    if (response?.status === 200) return void (await response.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The page exactly as the site sends it to a client that accepts gzip: raw bytes and the headers that describe them. */
function rawPage(url: string): Promise<{ body: Buffer; headers: Record<string, string>; text: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: HEADERS, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", async () => {
        const body = Buffer.concat(chunks);
        const headers: Record<string, string> = {};
        for (const name of ["content-type", "content-encoding", "vary"]) if (response.headers[name]) headers[name] = String(response.headers[name]);
        const text = (await fetch(url).then((plain) => plain.text())) as string;
        resolve({ body, headers, text });
      });
    }).on("error", reject);
  });
}

async function startBareServer(page: { body: Buffer; headers: Record<string, string> }): Promise<{ url: string; pid: number; stop: () => void }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/bare-server.ts"], { stdio: ["pipe", "pipe", "inherit"] });
  child.stdin.end(JSON.stringify({ body: page.body.toString("base64"), headers: page.headers }));
  const port = await new Promise<string>((resolve) => child.stdout.on("data", (chunk: Buffer) => resolve(/on (\d+)/.exec(chunk.toString())?.[1] ?? "")));
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}

function javascriptGzipBytes(html: string): { files: number; bytes: number } {
  const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!));
  let bytes = 0;
  for (const script of scripts) bytes += gzipSync(readFileSync(path.join("build/client", script))).length;
  return { files: scripts.size, bytes };
}
