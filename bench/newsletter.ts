import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import nodemailer from "nodemailer";
import { sql } from "kysely";
import { renderIssueMail } from "~/components/mail/issue-mail";
import { parseConfig } from "~/lib/config.server";
import { SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import { articleForMail } from "~/modules/blog/article-for-mail.server";
import { getIssue, scheduleIssue } from "~/modules/newsletter/issues/issues.server";
import { newIssue } from "~/modules/newsletter/issues/issue-texts.server";
import { buildIfStale } from "../scripts/build-if-stale";
import { openServices } from "../server/bootstrap";
import { createLogger } from "../server/logger";
import { spawnServer, type ServerProcess } from "../tests/support/server-process";
import { SAMPLE_ARTICLE } from "../tests/support/routes";
import { treeRssBytes } from "./process-memory";
import { seedSubscribers } from "./subscriber-seed";

/**
 * `npm run bench:newsletter [-- --recipients=100000] [--connections=4] [--bare=20000]`: one issue of the
 * sample article sent through SMTP to a local sink (./smtp-sink.ts, a process of its own), on SQLite.
 * Printed side by side, from the same run (docs/decisions/013-benchmarks-outside-tests.md):
 * - mails a second: the site's send against a bare pooled nodemailer loop to the same sink with as many
 *   connections and the same mail (goal: at least half of it);
 * - the server's memory while it sends against before (goal: flat, at most +50 MB);
 * - a cached article's rate while it sends against before (goal: at least 80 %);
 * - the server killed with SIGKILL at half the send and started again: every recipient got exactly one
 *   mail (the duplicates, if any, are the mails in flight at the kill, one per connection at most).
 */
const arg = (name: string, fallback: number) => Number(process.argv.find((value) => value.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const RECIPIENTS = arg("recipients", 100_000);
const CONNECTIONS = arg("connections", 4);
const BARE = arg("bare", 20_000);

type Stats = { received: number; distinct: number; duplicates: number; seconds: number };

function startSink(): Promise<{ child: ChildProcess; port: number; stats: () => Promise<Stats>; reset: () => Promise<void> }> {
  const child = fork(path.join(import.meta.dirname, "smtp-sink.ts"), [], { execArgv: ["--import", "tsx"] });
  const ask = <T>(ask: string) => new Promise<T>((resolve) => {
    child.once("message", (message) => resolve(message as T));
    child.send({ ask });
  });
  return new Promise((resolve) =>
    child.once("message", (message) => resolve({ child, port: (message as { port: number }).port, stats: () => ask<Stats>("stats"), reset: () => ask<void>("reset") })),
  );
}

/** The bare ceiling: nodemailer's pool, CONNECTIONS connections, as many mails in flight as it takes, the same mail to BARE recipients. */
async function bareLoop(port: number, html: string, text: string): Promise<number> {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true, pool: true, maxConnections: CONNECTIONS, maxMessages: 500 });
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < BARE) {
      const index = next++;
      await transport.sendMail({ from: "Diaspora Policy <news@bench.example>", to: `bare-${index}@bench.example`, subject: "Trade networks", html, text, headers: { "List-Unsubscribe": `<https://bench.example/unsubscribe/${index}>` } });
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS * 2 }, lane));
  const rate = BARE / ((performance.now() - started) / 1000);
  transport.close();
  return rate;
}

async function articleRate(url: string): Promise<number> {
  const result = await autocannon({ url: `${url}/blog/${SAMPLE_ARTICLE}`, connections: 20, duration: 5 });
  return result.requests.average;
}

const until = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
};

