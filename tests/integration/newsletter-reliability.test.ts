import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "~/adapters/db/database.server";
import { locales } from "~/i18n/locales";
import { dialects, openTestDatabase } from "../support/databases";
import { spawnServer, type ServerProcess } from "../support/server-process";

/**
 * The reliability requirement "a SIGKILL of the server during a subscribe load: every subscriber that
 * got a success answer is present after restart", on each database. The real server runs as its own
 * process; a steady load of form posts (distinct addresses and networks) runs until some hundreds were
 * acknowledged, then the process is killed with requests in flight. A new server starts on the same
 * data and the test checks correctness only (no timing thresholds): every acknowledged address is
 * there once with its confirmation-mail outbox row, no subscriber lacks its outbox row (one
 * transaction), and the restarted server's outbox worker mails every one of them.
 */

/** Acknowledged answers before the kill ("after some hundreds of requests"). */
const KILL_AFTER_ACKS = 300;
/** Requests kept in flight at once, so the kill lands while several are being handled. */
const CONCURRENCY = 16;
/** A bound in case the kill never comes (the assertions then say why). */
const MAX_REQUESTS = 5_000;
const CONFIRMATION = "newsletter.confirmation-mail";

interface Storage {
  env: Record<string, string>;
  dataDir: string;
  /** The test's own connection, opened only once the first server is dead. */
  db: () => Db;
  drop: () => Promise<void>;
}

/**
 * SQLite: a data folder the test opens only after the crash (as a restarted server would, it finds the
 * write-ahead log of a killed process). PostgreSQL: a fresh schema, reached through the DATABASE_URL
 * with its search_path; mail still goes to DATA_DIR/mail.
 */
async function prepareStorage(dialect: "sqlite" | "postgres"): Promise<Storage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `newsletter-reliability-${dialect}-`));
  if (dialect === "sqlite") {
    let db: Db | undefined;
    return { env: { DATA_DIR: dataDir }, dataDir, db: () => (db ??= openDatabase({ dataDir }).db), drop: async () => db?.destroy() };
  }
  const database = await openTestDatabase("postgres");
  return { env: { ...database.env, DATA_DIR: dataDir }, dataDir, db: () => database.db, drop: database.drop };
}

/** The mails the file mailer wrote: file name → recipient. Half-written mails are hidden .tmp files. */
function mailRecipients(dataDir: string): Map<string, string> {
  const folder = path.join(dataDir, "mail");
  let files: string[];
  try {
    files = readdirSync(folder).filter((file) => file.endsWith(".eml"));
  } catch {
    return new Map();
  }
  return new Map(files.map((file) => [file, /^To: (.+)$/m.exec(readFileSync(path.join(folder, file), "utf8"))?.[1]?.trim() ?? ""]));
}

interface LoadResult {
  sent: number;
  acknowledged: Set<string>;
  /** Requests that ended without an answer once the process was killed (in flight or refused). */
  connectionErrors: number;
  /** Anything else: a status other than 200, an error before the kill, a 200 without the success page. */
  unexpected: string[];
  killed: boolean;
}

/**
 * Posts the newsletter form from CONCURRENCY loops, each address and network used once, and kills the
 * server with SIGKILL as soon as KILL_AFTER_ACKS answers were 200, while the other loops' requests
 * are in flight. An answer counts as acknowledged from its status line: the action has run to its end
 * before React Router sends it.
 */
