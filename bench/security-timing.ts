import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseConfig } from "~/lib/config.server";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { buildIfStale } from "../scripts/build-if-stale";
import { openServices } from "../server/bootstrap";
import { createLogger } from "../server/logger";
import { HttpSession } from "../tests/support/http-session";
import { spawnServer } from "../tests/support/server-process";
import { startSmtpServer } from "../tests/support/smtp-server";

/**
 * `npx tsx bench/security-timing.ts [samples]`: whether the answer's time tells a known address from
 * an unknown one, on the forms that mail a link (forgot password, sign-in link). The production server
 * on a fresh SQLite database, its mails going to a local SMTP server; after a warm-up, requests for
 * known and unknown addresses alternate (50 of each by default), each from its own address
 * (TRUST_PROXY), one at a time, the next sent once the last one's mail (if any) has arrived. Prints the
 * median and 90th percentile of each side and their ratio. Numbers, not thresholds.
 */
const SAMPLES = Number(process.argv[2] ?? 50);
const WARM_UP = 5;
const FORMS = [
  { form: "forgot password", path: "/forgot-password" },
  { form: "sign-in link", path: "/sign-in-link" },
] as const;

const known = (index: number) => `known-${index}@example.org`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-timing-"));
const services = await openServices(parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), createLogger("silent"));
try {
  // One account per sample: each form's limits allow only a few links an hour for one address.
  for (let index = 0; index < WARM_UP + SAMPLES; index++) {
    await createOrPromoteAdmin(services, { email: known(index), password: "a reader's passphrase" }, { userId: null, ip: "bench", userAgent: null }, new Date());
  }
  await services.db.updateTable("user").set({ role: "user" }).execute();
} finally {
  services.mailer.close();
  services.storage.close();
  services.uploads.close();
  await services.db.destroy();
}

const smtp = await startSmtpServer();
buildIfStale();
const server = spawnServer({ DATA_DIR: dataDir, TRUST_PROXY: "true", SMTP_URL: smtp.url });
await server.ready;

let request = 0;
/** One form sent from a new address; the milliseconds until its whole answer arrived. */
async function timed(pathname: string, email: string): Promise<number> {
  request++;
  const started = performance.now();
  const response = await new HttpSession(server.url, `10.90.${request >> 8}.${request & 255}`).post(pathname, { email });
  await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status} for ${email}`);
  return elapsed;
}

/** Waits until the SMTP server holds `count` mails, so the next request meets an idle server. */
async function mailsArrived(count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (smtp.received.length < count) {
    if (Date.now() > deadline) throw new Error(`only ${smtp.received.length} of ${count} mails arrived`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  // The worker marks its row done after the mail left: a moment for that, on either side alike.
  await new Promise((resolve) => setTimeout(resolve, 30));
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (value: number) => Number(value.toFixed(1));

const rows = [];
for (const { form, path: pathname } of FORMS) {
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let index = 0; index < WARM_UP + SAMPLES; index++) {
    // Which side goes first alternates too, so neither always follows the other's background work.
    const order = index % 2 ? (["unknown", "known"] as const) : (["known", "unknown"] as const);
    for (const side of order) {
      const email = side === "known" ? known(index) : `nobody-${request}@example.org`;
      const expected = smtp.received.length + (side === "known" ? 1 : 0);
      const elapsed = await timed(pathname, email);
      await mailsArrived(expected);
      if (index >= WARM_UP) times[side].push(elapsed);
    }
  }
  const [knownMedian, unknownMedian] = [quantile(times.known, 0.5), quantile(times.unknown, 0.5)];
  const [knownP90, unknownP90] = [quantile(times.known, 0.9), quantile(times.unknown, 0.9)];
  rows.push({
    form,
    samples: `${SAMPLES} + ${SAMPLES}`,
    "known median ms": ms(knownMedian),
    "unknown median ms": ms(unknownMedian),
    "median ratio": Number((knownMedian / unknownMedian).toFixed(2)),
    "known p90 ms": ms(knownP90),
    "unknown p90 ms": ms(unknownP90),
    "p90 ratio": Number((knownP90 / unknownP90).toFixed(2)),
  });
}

console.log("\nAnswer times of the link forms, known vs unknown address, production build, SQLite, mail over SMTP:");
console.table(rows);
server.child.kill("SIGTERM");
await server.exited;
await smtp.close();
