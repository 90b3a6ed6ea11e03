import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { OUTBOX_LIMITS } from "~/modules/outbox/drain.server";
import { appOnTestDatabase, outboxDrained } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { people } from "../support/people";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { until } from "../support/waiting";

const mail = locales.en.dashboard.subscribers.mail;
const rendered = async (response: Response) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

describe.each(dialects)("the owner sees what became of each confirmation mail on %s", (dialect) => {
  let smtp: TestSmtpServer;
  // Filled before the app starts (hooks run in order), so the app mails through the local server.
  const env: Record<string, string> = {};
  beforeAll(async () => {
    smtp = await startSmtpServer();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp?.close());
  const app = appOnTestDatabase(dialect, env);
  const { signIn, adminInMode } = people(app);
  const db = () => app.services.db;
  const state = (email: string) =>
    db().selectFrom("subscribers").select(["id", "confirmation_mail", "confirmation_mail_error", "confirmation_mail_at"]).where("email", "=", email).executeTakeFirstOrThrow();
  const subscribe = (email: string, ip: string) => new HttpSession(app.url, ip).post("/newsletter", { email, source: "footer-newsletter" });

  it("records a mail as queued, then sent, or failed with the mail server's reason, and lists the failures on the dashboard", async () => {
    smtp.answer = (recipient) => (recipient === "gone@example.org" ? { code: 550, message: "5.1.1 Mailbox does not exist" } : undefined);
    expect((await subscribe("ok@example.org", "10.9.0.1")).status).toBe(200);
    expect((await subscribe("gone@example.org", "10.9.0.2")).status).toBe(200);
    expect(await state("gone@example.org")).toMatchObject({ confirmation_mail: "queued", confirmation_mail_error: null });
    await outboxDrained(app);
    expect(await state("ok@example.org")).toMatchObject({ confirmation_mail: "sent", confirmation_mail_error: null });
    const failed = await state("gone@example.org");
    expect(failed.confirmation_mail).toBe("failed");
    expect(failed.confirmation_mail_error).toContain("Mailbox does not exist");

    const owner = await adminInMode("10.9.0.3");
    const list = await rendered(await owner.get("/admin/subscribers"));
    expect(list).toContain("Mailbox does not exist");
    expect(list).toContain(mail.resend);
    const dashboard = await rendered(await owner.get("/admin"));
    expect(dashboard).toContain(mail.failedTitle);
    expect(dashboard).toContain("gone@example.org");
    expect(dashboard).not.toContain("ok@example.org");
  });

  it("lets the admin resend a waiting subscriber's mail, audited and within the address's limit, and refuses anyone else", async () => {
    smtp.answer = () => undefined;
    const { id } = await state("gone@example.org");
    const reader = await signIn("reader@example.org", "10.9.1.1");
    const refused = await reader.post("/admin/subscribers", { intent: "resend", subscriberId: id });
    expect(refused.status).toBe(403);

    const owner = await adminInMode("10.9.1.2");
    const before = smtp.received.length;
    const resent = await owner.post("/admin/subscribers", { intent: "resend", subscriberId: id });
    expect(resent.status).toBe(200);
    expect(await rendered(resent)).toContain(mail.resent.replace("{email}", "gone@example.org"));
    await outboxDrained(app);
    expect(smtp.received.length).toBe(before + 1);
    expect(await state("gone@example.org")).toMatchObject({ confirmation_mail: "sent", confirmation_mail_error: null });
    const audit = await db().selectFrom("audit_log").selectAll().where("action", "=", "resend_confirmation").execute();
    expect(audit).toHaveLength(1);
    const details = audit[0]!.details;
    expect(typeof details === "string" ? JSON.parse(details) : details).toEqual({ subscriberId: id });
    expect(await rendered(await owner.get("/admin"))).not.toContain(mail.failedTitle);

    // One subscription and one resend so far: three more reach the five an address may get in 15 minutes.
    for (const expected of [200, 200, 200]) expect((await owner.post("/admin/subscribers", { intent: "resend", subscriberId: id })).status).toBe(expected);
    const tooMany = await owner.post("/admin/subscribers", { intent: "resend", subscriberId: id });
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await rendered(tooMany)).toContain(mail.problems.tooMany);

    const { id: confirmedId } = await state("ok@example.org");
    await db().updateTable("subscribers").set({ is_verified: 1 }).where("id", "=", confirmedId).execute();
    const notWaiting = await owner.post("/admin/subscribers", { intent: "resend", subscriberId: confirmedId });
    expect(notWaiting.status).toBe(409);
    expect(await rendered(notWaiting)).toContain(mail.problems.notWaiting);
  });

  it("shows a mail the server turned away for now as tried again, and as failed once the last try fails", async () => {
    smtp.answer = (recipient) => (recipient === "later@example.org" ? { code: 451, message: "4.2.1 Mailbox busy, try later" } : undefined);
    expect((await subscribe("later@example.org", "10.9.2.1")).status).toBe(200);
    const retrying = await settled("later@example.org", "retrying");
    expect(retrying.confirmation_mail_error).toContain("Mailbox busy");
    const owner = await adminInMode("10.9.2.2");
    const dashboard = await rendered(await owner.get("/admin"));
    expect(dashboard).toContain("later@example.org");
    expect(dashboard).toContain(mail.retrying.split(" {when}")[0]);

    // The next try is the last one the outbox makes: run it now.
    await db().updateTable("outbox").set({ attempts: OUTBOX_LIMITS.maxAttempts - 1, run_at: new Date(0).toISOString() }).where("done_at", "is", null).execute();
    const failed = await settled("later@example.org", "failed");
    expect(failed.confirmation_mail_error).toContain("Mailbox busy");
    await outboxDrained(app);
  });

  /** Wakes the outbox until the subscriber's mail reaches `wanted`. */
  function settled(email: string, wanted: string) {
    return until(async () => {
      app.services.outbox.wake();
      const row = await state(email);
      return row.confirmation_mail === wanted && row;
    }, 50);
  }
});
