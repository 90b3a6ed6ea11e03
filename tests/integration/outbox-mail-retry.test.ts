import { mkdtempSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadAuthOnFirstUse } from "~/adapters/auth/auth.server";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { createMailer } from "~/adapters/mail/mailer.server";
import { parseConfig } from "~/lib/config.server";
import { queuedAuthMails } from "~/modules/accounts/account-mail-queue.server";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { PASSWORD_LIMITS } from "~/modules/accounts/password-limits";
import { drainOutbox, OUTBOX_LIMITS } from "~/modules/outbox/drain.server";
import { enqueue } from "~/modules/outbox/enqueue.server";
import { outboxHandlers } from "../../server/outbox-handlers";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";
import { capturingLogger, insertSubscriber } from "../support/outbox-fixtures";
import { startSmtpServer } from "../support/smtp-server";

const T0 = new Date("2026-11-21T12:00:00.000Z");

/** A port with nothing listening on it: the mail server is down. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.each(dialects)("confirmation mail through the outbox on %s", (dialect) => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    await migrateToLatest(database.db);
  });
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
    await database.drop();
  });

  /** A subscriber's confirmation mail queued for a mail server that is not listening yet (on `port`). */
  async function confirmationMailWithoutServer(email: string) {
    const port = await freePort();
    const { logger } = capturingLogger("silent");
    const config = parseConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "outbox-mail-")), APP_URL: "https://site.example", LOG_LEVEL: "silent" });
    const now = () => T0;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "Site <no-reply@site.example>", dataDir: config.dataDir, logger, now });
    const auth = loadAuthOnFirstUse({ db: database.db, dialect, config, mails: queuedAuthMails({ db: database.db, now, wake: () => {}, secret: config.sessionSecret }), passwordLimits: PASSWORD_LIMITS, now });
    const handlers = outboxHandlers({ auth, db: database.db, logger, mailer, newsletterMailer: mailer, mailingProvider: null, campaigns: null, config, now, pageChanges: { changed: async () => {} }, outbox: { wake: () => {} } });
    const subscriber = await insertSubscriber(database.db, { email, is_verified: 0 });
    const id = await enqueue(database.db, "newsletter.confirmation-mail", { subscriberId: subscriber.id }, T0);
    const row = () => database.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const drain = (at: Date) => drainOutbox({ db: database.db, logger, now: () => at }, handlers, { random: () => 0.5 });
    return { port, mailer, subscriber, row, drain };
  }

  it("SMTP down: the mail is retried with backoff and sent once the server is back, exactly once", async () => {
    const { port, mailer, subscriber, row, drain } = await confirmationMailWithoutServer("new@example.org");

    try {
      expect(await drain(T0)).toMatchObject({ claimed: 1, retried: 1 });
      expect(await row()).toMatchObject({ attempts: 1, done_at: null, run_at: new Date(T0.getTime() + 5_000).toISOString() });
      expect((await row()).last_error).toMatch(/ECONNREFUSED/);
      expect(await drain(new Date(T0.getTime() + 5_000))).toMatchObject({ retried: 1 });

      // The mail server comes back.
      smtp = await startSmtpServer(port);
      const { received } = smtp;
      const next = new Date((await row()).run_at);
      expect(next.getTime() - T0.getTime()).toBe(15_000);
      expect(await drain(next)).toMatchObject({ claimed: 1, done: 1 });
      expect(await drain(new Date(next.getTime() + 3_600_000))).toMatchObject({ claimed: 0 });

      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^To: new@example\.org/m);
      expect(received[0]).toMatch(/^List-Unsubscribe:\s+<https:\/\/site\.example\/unsubscribe\/[0-9a-f]{64}>/m);
      expect(await row()).toMatchObject({ attempts: 3, last_error: null });
      const stored = await database.db.selectFrom("subscribers").select("confirm_token_hash").where("id", "=", subscriber.id).executeTakeFirstOrThrow();
      expect(stored.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      mailer.close();
    }
  });

  it("SMTP down longer than the outbox's tries: the mail is still tried, at most an hour apart, and sent once the server is back", async () => {
    const { port, mailer, subscriber, row, drain } = await confirmationMailWithoutServer("outage@example.org");
    const mailState = async () => (await database.db.selectFrom("subscribers").select("confirmation_mail").where("id", "=", subscriber.id).executeTakeFirstOrThrow()).confirmation_mail;

    try {
      // Twice the outbox's tries, each as soon as it is due: a day and more of outage.
      for (let tries = 1; tries <= 2 * OUTBOX_LIMITS.maxAttempts; tries++) {
        const due = new Date((await row()).run_at);
        expect(await drain(due)).toMatchObject({ claimed: 1, retried: 1 });
        const after = await row();
        expect(after.done_at).toBeNull();
        expect(Date.parse(after.run_at) - due.getTime()).toBeLessThanOrEqual(3_600_000);
      }
      const waiting = await row();
      // At the last try an outage gives its try back: the row stays at the longest backoff, never given up.
      expect(waiting.attempts).toBe(OUTBOX_LIMITS.maxAttempts - 1);
      expect(await mailState()).toBe("retrying");

      smtp = await startSmtpServer(port);
      expect(await drain(new Date(waiting.run_at))).toMatchObject({ claimed: 1, done: 1 });
      expect(smtp.received).toHaveLength(1);
      expect(await mailState()).toBe("sent");
    } finally {
      mailer.close();
    }
  });

  it("SMTP down past a sign-in link's lifetime: the dead link is never sent, the row is given up and keeps no token", async () => {
    const port = await freePort();
    const { logger } = capturingLogger("silent");
    const config = parseConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "outbox-mail-")), APP_URL: "https://site.example", LOG_LEVEL: "silent" });
    const now = () => T0;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "Site <no-reply@site.example>", dataDir: config.dataDir, logger, now });
    const mails = queuedAuthMails({ db: database.db, now, wake: () => {}, secret: config.sessionSecret });
    const auth = loadAuthOnFirstUse({ db: database.db, dialect, config, mails, passwordLimits: PASSWORD_LIMITS, now });
    const handlers = outboxHandlers({ auth, db: database.db, logger, mailer, newsletterMailer: mailer, mailingProvider: null, campaigns: null, config, now, pageChanges: { changed: async () => {} }, outbox: { wake: () => {} } });
    await createOrPromoteAdmin({ auth, db: database.db, dialect }, { email: "reader@example.org" }, { userId: null, sessionId: null, ip: null, userAgent: null }, T0);
    const user = await database.db.selectFrom("user").select(["id", "email", "name"]).executeTakeFirstOrThrow();
    await mails.signInLink(user, "one-time-token");
    const row = () => database.db.selectFrom("outbox").selectAll().where("topic", "=", "accounts.mail").executeTakeFirstOrThrow();
    // The token waits sealed with the site's secret: the row alone (a backup's copy of it) holds no link.
    expect(JSON.parse((await row()).payload)).toEqual({ kind: "signInLink", userId: user.id, token: expect.stringMatching(/^sealed\.v1\./), expiresAt: new Date(T0.getTime() + 10 * 60_000).toISOString() });
    expect((await row()).payload).not.toContain("one-time-token");
    const drain = (now: Date) => drainOutbox({ db: database.db, logger, now: () => now }, handlers, { random: () => 0.5 });

    try {
      expect(await drain(T0)).toMatchObject({ claimed: 1, retried: 1 });
      smtp = await startSmtpServer(port);
      // Back after the link stopped working: nothing is sent.
      expect(await drain(new Date(T0.getTime() + 11 * 60_000))).toMatchObject({ claimed: 1, gaveUp: 1 });
      expect(smtp.received).toHaveLength(0);
      const finished = await row();
      expect(finished).toMatchObject({ outcome: "gave_up", attempts: 2 });
      expect(finished.last_error).toMatch(/^gave up after 2 attempts: the link expired/);
      expect(JSON.parse(finished.payload)).toEqual({ kind: "signInLink", userId: user.id, expiresAt: new Date(T0.getTime() + 10 * 60_000).toISOString() });
    } finally {
      mailer.close();
    }
  });
});
