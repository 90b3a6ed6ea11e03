import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { startFakeMailerLite, type FakeMailerLite } from "../support/fake-mailerlite";
import { insertSubscriber } from "../support/outbox-fixtures";
import { people } from "../support/people";
import { SAMPLE_ARTICLE } from "../support/routes";
import { until } from "../support/waiting";

const texts = locales.en.dashboard.issues.issue;
const SENDER = "letters@site.example";

describe.each(dialects)("an issue delivered by MailerLite, one campaign per language, on %s", (dialect) => {
  let fake: FakeMailerLite;
  const env: Record<string, string> = { MAIL_FROM: `The Editors <${SENDER}>` };
  beforeAll(async () => {
    fake = await startFakeMailerLite({ verifiedSenders: [SENDER] });
    Object.assign(env, { MAILERLITE_API_KEY: fake.apiKey, MAILERLITE_BASE_URL: fake.url });
  });
  afterAll(() => fake?.close());
  const app = appOnTestDatabase(dialect, env);
  const { adminInMode } = people(app);
  const db = () => app.services.db;
  const confirmed = { is_verified: 1, confirmed_at: "2026-01-01T00:00:00.000Z" };
  const subjects = { subject_en: "Trade networks", subject_es: "Redes comerciales", subject_fr: "Réseaux commerciaux", subject_pt: "Redes comerciais" };

  /** A subscriber synced to the stand-in (the provider's id kept on the row), as Sync leaves them. */
  async function synced(email: string, language: string) {
    const id = String(700_000 + fake.subscribers.size);
    fake.subscribers.set(email, { id, email, fields: {}, groups: [], status: "active", opted_in_at: null, optin_ip: null });
    await insertSubscriber(db(), { email, language, provider_id: id, ...confirmed });
  }

  it("groups each language's synced recipients, sends each group its campaign with the site's HTML, and reads its counts back", async () => {
    await synced("ana@example.org", "es");
    await synced("kofi@example.org", "en");
    await synced("awa@example.org", "en");
    await synced("amie@example.org", "fr");
    await insertSubscriber(db(), { email: "new@example.org", language: "en", ...confirmed });
    const article = await db().selectFrom("articles").select("id").where("slug", "=", SAMPLE_ARTICLE).executeTakeFirstOrThrow();
    const owner = await adminInMode("10.32.0.1");
    const issuePath = (await owner.post("/admin/newsletter", { article: article.id })).headers.get("location")!;
    const page = await (await owner.get(issuePath)).text();
    expect(page).toContain(texts.deliveries.mailerliteHint);

    expect((await owner.post(issuePath, { intent: "send", delivery: "mailerlite", ...subjects })).status).toBe(200);
    const issueId = issuePath.split("/").pop()!;
    const issue = () => db().selectFrom("newsletter_issues").select(["status", "provider_state", "delivery"]).where("id", "=", issueId).executeTakeFirstOrThrow();
    // Three languages have recipients (no Portuguese reader): three campaigns.
    await until(async () => fake.campaigns.size === 3);
    expect((await issue()).delivery).toBe("mailerlite");
    const campaigns = [...fake.campaigns.values()];
    const bySubject = Object.fromEntries(campaigns.map((campaign) => [campaign.email.subject, campaign]));
    expect(Object.keys(bySubject).sort()).toEqual(["Redes comerciales", "Réseaux commerciaux", "Trade networks"]);
    for (const campaign of campaigns) {
      expect(campaign.email.from).toBe(SENDER);
      expect(campaign.email.content).toContain("{$unsubscribe}");
      expect(campaign.email.content).not.toContain("unsubscribe.invalid");
    }
    const members = (subject: string) => [...fake.subscribers.values()].filter((subscriber) => subscriber.groups.some((group) => bySubject[subject]!.groups.includes(String(group)))).map((subscriber) => subscriber.email).sort();
    expect(members("Trade networks")).toEqual(["awa@example.org", "kofi@example.org"]);
    expect(members("Redes comerciales")).toEqual(["ana@example.org"]);
    expect(members("Réseaux commerciaux")).toEqual(["amie@example.org"]);

    // MailerLite sends at once; the site reads the campaigns back a minute later.
    fake.deliverDue();
    app.clock.advance(61_000);
    await until(async () => (await issue()).status === "sent");
    const deliveries = await db().selectFrom("newsletter_deliveries as d").innerJoin("subscribers as s", "s.id", "d.subscriber_id").select(["s.email", "d.status", "d.last_error"]).execute();
    expect(Object.fromEntries(deliveries.map((row) => [row.email, row.status]))).toEqual({
      "ana@example.org": "sent",
      "kofi@example.org": "sent",
      "awa@example.org": "sent",
      "amie@example.org": "sent",
      "new@example.org": "skipped",
    });
    expect(deliveries.find((row) => row.email === "new@example.org")!.last_error).toContain("Sync");
    const after = await (await owner.get(issuePath)).text();
    expect(after).toContain('data-campaign="es"');
    expect(after).toMatch(/2 sent, 0 bounced/);
  });

  it("shows MailerLite's refusal when the account's plan cannot send the site's own HTML", async () => {
    fake.account.customHtmlAllowed = false;
    const article = await db().selectFrom("articles").select("id").where("slug", "=", SAMPLE_ARTICLE).executeTakeFirstOrThrow();
    const owner = await adminInMode("10.32.1.1");
    const issuePath = (await owner.post("/admin/newsletter", { article: article.id })).headers.get("location")!;
    expect((await owner.post(issuePath, { intent: "send", delivery: "mailerlite", ...subjects })).status).toBe(200);
    const issueId = issuePath.split("/").pop()!;
    await until(async () => (await db().selectFrom("newsletter_issues").select("status").where("id", "=", issueId).executeTakeFirstOrThrow()).status === "failed");
    const page = await (await owner.get(issuePath)).text();
    expect(page).toContain("MailerLite refused this issue");
    fake.account.customHtmlAllowed = true;
  });
});