async function subscribeUntilKilled(server: ServerProcess, prefix: string): Promise<LoadResult> {
  const result: LoadResult = { sent: 0, acknowledged: new Set(), connectionErrors: 0, unexpected: [], killed: false };
  const successTitle = locales.en.newsletter.success.title;
  const loop = async () => {
    while (!result.killed && result.sent < MAX_REQUESTS) {
      result.sent += 1;
      const n = result.sent;
      const email = `${prefix}-${n}@example.org`;
      let response: Response;
      try {
        response = await fetch(`${server.url}/newsletter`, {
          method: "POST",
          body: new URLSearchParams({ email, source: "footer-newsletter" }),
          headers: { origin: server.url, "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
        });
      } catch (error) {
        if (result.killed) result.connectionErrors += 1;
        else result.unexpected.push(`${email}: ${String(error)}`);
        continue;
      }
      if (response.status !== 200) {
        result.unexpected.push(`${email}: HTTP ${response.status}`);
        await response.body?.cancel().catch(() => {});
        continue;
      }
      result.acknowledged.add(email);
      if (!result.killed && result.acknowledged.size >= KILL_AFTER_ACKS) {
        result.killed = true;
        server.child.kill("SIGKILL");
      }
      // The body may be cut by the kill; the 200 already said the subscription was stored.
      const page = await response.text().catch(() => undefined);
      if (page !== undefined && !page.includes(successTitle)) result.unexpected.push(`${email}: 200 without the success message`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  return result;
}

describe.each(dialects)("newsletter reliability on %s", (dialect) => {
  const servers: ServerProcess[] = [];
  let storage: Storage | undefined;
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
      await server.exited;
    }
    await storage?.drop();
    storage = undefined;
  });

  // Two server starts, a load until the kill and every mail: 40-60 s on a slow machine.
  it("SIGKILL during a subscribe load: every acknowledged subscriber is there after restart, once, with its mail", async () => {
    storage = await prepareStorage(dialect);
    const env = { ...storage.env, TRUST_PROXY: "true" };
    const first = spawnServer(env);
    servers.push(first);
    await first.ready;

    const load = await subscribeUntilKilled(first, `load-${dialect}`);
    expect(load.unexpected).toEqual([]);
    expect(load.killed).toBe(true);
    expect(await first.exited).toBe("SIGKILL");
    expect(load.acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

    // The data as the crash left it, before anything runs on it again.
    const db = storage.db();
    const subscribers = await db.selectFrom("subscribers").select(["id", "email"]).execute();
    const confirmations = await db.selectFrom("outbox").select(["id", "payload", "done_at", "claimed_until"]).where("topic", "=", CONFIRMATION).execute();
    const crashedAt = new Date().toISOString();
    const mailsBeforeRestart = new Set(mailRecipients(storage.dataDir).keys());

    // Every acknowledged address exactly once; nothing present that was never sent.
    const emails = subscribers.map((row) => row.email);
    const present = new Set(emails);
    expect(present.size).toBe(emails.length);
    expect([...load.acknowledged].filter((email) => !present.has(email))).toEqual([]);
    const sentEmails = new Set(Array.from({ length: load.sent }, (_, index) => `load-${dialect}-${index + 1}@example.org`));
    expect(emails.filter((email) => !sentEmails.has(email))).toEqual([]);

    // No half-written subscription: each subscriber has exactly one confirmation-mail row, and each row a subscriber.
    const rowsBySubscriber = new Map<string, number>();
    for (const row of confirmations) {
      const { subscriberId } = JSON.parse(row.payload) as { subscriberId: string };
      rowsBySubscriber.set(subscriberId, (rowsBySubscriber.get(subscriberId) ?? 0) + 1);
    }
    expect(subscribers.filter((row) => rowsBySubscriber.get(row.id) !== 1).map((row) => row.email)).toEqual([]);
    expect(rowsBySubscriber.size).toBe(subscribers.length);

    // What the restarted worker has to do: the rows not done, among them at most the one the killed
    // worker held (rows run one at a time per process), whose lease keeps it for 5 minutes (ADR 026).
    const pending = confirmations.filter((row) => row.done_at === null);
    const leased = pending.filter((row) => row.claimed_until !== null && row.claimed_until > crashedAt);
    expect(leased.length).toBeLessThanOrEqual(1);
    const emailOf = new Map(subscribers.map((row) => [row.id, row.email]));
    const addressOf = (row: { payload: string }) => emailOf.get((JSON.parse(row.payload) as { subscriberId: string }).subscriberId)!;
    const leasedEmails = new Set(leased.map(addressOf));

    const second = spawnServer(env);
    servers.push(second);
    await second.ready;
    // The restarted server sees the same subscribers (its start-up neither loses nor adds any).
    const afterRestart = await db.selectFrom("subscribers").select("email").execute();
    expect(afterRestart.map((row) => row.email).sort()).toEqual([...emails].sort());

    const confirmationState = () => db.selectFrom("outbox").select(["id", "done_at", "last_error"]).where("topic", "=", CONFIRMATION).execute();
    /** What is left to do: rows not done and present subscribers without a mail, the leased row aside if told. */
    const notMailed = async ({ exceptLeased }: { exceptLeased: boolean }) => {
      const skipRows = new Set(exceptLeased ? leased.map((row) => row.id) : []);
      const skipEmails = exceptLeased ? leasedEmails : new Set<string>();
      const mailed = new Set(mailRecipients(storage!.dataDir).values());
      const rows = await confirmationState();
      return [
        ...rows.filter((row) => row.done_at === null && !skipRows.has(row.id)).map((row) => `outbox row ${row.id} not done`),
        ...emails.filter((email) => !skipEmails.has(email) && !mailed.has(email)).map((email) => `no mail to ${email}`),
      ];
    };
    // Written by the restarted server's outbox worker; what is still missing is named if it never is.
    await expect.poll(() => notMailed({ exceptLeased: true }), { interval: 250 }).toEqual([]);
    if (leased.length > 0) {
      // Five minutes pass for the dead worker's claim: its row is then picked up again.
      await db
        .updateTable("outbox")
        .set({ claimed_until: crashedAt })
        .where("id", "in", leased.map((row) => row.id))
        .where("done_at", "is", null)
        .execute();
      await expect.poll(() => notMailed({ exceptLeased: false }), { interval: 250 }).toEqual([]);
    }

    const finalRows = await confirmationState();
    expect(finalRows.filter((row) => row.last_error?.startsWith("gave up"))).toEqual([]);
    const recipients = mailRecipients(storage.dataDir);
    const mailedAfterRestart = new Set([...recipients].filter(([file]) => !mailsBeforeRestart.has(file)).map(([, to]) => to));
    // The rows pending at the crash were mailed by the restarted server.
    expect(pending.map(addressOf).filter((email) => !mailedAfterRestart.has(email))).toEqual([]);
    const mailed = new Set(recipients.values());
    expect([...load.acknowledged].filter((email) => !mailed.has(email))).toEqual([]);

    console.info(
      `[${dialect}] sent ${load.sent}, acknowledged ${load.acknowledged.size}, connection errors ${load.connectionErrors}, ` +
        `present after restart ${subscribers.length} (acknowledged ${load.acknowledged.size}, unacknowledged ${subscribers.length - load.acknowledged.size}), ` +
        `outbox rows ${confirmations.length} (pending at crash ${pending.length}, leased ${leased.length}), ` +
        `mails ${recipients.size} for ${mailed.size} addresses (${mailedAfterRestart.size} by the restarted server)`,
    );

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  });
});
