import { readFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { mailServersInstalled, requireMailServersWhenAsked, startMailRelay, type MailRelay } from "../support/mail-relay";
import { insertSubscriber } from "../support/outbox-fixtures";
import { people } from "../support/people";
import { SAMPLE_ARTICLE } from "../support/routes";
import { until } from "../support/waiting";

// An issue sent through Debian's Postfix to a test mail exchanger that refuses one address: Postfix's
// bounce report reaches the bounce address, Dovecot serves it over IMAP, the site reads it and stops mail
// to that address. A spam complaint (RFC 5965) about another reader's mail unsubscribes them. A forged
// report naming no mail of ours stops nobody.

const ARF = readFileSync(path.join(import.meta.dirname, "../fixtures/mail/arf-complaint.eml"), "utf8");
requireMailServersWhenAsked("the newsletter bounce test");

describe.skipIf(!mailServersInstalled()).each(dialects)("bounces and complaints of an issue come back through Postfix and Dovecot, on %s", (dialect) => {
  let relay: MailRelay;
  const env: Record<string, string> = { NEWSLETTER_MAILS_PER_MINUTE: "60000" };
  beforeAll(async () => {
    relay = await startMailRelay();
    const { host, port, user, password } = relay.dovecot;
    Object.assign(env, { SMTP_URL: `${relay.postfix.smtpUrl}${relay.postfix.smtpUrl.includes("?") ? "&" : "?"}ignoreTLS=true`, NEWSLETTER_BOUNCE_ADDRESS: relay.bounceAddress, BOUNCE_IMAP_URL: `imap://${user}:${password}@${host}:${port}` });
  });
  afterAll(() => relay?.stop());
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.log(relay?.logs())));
  const app = appOnTestDatabase(dialect, env);
  const { adminInMode } = people(app);
  const db = () => app.services.db;

  /** Reads the bounce mailbox as the site's schedule would, and waits until it has been read. */
  async function readMailbox() {
    await app.services.outbox.enqueue(db(), "newsletter.bounces", {}, app.clock.now());
    app.services.outbox.wake();
    await until(async () => (await db().selectFrom("outbox").select("id").where("topic", "=", "newsletter.bounces").where("done_at", "is", null).execute()).length === 0);
  }
  const subscriber = (email: string) => db().selectFrom("subscribers").select(["id", "mail_stopped_reason", "mail_stopped_detail", "unsubscribed_at"]).where("email", "=", email).executeTakeFirstOrThrow();

  it("stops an address whose mail bounced, unsubscribes one that complained, and ignores a forged report", async () => {
    const confirmed = { is_verified: 1, confirmed_at: "2026-01-01T00:00:00.000Z", language: "en" };
    for (const email of ["kept@example.org", "gone@example.org", "annoyed@example.org", "innocent@example.org"]) await insertSubscriber(db(), { email, ...confirmed });
    relay.exchanger.answer = (recipient) => (recipient === "gone@example.org" ? { code: 550, message: "5.1.1 The email account that you tried to reach does not exist." } : undefined);
    const article = await db().selectFrom("articles").select("id").where("slug", "=", SAMPLE_ARTICLE).executeTakeFirstOrThrow();
    const owner = await adminInMode("10.33.0.1");
    const issuePath = (await owner.post("/admin/newsletter", { article: article.id })).headers.get("location")!;
    const subjects = await db().selectFrom("newsletter_issues").select("content").where("id", "=", issuePath.split("/").pop()!).executeTakeFirstOrThrow();
    const languages = Object.keys(JSON.parse(subjects.content) as object);
    expect((await owner.post(issuePath, [["intent", "send"], ...languages.map((code): [string, string] => [`subject_${code}`, "Trade networks"])])).status).toBe(200);
    await until(async () => (await db().selectFrom("newsletter_deliveries").select("status").where("status", "=", "sent").execute()).length === 4);
    // Postfix accepted all four; the exchanger took three.
    await until(async () => relay.exchanger.received.length >= 3);

    // Postfix's report of the refusal arrives in the bounce mailbox; the site reads it.
    await until(async () => {
      await readMailbox();
      return (await subscriber("gone@example.org")).mail_stopped_reason === "hard-bounce";
    });
    expect((await subscriber("gone@example.org")).mail_stopped_detail).toContain("does not exist");
    const bounced = await db().selectFrom("newsletter_deliveries as d").innerJoin("subscribers as s", "s.id", "d.subscriber_id").select("d.status").where("s.email", "=", "gone@example.org").executeTakeFirstOrThrow();
    expect(bounced.status).toBe("bounced");

    // A complaint about the mail of annoyed@, and a forged one about innocent@ naming a mail we never sent.
    const annoyed = await subscriber("annoyed@example.org");
    const delivery = (await db().selectFrom("newsletter_deliveries").select(["issue_id", "subscriber_id"]).where("subscriber_id", "=", annoyed.id).executeTakeFirstOrThrow());
    const complaint = ARF.replaceAll("Reader.Annoyed@Example.com", "annoyed@example.org").replace("reader.annoyed@example.com", "annoyed@example.org").replace("issue-12.subscriber-5150", `${delivery.issue_id}.${delivery.subscriber_id}`);
    const forged = ARF.replaceAll("Reader.Annoyed@Example.com", "innocent@example.org").replace("issue-12.subscriber-5150", `${delivery.issue_id}.not-a-subscriber`);
    const transport = nodemailer.createTransport(relay.postfix.smtpUrl);
    for (const raw of [complaint, forged]) await transport.sendMail({ envelope: { from: "abuse-reports@mailbox-provider.test", to: relay.bounceAddress }, raw });
    transport.close();
    await until(async () => {
      await readMailbox();
      return (await subscriber("annoyed@example.org")).mail_stopped_reason === "complaint";
    });
    expect((await subscriber("annoyed@example.org")).unsubscribed_at).not.toBeNull();
    expect(await subscriber("innocent@example.org")).toMatchObject({ mail_stopped_reason: null, unsubscribed_at: null });
    expect(await subscriber("kept@example.org")).toMatchObject({ mail_stopped_reason: null, unsubscribed_at: null });

    // The owner sees the bounce on the issue's page.
    const page = await (await owner.get(issuePath)).text();
    expect(page).toContain('data-figure="all-bounced">1<');
  });
});
