import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { FEED_PATH } from "~/modules/podcast/paths";
import { buildIfStale } from "../scripts/build-if-stale";
import { freePort, startNginx, type RunningNginx } from "../tests/support/nginx";
import { SAMPLE_ARTICLE } from "../tests/support/routes";
import { startS3Server } from "../tests/support/s3-server";
import { spawnServer, type ServerProcess } from "../tests/support/server-process";
import { wrk, type WrkResult } from "./wrk";

/**
 * `npm run bench:instances`: what several instances behind nginx give over one instance alone, on the
 * same public pages, in the same run. Two production servers on one PostgreSQL database and one S3-compatible
 * server (s3rver), nginx running the deploy kit's site file (deploy/nginx/diaspora-policy.conf) with TLS, and
 * wrk (1 thread, 20 connections, gzip) against:
 * - one instance alone, directly (plain http, as bench/http.ts measures it);
 * - nginx with nginx's own page cache off, in front of one instance, then of two: what the proxy costs and
 *   what the second instance adds, every request answered by an instance;
 * - nginx as the site file has it (its page cache on), in front of two: what a visitor who is not signed in gets.
 * Prints a table and writes bench/results/instances-<commit>.json. Numbers, never test thresholds.
 *
 * It needs PostgreSQL: BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server it may create a database
 * on, postgres://postgres@127.0.0.1:5432/postgres by default; the database is dropped at the end.
 */
const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/blog", `/blog/${SAMPLE_ARTICLE}`, "/podcast", FEED_PATH];
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARM_UP_SECONDS = 2;
const HEADERS = { "Accept-Encoding": "gzip" };
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

buildIfStale();
const database = `bench_instances_${randomBytes(4).toString("hex")}`;
await onServer((client) => client.query(`CREATE DATABASE ${database}`));
const databaseUrl = new URL(SERVER_URL);
databaseUrl.pathname = `/${database}`;
const s3 = await startS3Server();
const instances: ServerProcess[] = [];
const proxies: RunningNginx[] = [];
const rows: Array<{ page: string; setup: string; result: WrkResult }> = [];

try {
  const ports = [await freePort(), await freePort()];
  const upstreams = ports.map((port) => `127.0.0.1:${port}`);
  const behindTwo = await startNginx(upstreams, { cache: false, workers: "auto" });
  const behindOne = await startNginx(upstreams.slice(0, 1), { cache: false, workers: "auto" });
  const cached = await startNginx(upstreams, { workers: "auto" });
  proxies.push(behindTwo, behindOne, cached);
  const shared = { DATABASE_URL: databaseUrl.toString(), ...s3.env, APP_URL: behindTwo.url, TRUST_PROXY: "1", SESSION_SECRET: randomBytes(32).toString("hex"), LOG_LEVEL: "info" };
  // One after the other: the first migrates and seeds the sample content.
  for (const port of ports) instances.push(await benchInstance({ ...shared, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), `bench-instance-${port}-`)) }));

  const setups: Array<[string, string]> = [
    ["1 instance, direct (http)", instances[0]!.url],
    ["1 instance behind nginx (TLS, nginx cache off)", behindOne.url],
    ["2 instances behind nginx (TLS, nginx cache off)", behindTwo.url],
    ["2 instances behind nginx (TLS, the site file as is: nginx cache on)", cached.url],
  ];
  for (const page of PAGES) {
    for (const [setup, url] of setups) {
      await wrk(url + page, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS, headers: HEADERS });
      rows.push({ page, setup, result: await wrk(url + page, { connections: CONNECTIONS, seconds: SECONDS, headers: HEADERS }) });
    }
  }
} finally {
  for (const instance of instances) instance.child.kill("SIGTERM");
  await Promise.all(instances.map((instance) => instance.exited));
  for (const proxy of proxies) await proxy.close();
  await s3.close();
  await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
}

console.log(`\nGET with gzip, wrk -t1 -c${CONNECTIONS}, ${SECONDS} s per measure after ${WARM_UP_SECONDS} s warm-up, production build, PostgreSQL, S3 (s3rver), access logs on.`);
console.log("Each instance answers public pages from its own page cache; nginx (worker_processes auto) ends TLS. All on this machine's cores.\n");
const alone = (page: string) => rows.find((row) => row.page === page)!.result.requestsPerSecond;
console.table(
  rows.map((row) => ({
    page: row.page,
    setup: row.setup,
    "req/s": Math.round(row.result.requestsPerSecond),
    "× 1 alone": (row.result.requestsPerSecond / alone(row.page)).toFixed(2),
    "p50 ms": row.result.p50Ms.toFixed(2),
    "p99 ms": row.result.p99Ms.toFixed(2),
    errors: row.result.errors,
  })),
);

const commit = execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/instances-${commit}.json`;
writeFileSync(file, JSON.stringify({ commit, at: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, rows }, null, 2));
console.log(`Written to ${file}`);

/** A production instance with its access log on, written to a pipe that is read and dropped (as a log collector would take it). */
async function benchInstance(env: Record<string, string>): Promise<ServerProcess> {
  const started = spawnServer(env);
  await started.ready;
  started.child.stdout!.removeAllListeners("data");
  started.child.stdout!.resume();
  for (;;) {
    const response = await fetch(started.url + "/").catch(() => null);
    if (response?.status === 200) {
      await response.arrayBuffer();
      return started;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function onServer(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