async function main() {
  buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-newsletter-"));
  const sink = await startSink();
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
    NEWSLETTER_MAILS_PER_MINUTE: "1000000",
    NEWSLETTER_SMTP_CONNECTIONS: String(CONNECTIONS),
    NEWSLETTER_BOUNCE_ADDRESS: "bounces@bench.example",
  };
  let server: ServerProcess = spawnServer(env);
  await (server as ServerProcess & { ready: Promise<void> }).ready;
  const services = await openServices(parseConfig({ ...env, LOG_LEVEL: "silent" }), createLogger("silent"));
  try {
    process.stdout.write(`Seeding ${RECIPIENTS.toLocaleString("en-US")} confirmed subscribers…\n`);
    await seedSubscribers(services.db, RECIPIENTS, new Date());
    await sql`update subscribers set is_verified = 1, unsubscribed_at = null, confirmed_at = created_at`.execute(services.db);
    const article = await services.db.selectFrom("articles").select("id").where("slug", "=", SAMPLE_ARTICLE).executeTakeFirstOrThrow();
    const item = (await articleForMail(services.db, services.config.appUrl, article.id))!;
    const issueId = await newIssue(services.db, { kind: "article", id: article.id, item }, renderIssueMail, { appUrl: services.config.appUrl, secret: services.config.sessionSecret }, SYSTEM_ACTOR, new Date());
    const english = (await getIssue(services.db, issueId))!.content.en!;
    console.log(`The mail: ${(Buffer.byteLength(english.html) / 1024).toFixed(1)} KB of HTML, ${(Buffer.byteLength(english.text) / 1024).toFixed(1)} KB of text.`);

    const bare = await bareLoop(sink.port, english.html, english.text);
    await sink.reset();
    await articleRate(server.url); // warm: the article is kept
    const pagesBefore = await articleRate(server.url);
    const memoryBefore = treeRssBytes(server.child.pid!);

    await scheduleIssue(services.db, { enqueue: services.outbox.enqueue }, issueId, new Date(), SYSTEM_ACTOR, new Date());
    await until(async () => (await sink.stats()).received > 0);
    let peak = memoryBefore;
    const series: number[] = [];
    const sampler = setInterval(() => {
      const rss = treeRssBytes(server.child.pid!);
      peak = Math.max(peak, rss);
      series.push(rss);
    }, 100);
    const pagesDuring = await articleRate(server.url);
    await until(async () => (await sink.stats()).received >= RECIPIENTS / 2);
    clearInterval(sampler);
    const half = await sink.stats();
    server.child.kill("SIGKILL");
    await server.exited;
    const killedAt = half.received;
    server = spawnServer(env);
    await (server as ServerProcess & { ready: Promise<void> }).ready;
    await until(async () => (await getIssue(services.db, issueId))!.status === "sent");
    const end = await sink.stats();
    const site = half.received / half.seconds;

    const row = (name: string, value: string, beside: string, goal: string) => console.log(`${name.padEnd(34)} ${value.padStart(14)}   ${beside.padEnd(34)} ${goal}`);
    console.log(`\nOne issue to ${RECIPIENTS.toLocaleString("en-US")} subscribers through SMTP, ${CONNECTIONS} connections, SQLite:`);
    row("site: mails/s (first half)", site.toFixed(0), `bare nodemailer loop: ${bare.toFixed(0)}/s`, `ratio ${(site / bare).toFixed(2)} (goal >= 0.5)`);
    row("server memory while sending", `+${((peak - memoryBefore) / 1048576).toFixed(1)} MB`, `before: ${(memoryBefore / 1048576).toFixed(0)} MB`, "goal <= +50 MB");
    row("cached article while sending", `${pagesDuring.toFixed(0)} req/s`, `before: ${pagesBefore.toFixed(0)} req/s`, `ratio ${(pagesDuring / pagesBefore).toFixed(2)} (goal >= 0.8)`);
    const mb = (bytes: number) => `${Math.round((bytes - memoryBefore) / 1048576)}`;
    console.log(`  memory over the first half, MB above before, each second: ${series.filter((_, index) => index % 10 === 9).map(mb).join(" ")}`);
    row("kill -9 at half, started again", `${killedAt.toLocaleString("en-US")} sent`, `then: ${end.distinct.toLocaleString("en-US")} distinct recipients`, `missing ${RECIPIENTS - end.distinct}, twice ${end.duplicates} (goal 0, 0)`);
  } finally {
    services.mailer.close();
    services.newsletterMailer.close();
    await services.db.destroy();
    server.child.kill("SIGKILL");
    sink.child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
