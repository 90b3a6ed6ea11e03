import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { insertSubscriber } from "../support/outbox-fixtures";
import { people } from "../support/people";
import { SAMPLE_EPISODES } from "~/modules/podcast/sample-episodes";
import { SAMPLE_ARTICLE, SAMPLE_EPISODE } from "../support/routes";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { until } from "../support/waiting";

const texts = locales.en.dashboard.issues;

describe.each(dialects)("an article goes out as a newsletter issue, one mail per subscriber in their language, on %s", (dialect) => {
  let smtp: TestSmtpServer;
  const env: Record<string, string> = { NEWSLETTER_BOUNCE_ADDRESS: "bounces@bounces.test", NEWSLETTER_MAILS_PER_MINUTE: "60000", NEWSLETTER_SOFT_BOUNCE_LIMIT: "1" };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp?.close());
  const app = appOnTestDatabase(dialect, env);
  const { signIn, adminInMode } = people(app);
  const db = () => app.services.db;

  it("sends the owner's issue once to each confirmed subscriber, in their language or English, with its own unsubscribe headers and a hard bounce stopping the address", async () => {
    const confirmed = { is_verified: 1, confirmed_at: "2026-01-01T00:00:00.000Z" };
    await insertSubscriber(db(), { email: "ana@example.org", language: "es", ...confirmed });
    await insertSubscriber(db(), { email: "joao@example.org", language: "pt", ...confirmed });
    await insertSubscriber(db(), { email: "amie@example.org", language: "fr", ...confirmed });
    await insertSubscriber(db(), { email: "kofi@example.org", language: "en", ...confirmed });
    await insertSubscriber(db(), { email: "gone@example.org", language: "en", ...confirmed });
    await insertSubscriber(db(), { email: "later@example.org", language: "fr", ...confirmed });
    await insertSubscriber(db(), { email: "unconfirmed@example.org", language: "en", is_verified: 0 });
    await insertSubscriber(db(), { email: "left@example.org", language: "en", ...confirmed, unsubscribed_at: "2026-02-01T00:00:00.000Z" });
    smtp.answer = (recipient) =>
      recipient === "gone@example.org" ? { code: 550, message: "5.1.1 Mailbox does not exist" } : recipient === "later@example.org" ? { code: 451, message: "4.7.1 Try again later" } : undefined;
    const article = await db().selectFrom("articles").select("id").where("slug", "=", SAMPLE_ARTICLE).executeTakeFirstOrThrow();
    // The article has no Portuguese translation: its Portuguese reader gets the English mail.
    await db().deleteFrom("article_translations").where("article_id", "=", article.id).where("language", "=", "pt").execute();

    const reader = await signIn("reader@example.org", "10.31.0.1");
    expect((await reader.post("/admin/newsletter", { article: article.id })).status).toBe(403);

    const owner = await adminInMode("10.31.0.2");
    const created = await owner.post("/admin/newsletter", { article: article.id });
    expect(created.status).toBe(302);
    const issuePath = created.headers.get("location")!;
    expect(issuePath).toMatch(/^\/admin\/newsletter\/[0-9a-f-]{36}$/);
    const page = await (await owner.get(issuePath)).text();
    expect(page).toContain(texts.issue.save);
    // The preheaders start as the summaries, cut to the form's limit: the issue can be saved as it is.
    const stored = await db().selectFrom("newsletter_issues").select("content").where("id", "=", issuePath.split("/").pop()!).executeTakeFirstOrThrow();
    for (const mail of Object.values(JSON.parse(stored.content) as Record<string, { preheader: string }>)) expect([...mail.preheader].length).toBeLessThanOrEqual(200);
    // Who gets which: Spanish 1, French 2, English 3 (two English readers and the Portuguese one).
    expect(page).toMatch(/data-count="es">1 in Español/);
    expect(page).toMatch(/data-count="en">3 in English/);
    expect(page).toMatch(/data-count="all">6 in all/);
    expect(page).not.toContain('data-count="pt"');

    const preview = await owner.get(`${issuePath}/preview?language=es`);
    // Its own policy alone (the site's forbids frames): the issue page may frame it, and nothing in it runs.
    expect(preview.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'; img-src 'self' https: http: data:; style-src 'unsafe-inline'; frame-ancestors 'self'");
    expect(preview.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect(await preview.text()).toContain('lang="es"');
    expect((await reader.get(`${issuePath}/preview?language=es`)).status).toBe(403);

    const form: Array<[string, string]> = [
      ["intent", "send"],
      ["subject_en", "Trade networks: the issue"],
      ["preheader_en", "What AfCFTA changes"],
      ["subject_es", "Redes comerciales: el número"],
      ["preheader_es", ""],
      ["subject_fr", "Réseaux commerciaux : le numéro"],
      ["preheader_fr", ""],
    ];
    const sent = await owner.post(issuePath, form);
    expect(sent.status).toBe(200);
    await until(async () => (await db().selectFrom("newsletter_deliveries").select("status").where("status", "=", "queued").execute()).length === 0 && (await db().selectFrom("newsletter_deliveries").select("status").execute()).length === 6);

    const deliveries = await db().selectFrom("newsletter_deliveries as d").innerJoin("subscribers as s", "s.id", "d.subscriber_id").select(["s.email", "d.status", "d.language"]).execute();
    const byEmail = Object.fromEntries(deliveries.map((row) => [row.email, row]));
    expect(byEmail).toMatchObject({
      "ana@example.org": { status: "sent", language: "es" },
      "joao@example.org": { status: "sent", language: "en" },
      "amie@example.org": { status: "sent", language: "fr" },
      "kofi@example.org": { status: "sent", language: "en" },
      "gone@example.org": { status: "failed" },
      "later@example.org": { status: "deferred" },
    });
    expect(byEmail["unconfirmed@example.org"]).toBeUndefined();
    expect(byEmail["left@example.org"]).toBeUndefined();
    const stopped = await db().selectFrom("subscribers").select(["mail_stopped_reason", "mail_stopped_detail"]).where("email", "=", "gone@example.org").executeTakeFirstOrThrow();
    expect(stopped.mail_stopped_reason).toBe("hard-bounce");
    expect(stopped.mail_stopped_detail).toContain("Mailbox does not exist");

    const mails = await Promise.all(smtp.received.filter((raw) => raw.includes("X-Newsletter-Delivery")).map((raw) => simpleParser(raw)));
    expect(mails).toHaveLength(4);
    // mailparser folds List-* headers into its own shape: the raw lines say what the mail program reads.
    const header = (mail: (typeof mails)[number], name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, "");
    const to = (mail: (typeof mails)[number]) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)!.text;
    expect(mails.map(to).sort()).toEqual(["amie@example.org", "ana@example.org", "joao@example.org", "kofi@example.org"]);
    for (const mail of mails) {
      const subscriber = await db().selectFrom("subscribers").select(["unsubscribe_token", "language"]).where("email", "=", to(mail)).executeTakeFirstOrThrow();
      const mailLanguage = subscriber.language === "pt" ? "en" : subscriber.language;
      const prefix = mailLanguage === "en" ? "" : `/${mailLanguage}`;
      expect(header(mail, "list-unsubscribe")).toBe(`<${app.services.config.appUrl}${prefix}/unsubscribe/${subscriber.unsubscribe_token}>`);
      expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(mail.html).toContain(`${prefix}/unsubscribe/${subscriber.unsubscribe_token}`);
      expect(mail.text).toContain(`${prefix}/unsubscribe/${subscriber.unsubscribe_token}`);
      expect(mail.html).not.toContain("unsubscribe.invalid");
      expect(Buffer.byteLength(mail.html || "")).toBeLessThan(102 * 1024);
      // No tracking: the only image is the article's cover, and links are not counted unless the owner asks.
      expect(mail.html).not.toContain("/newsletter/click/");
      expect((mail.html || "").match(/<img /g)?.length ?? 0).toBeLessThanOrEqual(1);
    }
    const spanish = mails.find((mail) => to(mail) === "ana@example.org")!;
    expect(spanish.subject).toBe("Redes comerciales: el número");
    expect(mails.find((mail) => to(mail) === "joao@example.org")!.subject).toBe("Trade networks: the issue");
    // The bounce address is the envelope sender, where reports come back.
    expect(smtp.received.find((raw) => raw.includes("ana@example.org"))).toMatch(/Return-Path|X-Newsletter-Delivery/);

    // The one-click unsubscribe the headers name works without signing in.
    const ana = await db().selectFrom("subscribers").select("unsubscribe_token").where("email", "=", "ana@example.org").executeTakeFirstOrThrow();
    const oneClick = await fetch(`${app.url}/es/unsubscribe/${ana.unsubscribe_token}`, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) });
    expect(oneClick.status).toBe(200);
    const after = await (await owner.get(issuePath)).text();
    expect(after).toContain('data-figure="all-sent">4<');
    expect(after).toContain('data-figure="all-unsubscribed">1<');

    const audit = await db().selectFrom("audit_log").select("action").where("resource", "=", `newsletter_issue:${issuePath.split("/").pop()}`).execute();
    expect(audit.map((row) => row.action).sort()).toEqual(["newsletter.issue.create", "newsletter.issue.save", "newsletter.issue.schedule"]);
  });

  it("tries a deferred mail again after its wait and, past its tries, counts a soft bounce that stops the address at the limit", async () => {
    const deferred = () => db().selectFrom("newsletter_deliveries as d").innerJoin("subscribers as s", "s.id", "d.subscriber_id").select(["d.status", "d.attempts", "d.issue_id"]).where("s.email", "=", "later@example.org").executeTakeFirstOrThrow();
    expect(await deferred()).toMatchObject({ status: "deferred", attempts: 1 });
    const issue = await db().selectFrom("newsletter_issues").select("status").executeTakeFirstOrThrow();
    expect(issue.status).toBe("sending");
    for (const [minutes, attempts] of [[5, 2], [30, 3]] as const) {
      app.clock.advance(minutes * 60_000 + 1_000);
      await until(async () => (await deferred()).attempts === attempts);
      expect((await deferred()).status).toBe("deferred");
    }
    app.clock.advance(2 * 3_600_000 + 1_000);
    await until(async () => (await deferred()).status === "failed");
    const stopped = await db().selectFrom("subscribers").select(["mail_stopped_reason", "soft_bounces"]).where("email", "=", "later@example.org").executeTakeFirstOrThrow();
    expect(stopped).toMatchObject({ mail_stopped_reason: "soft-bounces", soft_bounces: 1 });
    await until(async () => (await db().selectFrom("newsletter_issues").select("status").executeTakeFirstOrThrow()).status === "sent");
  });

  it("shows the owner why an address gets no more mail, and lets it through again, audited", async () => {
    const owner = await adminInMode("10.31.1.1");
    const list = await (await owner.get("/admin/subscribers")).text();
    expect(list).toContain(locales.en.dashboard.subscribers.mailStop["hard-bounce"]);
    expect(list).toContain("Mailbox does not exist");
    expect(list).toContain('data-mail-stop="soft-bounces"');
    const gone = await db().selectFrom("subscribers").select("id").where("email", "=", "gone@example.org").executeTakeFirstOrThrow();
    const reader = await signIn("reader@example.org", "10.31.1.2");
    expect((await reader.post("/admin/subscribers", { intent: "resume-mail", subscriberId: gone.id })).status).toBe(403);
    expect((await owner.post("/admin/subscribers", { intent: "resume-mail", subscriberId: gone.id })).status).toBe(200);
    const after = await db().selectFrom("subscribers").select(["mail_stopped_reason", "mail_stopped_at"]).where("id", "=", gone.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ mail_stopped_reason: null, mail_stopped_at: null });
    const audit = await db().selectFrom("audit_log").select("action").where("resource", "=", `subscriber:${gone.id}`).execute();
    expect(audit.map((row) => row.action)).toContain("newsletter.subscriber.mail-resumed");
    expect((await owner.post("/admin/subscribers", { intent: "resume-mail", subscriberId: gone.id })).status).toBe(409);
  });

  it("waits for a scheduled time, sends nothing once cancelled, and sends a rescheduled issue at its new time only", async () => {
    smtp.answer = () => undefined;
    const owner = await adminInMode("10.31.2.1");
    const article = await db().selectFrom("articles").select("id").where("slug", "=", SAMPLE_ARTICLE).executeTakeFirstOrThrow();
    const newIssue = async () => (await owner.post("/admin/newsletter", { article: article.id })).headers.get("location")!;
    const local = (date: Date) => date.toISOString().slice(0, 16);
    const subjects = { subject_en: "Later", subject_es: "Más tarde", subject_fr: "Plus tard" };
    const schedule = (path: string, at: Date) => owner.post(path, { intent: "schedule", ...subjects, sendAt: local(at), timezoneOffset: "0" });
    // The header is long enough to be folded: unfolded before it is read.
    const mailsOf = (path: string) => smtp.received.filter((raw) => raw.replace(/\r?\n[ \t]+/g, "").includes(`X-Newsletter-Delivery:${path.split("/").pop()}.`)).length;

    const past = await schedule(await newIssue(), new Date(app.clock.now().getTime() - 60_000));
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("datePast");

    const cancelled = await newIssue();
    expect((await schedule(cancelled, new Date(app.clock.now().getTime() + 3_600_000))).status).toBe(200);
    expect((await owner.post(cancelled, { intent: "cancel" })).status).toBe(200);
    expect((await owner.post(cancelled, { intent: "send", ...subjects })).status).toBe(409);

    const moved = await newIssue();
    expect((await schedule(moved, new Date(app.clock.now().getTime() + 3_600_000))).status).toBe(200);
    expect((await schedule(moved, new Date(app.clock.now().getTime() + 2 * 3_600_000))).status).toBe(200);
    app.clock.advance(3_600_000 + 5_000);
    // The first time has passed: its row runs, finds the time moved, and sends nothing.
    await until(async () => (await db().selectFrom("outbox").select("id").where("topic", "=", "newsletter.issue-send").where("done_at", "is", null).execute()).length === 1);
    expect(mailsOf(moved)).toBe(0);
    app.clock.advance(3_600_000 + 5_000);
    await until(async () => (await db().selectFrom("newsletter_issues").select("status").where("id", "=", moved.split("/").pop()!).executeTakeFirstOrThrow()).status === "sent");
    expect(mailsOf(moved)).toBe(4);
    expect(mailsOf(cancelled)).toBe(0);
    expect((await db().selectFrom("newsletter_issues").select("status").where("id", "=", cancelled.split("/").pop()!).executeTakeFirstOrThrow()).status).toBe("cancelled");
  });

  it("makes an episode an issue too: its description and page in each language it has, its artwork as PNG", async () => {
    const owner = await adminInMode("10.31.3.1");
    const episode = await db().selectFrom("episodes").select(["id", "slug"]).where("slug", "=", SAMPLE_EPISODE).executeTakeFirstOrThrow();
    const created = await owner.post("/admin/newsletter", { episode: episode.id });
    expect(created.status).toBe(302);
    const issuePath = created.headers.get("location")!;
    const spanish = await (await owner.get(`${issuePath}/preview?language=es`)).text();
    expect(spanish).toContain(SAMPLE_EPISODES[0]!.text.es.title.replace(/'/g, "&#x27;"));
    expect(spanish).toContain(`/es/podcast/${episode.slug}`);
    expect(spanish).toMatch(/<img[^>]+src="[^"]*\/podcast\/artwork\/[^"]+\.png"/);
    expect((await owner.post("/admin/newsletter", { episode: "no-such-episode" })).status).toBe(404);
  });

  it("counts clicks on an issue's links through the site's redirect once the owner turns it on, and only on its own signed links", async () => {
    smtp.answer = () => undefined;
    const owner = await adminInMode("10.31.4.1");
    expect((await owner.post("/admin/settings", { intent: "newsletter", senderLine: "", postalAddress: "1 Harbour Road, Dakar", countClicks: "on" })).status).toBe(200);
    const article = await db().selectFrom("articles").select("id").where("slug", "=", SAMPLE_ARTICLE).executeTakeFirstOrThrow();
    const issuePath = (await owner.post("/admin/newsletter", { article: article.id })).headers.get("location")!;
    const issueId = issuePath.split("/").pop()!;
    expect((await owner.post(issuePath, { intent: "send", subject_en: "Counted", subject_es: "Contado", subject_fr: "Compté" })).status).toBe(200);
    const raw = await until(async () => smtp.received.find((message) => message.replace(/\r?\n[ \t]+/g, "").includes(`X-Newsletter-Delivery:${issueId}.`)));
    const mail = await simpleParser(raw);
    expect(mail.html).toContain("1 Harbour Road, Dakar");
    const counted = [...(mail.html || "").matchAll(/href="([^"]*\/newsletter\/click\/[^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
    expect(counted.length).toBeGreaterThan(0);
    // The unsubscribe link is never counted.
    expect(counted.some((link) => link.includes("unsubscribe"))).toBe(false);
    const target = new URL(counted[0]!);
    const local = `${app.url}${target.pathname}${target.search}`;
    for (let click = 0; click < 3; click += 1) {
      const answer = await fetch(local, { redirect: "manual" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(target.searchParams.get("u"));
    }
    const forged = new URL(local);
    forged.searchParams.set("u", "https://elsewhere.example/");
    expect((await fetch(forged, { redirect: "manual" })).status).toBe(404);
    await until(async () => (await (await owner.get(issuePath)).text()).includes("3 clicks"));
  });
});
