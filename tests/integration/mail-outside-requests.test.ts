import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { appOnTestDatabase, outboxDrained } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { startSilentSmtpFront, startSmtpServer, type SilentSmtpFront, type TestSmtpServer } from "../support/smtp-server";
import { until } from "../support/waiting";

const PASSWORD = "correct horse battery";
const SYSTEM = { userId: null, sessionId: null, ip: "test", userAgent: null };

/** The link to `path` in the first of `mails` that has one (quoted-printable undone). */
const linkIn = (mails: string[], path: string) => {
  const pattern = new RegExp(`https?://[^\\s]*${path}\\?token=[^\\s]+`);
  const found = mails.map((mail) => mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=").match(pattern)).find(Boolean);
  return new URL(found![0]);
};

describe.each(dialects)("mail never holds a request, on %s", (dialect) => {
  const env: Record<string, string> = { CONTACT_EMAIL: "editor@diaspora.example" };
  let front: SilentSmtpFront;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    // The site's mail server accepts connections and never answers, until a test lets it through.
    front = await startSilentSmtpFront();
    smtp = await startSmtpServer();
    env.SMTP_URL = front.url;
  });
  const app = appOnTestDatabase(dialect, env);
  afterAll(async () => {
    await front?.close();
    await smtp?.close();
  });

  const rows = (topic: string) => app.services.db.selectFrom("outbox").selectAll().where("topic", "=", topic).orderBy("created_at").execute();
  const account = async (email: string) => {
    await createOrPromoteAdmin(app.services, { email, password: PASSWORD }, SYSTEM, new Date());
    await app.services.db.updateTable("user").set({ role: "user" }).where("email", "=", email).execute();
  };

  it("answers sign-up, forgot-password, sign-in-link and contact while the mail server says nothing, and the mails leave once it works", async () => {
    await account("known@example.org");
    const visitor = (ip: string) => new HttpSession(app.url, ip);
    const answers = await Promise.all([
      visitor("10.40.1.1").post("/sign-up", { name: "Nana", email: "new@example.org", password: PASSWORD }),
      visitor("10.40.1.2").post("/forgot-password", { email: "known@example.org" }),
      visitor("10.40.1.3").post("/forgot-password", { email: "unknown@example.org" }),
      visitor("10.40.1.4").post("/sign-in-link", { email: "known@example.org" }),
      visitor("10.40.1.5").post("/sign-in-link", { email: "nobody@example.org" }),
      visitor("10.40.1.6").post("/contact", { name: "Kofi", email: "kofi@example.org", topic: "press", message: "Hello from a reader." }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);

    // The worker is now talking to the silent server: the answers came while it has not said a word.
    await until(() => front.connections() >= 1);
    expect(front.bytesSent()).toBe(0);
    expect(front.closed()).toBe(0);
    expect(smtp.received).toHaveLength(0);

    // The mail server comes back: the held connection is cut, the worker retries and everything leaves.
    front.forwardTo(smtp);
    // The cut try puts its rows back for about 5 s: the app's clock is moved past that instead of waiting.
    const putBack = async () => (await app.services.db.selectFrom("outbox").select("id").where("done_at", "is", null).where("last_error", "is not", null).execute()).length > 0;
    await until(putBack);
    app.clock.advance(10_000);
    app.services.outbox.wake();
    await until(() => smtp.received.length >= 4);
    await outboxDrained(app);
    const to = smtp.received.map((mail) => mail.match(/^To: (.+)$/m)?.[1]?.trim()).sort();
    expect(to).toEqual(["editor@diaspora.example", "known@example.org", "known@example.org", "new@example.org"]);
    expect(smtp.recipients).not.toContain("unknown@example.org");
    expect(smtp.recipients).not.toContain("nobody@example.org");

    // The links made by the worker work.
    const token = linkIn(smtp.received, "/reset-password").searchParams.get("token")!;
    expect((await visitor("10.40.1.7").post("/reset-password", { token, password: "a brand new passphrase" })).status).toBe(200);
    const verify = linkIn(smtp.received, "/verify-email");
    expect((await visitor("10.40.1.8").post(verify.pathname, { token: verify.searchParams.get("token")! })).status).toBe(302);

    // Finished rows keep neither the links' tokens nor typed-in addresses.
    const finished = await app.services.db.selectFrom("outbox").select(["payload", "outcome", "done_at"]).execute();
    expect(finished.every((row) => row.done_at !== null && row.outcome === "done")).toBe(true);
    for (const row of finished) expect(Object.keys(JSON.parse(row.payload) as object)).not.toContain("token");
    expect(finished.map((row) => row.payload).join("\n")).not.toMatch(/@/);
    const contact = await app.services.db.selectFrom("contact_messages").select("mailed_at").executeTakeFirstOrThrow();
    expect(contact.mailed_at).not.toBeNull();
  });

  it("records a permanent refusal (5xx) as refused and never tries it again; a temporary one (4xx) is retried and delivered", async () => {
    await account("refused@example.org");
    await account("busy@example.org");
    let busyAnswers = 0;
    smtp.answer = (recipient) => {
      if (recipient === "refused@example.org") return { code: 550, message: "No such mailbox here" };
      if (recipient === "busy@example.org" && busyAnswers++ === 0) return { code: 451, message: "Mailbox busy, try again later" };
      return undefined;
    };
    const before = smtp.received.length;
    await new HttpSession(app.url, "10.40.2.1").post("/forgot-password", { email: "refused@example.org" });
    await new HttpSession(app.url, "10.40.2.2").post("/forgot-password", { email: "busy@example.org" });

    // The busy answer puts the row back for about 5 s: the app's clock is moved past that instead of waiting.
    const putBack = async () => (await rows("accounts.mail")).some((row) => row.done_at === null && row.last_error !== null);
    await until(putBack);
    app.clock.advance(10_000);
    app.services.outbox.wake();
    await until(() => smtp.received.length > before);
    await outboxDrained(app);
    expect(smtp.received.slice(before).map((mail) => mail.match(/^To: (.+)$/m)?.[1]?.trim())).toEqual(["busy@example.org"]);
    expect(smtp.recipients.filter((recipient) => recipient === "refused@example.org")).toHaveLength(1);
    expect(smtp.recipients.filter((recipient) => recipient === "busy@example.org")).toHaveLength(2);

    const mails = (await rows("accounts.mail")).slice(-2);
    const refused = mails.find((row) => row.outcome === "refused")!;
    const retried = mails.find((row) => row.outcome === "done")!;
    expect(refused).toMatchObject({ attempts: 1, outcome: "refused" });
    expect(refused.done_at).not.toBeNull();
    expect(refused.last_error).toMatch(/^refused after 1 attempt: .*550/);
    expect(refused.last_error).not.toContain("refused@example.org");
    expect(retried).toMatchObject({ attempts: 2, outcome: "done", last_error: null });
    const events = await app.services.db.selectFrom("security_events").select(["event_type", "details"]).where("event_type", "in", ["outbox_refused", "outbox_gave_up"]).execute();
    expect(events.map((event) => event.event_type)).toEqual(["outbox_refused"]);
    expect(JSON.parse(events[0]!.details)).toMatchObject({ outboxId: refused.id, topic: "accounts.mail", attempts: 1 });
  });
});
