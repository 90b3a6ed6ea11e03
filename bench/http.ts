import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { FEED_PATH } from "~/modules/podcast/paths";
import { buildIfStale } from "../scripts/build-if-stale";
import { SAMPLE_ARTICLE } from "../tests/support/routes";
import { spawnServer } from "../tests/support/server-process";

/**
 * `npm run bench`: the production server on a fresh SQLite database, loaded by autocannon on GET /,
 * GET /blog, one article, GET /podcast and the podcast feed
 * (20 connections, 10 s per page). Prints requests/s, p50/p99 latency and the gzip size of the
 * JavaScript each page loads (none for the feed). Numbers, not thresholds: compare them between changes.
 * bench/podcast.ts runs after it in `npm run bench`: audio Range serving and the 200 MB upload.
 */
const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/blog", `/blog/${SAMPLE_ARTICLE}`, "/podcast", FEED_PATH];
const CONNECTIONS = 20;
const DURATION_SECONDS = 10;

buildIfStale();
const server = spawnServer();
await server.ready;

async function javascriptGzipBytes(pagePath: string): Promise<{ files: number; bytes: number }> {
  const html = await (await fetch(server.url + pagePath)).text();
  const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!));
  let bytes = 0;
  for (const script of scripts) bytes += gzipSync(readFileSync(path.join("build/client", script))).length;
  return { files: scripts.size, bytes };
}

const rows = [];
for (const pagePath of PAGES) {
  // Warm up first: the first seconds measure module loading and the JIT, not the steady state.
  await autocannon({ url: server.url + pagePath, connections: CONNECTIONS, duration: 3 });
  const result = await autocannon({ url: server.url + pagePath, connections: CONNECTIONS, duration: DURATION_SECONDS });
  const js = await javascriptGzipBytes(pagePath);
  rows.push({
    page: pagePath,
    "requests/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    errors: result.errors + result.non2xx,
    "JS files": js.files,
    "JS gzip KB": (js.bytes / 1024).toFixed(1),
  });
}
console.log(`\nGET, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, production build, SQLite:`);
console.table(rows);
server.child.kill("SIGTERM");
await server.exited;
