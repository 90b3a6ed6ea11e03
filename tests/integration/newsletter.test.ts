import { describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { appOnTestDatabase, outboxDrained } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession, linkIn, mailsIn, pressLinkButton } from "../support/http-session";

const rendered = async (response: Response) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

describe.each(dialects)("newsletter on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);

  const db = () => app.services.db;
  const subscriber = (email: string) => db().selectFrom("subscribers").selectAll().where("email", "=", email).executeTakeFirst();
  const outbox = (topic: string) => db().selectFrom("outbox").selectAll().where("topic", "=", topic).execute();
  const post = (path: string, fields: Record<string, string>, ip = "10.6.0.1") => new HttpSession(app.url, ip).post(path, fields);

  it("stores a subscription once, normalised, with a 64-hex unsubscribe token and its confirmation mail queued", async () => {
    const answer = await post("/newsletter", { email: "  Ama@Example.ORG ", source: "footer-newsletter" });
    expect(answer.status).toBe(200);
    expect(await rendered(answer)).toContain(locales.en.newsletter.success.title);
    const row = await subscriber("ama@example.org");
    expect(row).toMatchObject({ source: "footer-newsletter", language: "en", is_verified: 0, unsubscribed_at: null });
    expect(row!.unsubscribe_token).toMatch(/^[0-9a-f]{64}$/);
    expect((await outbox("newsletter.confirmation-mail")).map((job) => JSON.parse(job.payload))).toEqual([{ subscriberId: row!.id }]);

  });

  it("refuses an invalid address or bad data with 400 and writes nothing", async () => {
    for (const email of ["", "no-at-sign", `${"a".repeat(250)}@b.co`]) {
      const answer = await post("/newsletter", { email, source: "footer-newsletter" }, "10.6.0.2");
      expect(answer.status).toBe(400);
      expect(await rendered(answer)).toContain(locales.en.newsletter.invalidEmail.description);
    }
    expect(await db().selectFrom("subscribers").select("email").execute()).toHaveLength(1);
  });

  it("answers the 6th attempt for one address within 15 minutes with 429 and Retry-After, writing nothing", async () => {
    const email = "busy@example.org";
    // Not confirmed yet, so each attempt after the first mails a fresh link.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await post("/newsletter", { email }, `10.6.1.${attempt}`)).status).toBe(200);
    }
    await db().deleteFrom("subscribers").where("email", "=", email).execute();
    const sixth = await post("/newsletter", { email }, "10.6.1.9");
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await rendered(sixth)).toContain(locales.en.newsletter.errors.tooMany);
    expect(await subscriber(email)).toBeUndefined();
  });

  it("keeps one row and the address's limit when 20 requests subscribe one address at once", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => post("/newsletter", { email: "race@example.org" }, `10.6.2.${index}`)));
    const statuses = answers.map((answer) => answer.status);
    // One subscription and four fresh links (an unconfirmed address), then the limit of 5 per 15 minutes.
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    const rows = await db().selectFrom("subscribers").select("id").where("email", "=", "race@example.org").execute();
    expect(rows).toHaveLength(1);
    const mails = (await outbox("newsletter.confirmation-mail")).filter((job) => JSON.parse(job.payload).subscriberId === rows[0]!.id);
    expect(mails).toHaveLength(5);
  });

  it("confirms by the mailed link once, queues the provider sync, and unsubscribes in one click", async () => {
    const answer = await post("/fr/newsletter", { email: "lea@example.org", source: "newsletter-section" }, "10.6.3.1");
    expect(answer.status).toBe(200);
    const row = (await subscriber("lea@example.org"))!;
    expect(row.language).toBe("fr");
    // The outbox worker sends the confirmation mail a moment after the answer.
    await outboxDrained(app);
    // Long header lines are folded on the wire; unfold them to read.
    const mail = mailsIn(app.services.config.dataDir).find((text) => text.includes("lea@example.org"))!.replace(/\r?\n[ \t]+/g, " ");
    // The unsubscribe address is in the subscriber's language; the text has an HTML part beside it.
    expect(mail).toContain(`List-Unsubscribe: <${app.services.config.appUrl}/fr/unsubscribe/${row.unsubscribe_token}>`);
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(mail).toMatch(/<html lang=(3D)?"fr">/);
    expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const confirm = linkIn(mail, "/fr/newsletter/confirm");
    const confirmed = await pressLinkButton(new HttpSession(app.url), confirm);
    expect(confirmed.status).toBe(200);
    expect(await rendered(confirmed)).toContain(locales.fr.subscription.confirm.doneTitle);
    expect(await subscriber("lea@example.org")).toMatchObject({ is_verified: 1 });
    expect((await outbox("newsletter.provider-upsert")).map((job) => JSON.parse(job.payload))).toEqual([{ subscriberId: row.id }]);
    const again = await pressLinkButton(new HttpSession(app.url), confirm);
    expect(again.status).toBe(400);
    expect(await rendered(again)).toContain(locales.fr.subscription.confirm.invalidTitle);

    const page = await new HttpSession(app.url).get(`/unsubscribe/${row.unsubscribe_token}`);
    expect([page.headers.get("cache-control"), page.headers.get("referrer-policy")]).toEqual(["no-store", "same-origin"]);
    expect(await rendered(page)).toContain("lea@example.org");
    // A webmail's servers send the one-click request with their own Origin.
    const oneClick = await fetch(`${app.url}/unsubscribe/${row.unsubscribe_token}`, {
      method: "POST",
      headers: { origin: "https://mail.example.net", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    expect(oneClick.status).toBe(200);
    const gone = (await subscriber("lea@example.org"))!;
    expect(gone.is_verified).toBe(0);
    expect(gone.unsubscribed_at).not.toBeNull();
    expect((await outbox("newsletter.provider-unsubscribe")).map((job) => JSON.parse(job.payload))).toEqual([{ subscriberId: row.id }]);

    // Subscribing again after leaving is allowed.
    expect((await post("/newsletter", { email: "lea@example.org" }, "10.6.3.2")).status).toBe(200);
    expect(await subscriber("lea@example.org")).toMatchObject({ unsubscribed_at: null, is_verified: 0 });
  });

  it("answers an unknown unsubscribe token with the same neutral page, changing nothing", async () => {
    // The confirmation mail queued by the test before changes its subscriber's token hash when it is sent.
    await outboxDrained(app);
    const before = await db().selectFrom("subscribers").selectAll().orderBy("id").execute();
    const token = "0".repeat(64);
    expect(await rendered(await new HttpSession(app.url).get(`/unsubscribe/${token}`))).toContain(locales.en.subscription.unsubscribe.neutral);
    expect((await fetch(`${app.url}/unsubscribe/${token}`, { method: "POST", body: new URLSearchParams() })).status).toBe(200);
    expect(await db().selectFrom("subscribers").selectAll().orderBy("id").execute()).toEqual(before);
  });

  it("takes the complete profile from /subscribe, sanitised, and shows the answer without JavaScript", async () => {
    const answer = await new HttpSession(app.url, "10.6.4.1").post("/pt/subscribe", [
        ["email", "kofi@example.org"],
        ["firstName", "<b>Kofi</b>"],
        ["lastName", "Mensah"],
        ["message", "onmouseover=steal() More on trade"],
        ["interests", "trade-justice"],
        ["interests", "podcast"],
    ]);
    expect(answer.status).toBe(200);
    expect(await rendered(answer)).toContain(locales.pt.newsletter.success.title);
    expect(await subscriber("kofi@example.org")).toMatchObject({
      first_name: "bKofi/b",
      last_name: "Mensah",
      message: "steal() More on trade",
      interests: JSON.stringify(["trade-justice", "podcast"]),
      source: "subscribe-page",
      language: "pt",
    });
  });

  it("mails a fresh link to an address that subscribes again before confirming, and refuses a confirmed one", async () => {
    const mailsTo = (email: string) => mailsIn(app.services.config.dataDir).filter((text) => text.includes(`To: ${email}`)).map((text) => text.replace(/\r?\n[ \t]+/g, " "));
    expect((await post("/newsletter", { email: "kwame@example.org", source: "footer-newsletter" }, "10.6.7.1")).status).toBe(200);
    await outboxDrained(app);
    const [firstMail] = mailsTo("kwame@example.org");
    const again = await post("/newsletter", { email: "Kwame@example.org", source: "updates-page" }, "10.6.7.1");
    expect(again.status).toBe(200);
    expect(await rendered(again)).toContain(locales.en.newsletter.success.title);
    await outboxDrained(app);
    const mails = mailsTo("kwame@example.org");
    expect(mails).toHaveLength(2);
    expect(await db().selectFrom("subscribers").select("id").where("email", "=", "kwame@example.org").execute()).toHaveLength(1);
    // The fresh link replaces the first one.
    const stale = await pressLinkButton(new HttpSession(app.url), linkIn(firstMail!, "/newsletter/confirm"));
    expect(stale.status).toBe(400);
    const fresh = mails.find((mail) => mail !== firstMail)!;
    expect((await pressLinkButton(new HttpSession(app.url), linkIn(fresh, "/newsletter/confirm"))).status).toBe(200);

    const confirmedAgain = await post("/newsletter", { email: "kwame@example.org", source: "updates-page" }, "10.6.7.1");
    expect(confirmedAgain.status).toBe(409);
    expect(await rendered(confirmedAgain)).toContain(locales.en.newsletter.errors.duplicate);
    await outboxDrained(app);
    expect(mailsTo("kwame@example.org")).toHaveLength(2);
  });

  it("refuses a confirmation link older than 48 hours, and a new subscription mails one that works", async () => {
    expect((await post("/newsletter", { email: "nia@example.org", source: "footer-newsletter" }, "10.6.8.1")).status).toBe(200);
    await outboxDrained(app);
    const mailTo = () => mailsIn(app.services.config.dataDir).filter((text) => text.includes("To: nia@example.org")).map((text) => text.replace(/\r?\n[ \t]+/g, " "));
    const link = linkIn(mailTo()[0]!, "/newsletter/confirm");
    app.clock.advance(48 * 3_600_000 + 1000);
    const expired = await pressLinkButton(new HttpSession(app.url), link);
    expect(expired.status).toBe(400);
    expect(await rendered(expired)).toContain(locales.en.subscription.confirm.invalidText);
    expect(await subscriber("nia@example.org")).toMatchObject({ is_verified: 0 });

    expect((await post("/newsletter", { email: "nia@example.org", source: "footer-newsletter" }, "10.6.8.1")).status).toBe(200);
    await outboxDrained(app);
    const fresh = mailTo().find((mail) => linkIn(mail, "/newsletter/confirm") !== link)!;
    expect((await pressLinkButton(new HttpSession(app.url), linkIn(fresh, "/newsletter/confirm"))).status).toBe(200);
    expect(await subscriber("nia@example.org")).toMatchObject({ is_verified: 1 });
  });
});
