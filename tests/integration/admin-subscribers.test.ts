import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SubscribersTable } from "~/adapters/db/schema";
import { locales } from "~/i18n/locales";
import { CSV_BATCH_SIZE, SEARCH_COUNT_LIMIT, SUBSCRIBER_PAGE_SIZE } from "~/modules/newsletter/subscriber-admin.server";
import { appOnTestDatabase } from "../support/app-server";
import { csvDownloadLines } from "../support/csv-download";
import { dialects } from "../support/databases";
import { startFakeMailerLite, type FakeMailerLite } from "../support/fake-mailerlite";
import { HttpSession } from "../support/http-session";
import { people } from "../support/people";
import { insertSubscriber, subscriberRow } from "../support/outbox-fixtures";

// Longer than most files: the Subscriber Management page on both databases, its refusals for each
// kind of visitor (list, sync, export), the list, search and pages, the CSV and the sync against a
// local MailerLite, and a second app without MAILERLITE_API_KEY for the failure messages.

const en = locales.en.dashboard.subscribers;
const refused = locales.en.admin.refused;
const rendered = async (response: Response) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const DAY = 86_400_000;
const daysAgo = (days: number, extraMs = 0) => new Date(Date.now() - days * DAY + extraMs).toISOString();

describe.each(dialects)("subscriber management on %s", (dialect) => {
  let fake: FakeMailerLite;
  // Filled before the app starts (hooks run in order), so the app talks to the local MailerLite.
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeMailerLite();
    Object.assign(env, { MAILERLITE_API_KEY: fake.apiKey, MAILERLITE_BASE_URL: fake.url });
  });
  afterAll(() => fake?.close());
  const app = appOnTestDatabase(dialect, env);
  const { signIn, adminInMode } = people(app);
  const db = () => app.services.db;
  const count = async (table: "audit_log" | "security_events") => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const audit = (action: string) => db().selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("timestamp").execute();
  const lastEvent = () => db().selectFrom("security_events").selectAll().orderBy("timestamp", "desc").limit(1).executeTakeFirstOrThrow();
  /** The security events a request wrote. A form posted without JavaScript is refused twice: the action, then the page's loader. */
  async function eventsOf(request: () => Promise<Response>) {
    const before = new Set((await db().selectFrom("security_events").select("id").execute()).map((row) => row.id));
    const response = await request();
    const events = (await db().selectFrom("security_events").selectAll().execute()).filter((row) => !before.has(row.id));
    return { response, events: events.map((event) => ({ ...event, details: JSON.parse(event.details) as Record<string, unknown> })) };
  }
  // Addresses in the list are written with a break opportunity before the @.
  const emailsIn = (html: string) => [...html.matchAll(/([\w.+-]+)<wbr\/>(@[\w.-]+)/g)].map((match) => `${match[1]}${match[2]}`);

  it("shows 'No subscribers yet' and zero counts before anyone signs up", async () => {
    const owner = await adminInMode("10.7.0.1");
    const html = await rendered(await owner.get("/admin/subscribers"));
    expect(html).toContain(en.empty);
    expect(html).toContain(en.count.replace("{number}", "0"));
    expect(html).toContain(en.sourcesEmpty);
  });

  describe("refusals", () => {
    it("asks anonymous visitors to sign in: list, sync and export, each logged", async () => {
      await insertSubscriber(db(), { email: "secret@example.org" });
      const visitor = new HttpSession(app.url, "10.7.1.1");
      const list = await visitor.get("/admin/subscribers");
      expect(list.status).toBe(401);
      expect(list.headers.get("cache-control")).toBe("private, no-store");
      const page = await rendered(list);
      expect(page).toContain(`>${en.refused.signedOut}<`);
      expect(page).toContain('href="/sign-in"');
      expect(page).not.toContain("secret@example.org");
      expect(await lastEvent()).toMatchObject({ event_type: "admin.refused.signedOut", severity: "low", ip_address: "10.7.1.1" });
      expect(JSON.parse((await lastEvent()).details)).toEqual({ resource: "/admin/subscribers", message: "Authentication required to access subscriber data" });

      // A second refusal of the same kind from the same visitor within the hour is counted into its row.
      const again = await eventsOf(() => visitor.get("/admin/subscribers"));
      expect(again.events).toEqual([]);
      expect(await lastEvent()).toMatchObject({ event_type: "admin.refused.signedOut", ip_address: "10.7.1.1", count: 2 });

      // So the sync's own message is read from a visitor on another network.
      const syncing = new HttpSession(app.url, "10.7.1.3");
      const sync = await eventsOf(() => syncing.post("/admin/subscribers", { intent: "sync" }));
      expect(sync.response.status).toBe(401);
      expect(await rendered(sync.response)).toContain(escaped(en.sync.refused.signedOut));
      expect(sync.events.map((event) => event.details)).toContainEqual({ resource: "/admin/subscribers", message: "Sync requires admin user and backend configuration" });

      const csv = await visitor.get("/admin/subscribers.csv");
      expect(csv.status).toBe(401);
      expect(csv.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(csv.headers.get("content-disposition")).toBeNull();
      expect(await csv.text()).toBe(`${en.exportRefused.signedOut.title}\n${en.exportRefused.signedOut.text}\n`);
      expect(await audit("export_subscribers")).toEqual([]);
      expect(fake.calls).toEqual([]);
    });

    it("refuses a signed-in reader with its words and a high security event each time", async () => {
      const reader = await signIn("reader@example.org", "10.7.1.2");
      const auditBefore = await count("audit_log");
      const attempts = [
        { request: () => reader.get("/admin/subscribers"), text: escaped(en.refused.denied), message: "Unauthorized access to subscriber data" },
        { request: () => reader.post("/admin/subscribers", { intent: "sync" }), text: escaped(en.sync.refused.denied), message: "Admin access required for sync operation" },
        { request: () => reader.get("/admin/subscribers.csv"), text: "Access Denied\nAdmin privileges required for this action.\n", message: "Admin privileges required for this action." },
      ];
      for (const { request, text, message } of attempts) {
        const { response, events } = await eventsOf(request);
        expect(response.status, message).toBe(403);
        const body = await rendered(response);
        expect(body, message).toContain(text);
        expect(body).not.toContain("secret@example.org");
        expect(events.length, message).toBeGreaterThan(0);
        for (const event of events) expect(event).toMatchObject({ event_type: "admin.refused.denied", severity: "high", ip_address: "10.7.1.2" });
        expect(events.map((event) => event.details.message)).toContain(message);
      }
      expect(en.refused.denied).toBe("Access denied – You don't have permission to view subscriber data.");
      expect(en.exportRefused.denied).toEqual({ title: "Access Denied", text: "Admin privileges required for this action." });
      expect(await count("audit_log")).toBe(auditBefore);
      expect(fake.calls).toEqual([]);
    });

    it("sends an admin without admin mode to verify first, for the list, the sync and the export", async () => {
      const owner = await signIn("owner@example.org", "10.7.1.3");
      const list = await owner.get("/admin/subscribers");
      expect(list.status).toBe(403);
      expect(await rendered(list)).toContain(escaped(refused.verify));
      const sync = await owner.post("/admin/subscribers", { intent: "sync" });
      expect(sync.status).toBe(403);
      expect(await rendered(sync)).toContain(escaped(en.sync.refused.verify));
      const csv = await owner.get("/admin/subscribers.csv");
      expect(csv.status).toBe(403);
      expect(await csv.text()).toContain(en.exportRefused.verify.title);
      expect(fake.calls).toEqual([]);
      await db().deleteFrom("subscribers").execute();
    });
  });

  describe("the list", () => {
    beforeAll(async () => {
      const rows: Array<Partial<SubscribersTable> & { email: string }> = [
        { email: "ada.obi@example.org", first_name: "Ada", last_name: "Obi", source: "subscribe-page", created_at: daysAgo(1) },
        { email: "elodie@example.fr", first_name: "Élodie", last_name: "N'Diaye", source: "subscribe-page", created_at: daysAgo(2) },
        { email: "kwame@example.com", source: "footer-newsletter", created_at: daysAgo(3), is_verified: 0 },
        { email: "gone@example.com", source: "newsletter-section", created_at: daysAgo(4), is_verified: 0, unsubscribed_at: daysAgo(1) },
        { email: "obinna@example.com", first_name: "Obinna", last_name: "Mensah", source: "updates-page", created_at: daysAgo(40) },
        { email: "xss@example.com", first_name: "<img src=x onerror=alert(1)>", last_name: "Smith", source: "blog-related", created_at: daysAgo(50) },
      ];
      for (const row of rows) await insertSubscriber(db(), row);
    });

    it("lists newest first with status, counts, growth and sources, and audits the view", async () => {
      const owner = await adminInMode("10.7.2.1");
      const before = (await audit("view_subscribers")).length;
      const response = await owner.get("/admin/subscribers");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const html = await rendered(response);
      expect(html).toContain(`<title>${en.title} - Diaspora Policy</title>`);
      expect(emailsIn(html)).toEqual(["ada.obi@example.org", "elodie@example.fr", "kwame@example.com", "gone@example.com", "obinna@example.com", "xss@example.com"]);
      for (const status of Object.values(en.status)) expect(html).toContain(status);
      expect(html).toContain(en.count.replace("{number}", "6"));
      // The counts: 6 in all, 3 confirmed, 1 waiting, 1 unsubscribed… and the XSS row is confirmed too.
      expect(html).toMatch(new RegExp(`${en.counts.confirmed}</dt><dd[^>]*>4<`));
      expect(html).toMatch(new RegExp(`${en.counts.waiting}</dt><dd[^>]*>1<`));
      expect(html).toMatch(new RegExp(`${en.counts.unsubscribed}</dt><dd[^>]*>1<`));
      expect(html).toContain(`${en.sources["subscribe-page"]}</span><span class="shrink-0 text-sm text-muted tabular-nums">2<!-- --> (<!-- -->33%`);
      // The table of the growth chart: this month and the one before hold the sign-ups of the last days.
      const monthCells = [...html.matchAll(/<th scope="row"[^>]*>([^<]+)<\/th><td[^>]*>(\d+)<\/td>/g)].map((match) => Number(match[2]));
      expect(monthCells).toHaveLength(12);
      expect(monthCells.reduce((sum, value) => sum + value, 0)).toBe(6);
      const views = await audit("view_subscribers");
      expect(views).toHaveLength(before + 1);
      expect(views.at(-1)).toMatchObject({ resource: "subscribers", ip_address: "10.7.2.1" });
      expect(JSON.parse(views.at(-1)!.details)).toEqual({ page: 1, searched: false, matches: 6 });
    });

    it("shows a name that looks like HTML as text", async () => {
      const owner = await adminInMode("10.7.2.2");
      const html = await rendered(await owner.get("/admin/subscribers?q=smith"));
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(html).not.toContain("<img src=x");
    });

    it("searches email, first and last name anywhere (from the start under three characters), in any case and without accents", async () => {
      const owner = await adminInMode("10.7.2.3");
      const found = async (query: string) => {
        const response = await owner.get(`/admin/subscribers?q=${encodeURIComponent(query)}`);
        expect(response.status, query).toBe(200);
        return emailsIn(await rendered(response));
      };
      expect(await found("ADA")).toEqual(["ada.obi@example.org"]);
      expect(await found("obi")).toEqual(["ada.obi@example.org", "obinna@example.com"]);
      expect(await found("ELODIE")).toEqual(["elodie@example.fr"]);
      expect(await found("élo")).toEqual(["elodie@example.fr"]);
      expect(await found("n'di")).toEqual(["elodie@example.fr"]);
      expect(await found("Kwame@Example")).toEqual(["kwame@example.com"]);
      expect(await found("ada obi")).toEqual(["ada.obi@example.org"]);
      expect(await found("mensah")).toEqual(["obinna@example.com"]);
      // Three characters or more are found anywhere; fewer, at the start only.
      expect(await found("example.org")).toEqual(["ada.obi@example.org"]);
      expect(await found("diaye")).toEqual(["elodie@example.fr"]);
      expect(await found("bi")).toEqual([]);
      const none = await rendered(await owner.get("/admin/subscribers?q=zzz"));
      expect(none).toContain(en.noMatch);
      expect(none).toContain(en.matches.replace("{query}", "zzz").replace("{number}", "0"));
      const views = await audit("view_subscribers");
      expect(JSON.parse(views.at(-1)!.details)).toEqual({ page: 1, searched: true, matches: 0 });
      const tooLong = await owner.get(`/admin/subscribers?q=${"a".repeat(255)}`);
      expect(tooLong.status).toBe(400);
      expect(await rendered(tooLong)).toContain(locales.en.dashboard.filters.errors.tooLong);
      expect((await owner.get("/es/admin/subscribers?page=0")).status).toBe(400);
    });

    it("pages 25 at a time, newest first, keeping the search in the links", async () => {
      const many = Array.from({ length: 30 }, (_, index) => ({ email: `page${String(index).padStart(2, "0")}@paging.example`, created_at: daysAgo(60, index * 1000) }));
      for (const row of many) await insertSubscriber(db(), row);
      const owner = await adminInMode("10.7.2.4");
      const first = await rendered(await owner.get("/admin/subscribers?q=page"));
      expect(emailsIn(first)).toEqual(many.map((row) => row.email).reverse().slice(0, SUBSCRIBER_PAGE_SIZE));
      expect(first).toContain("Page 1 of 2");
      expect(first).toContain('href="/admin/subscribers?q=page&amp;page=2"');
      const second = await rendered(await owner.get("/admin/subscribers?q=page&page=2"));
      expect(emailsIn(second)).toEqual(["page04@paging.example", "page03@paging.example", "page02@paging.example", "page01@paging.example", "page00@paging.example"]);
      // A page past the end shows the last one; pages without a search leave out the overview.
      expect(emailsIn(await rendered(await owner.get("/admin/subscribers?q=page&page=9")))).toHaveLength(5);
      const plain = await rendered(await owner.get("/admin/subscribers?page=2"));
      expect(plain).not.toContain(en.overviewTitle);
      expect(plain).toContain(en.count.replace("{number}", "36"));
      await db().deleteFrom("subscribers").where("email", "like", "%@paging.example").execute();
    });
  });

  describe("the CSV export", () => {
    it("streams the confirmed subscribers as subscribers.csv, newest first, formulas neutralised, and audits it", async () => {
      await insertSubscriber(db(), { email: "formula@example.org", first_name: "=HYPERLINK(\"http://evil.example\")", last_name: "+cmd|' /C calc'!A0", source: "@SUM(1)", created_at: daysAgo(0.5) });
      const owner = await adminInMode("10.7.3.1");
      const response = await owner.get("/admin/subscribers.csv");
      const lines = await csvDownloadLines(response, "subscribers.csv");
      expect(lines[0]).toBe("Email,First Name,Last Name,Subscription Source,Date");
      const stored = await db().selectFrom("subscribers").select(["email", "created_at"]).execute();
      const at = (email: string) => stored.find((row) => row.email === email)!.created_at;
      expect(lines.slice(1)).toEqual([
        `formula@example.org,"'=HYPERLINK(""http://evil.example"")",'+cmd|' /C calc'!A0,'@SUM(1),${at("formula@example.org")}`,
        `ada.obi@example.org,Ada,Obi,subscribe-page,${at("ada.obi@example.org")}`,
        `elodie@example.fr,Élodie,N'Diaye,subscribe-page,${at("elodie@example.fr")}`,
        `obinna@example.com,Obinna,Mensah,updates-page,${at("obinna@example.com")}`,
        `xss@example.com,<img src=x onerror=alert(1)>,Smith,blog-related,${at("xss@example.com")}`,
        "",
      ]);
      const exports = await audit("export_subscribers");
      expect(exports).toHaveLength(1);
      expect(exports[0]).toMatchObject({ resource: "subscribers", ip_address: "10.7.3.1" });
      expect(JSON.parse(exports[0]!.details)).toEqual({ rows: 5 });
    });

    it("reads past several batches without losing or repeating rows that share a date", async () => {
      const stamp = daysAgo(200);
      // Past two CSV batches, and past the search count limit for the "more than" wording.
      const total = Math.max(CSV_BATCH_SIZE * 2, SEARCH_COUNT_LIMIT) + 7;
      for (let from = 0; from < total; from += 500) {
        const rows = Array.from({ length: Math.min(500, total - from) }, (_, offset) =>
          subscriberRow({
            email: `bulk${from + offset}@bulk.example`,
            // Three dates only: whole batches of ties, ordered by id.
            created_at: (from + offset) % 3 === 0 ? stamp : daysAgo(201 + ((from + offset) % 3)),
            confirmed_at: stamp,
          }),
        );
        await db().insertInto("subscribers").values(rows).execute();
      }
      const owner = await adminInMode("10.7.3.2");
      const text = await (await owner.get("/admin/subscribers.csv")).text();
      const bulk = text.split("\r\n").filter((line) => line.includes("@bulk.example"));
      expect(bulk).toHaveLength(total);
      expect(new Set(bulk).size).toBe(total);
      const dates = bulk.map((line) => line.split(",")[4]!);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(JSON.parse((await audit("export_subscribers")).at(-1)!.details)).toEqual({ rows: total + 5 });

      // A broad search counts up to its limit, and still shows the newest first.
      const broad = await rendered(await owner.get("/admin/subscribers?q=bulk"));
      expect(broad).toContain(en.matchesMore.replace("{query}", "bulk").replace("{number}", SEARCH_COUNT_LIMIT.toLocaleString("en-US")));
      expect(broad).toContain("Page 1 of 400");
      await db().deleteFrom("subscribers").where("email", "like", "%@bulk.example").execute();
    });
  });

  describe("sync", () => {
    it("queues only confirmed subscribers at once, answers how many are on their way, audits it, and the outbox sends them", async () => {
      const owner = await adminInMode("10.7.4.1");
      fake.failNext([{ status: 422, body: { message: "The given data was invalid." } }], { method: "POST", path: "/batch" });
      const response = await owner.post("/admin/subscribers", { intent: "sync" });
      expect(response.status).toBe(200);
      const html = await rendered(response);
      expect(html).toContain(en.sync.started);
      expect(html).toContain(en.sync.queued.replace("{confirmed}", "5"));
      // The list is shown again with the answer (without JavaScript the page itself reloads).
      expect(emailsIn(html)).toContain("ada.obi@example.org");
      const syncs = await audit("sync_mailerlite");
      expect(syncs).toHaveLength(1);
      expect(syncs[0]).toMatchObject({ resource: "subscribers", ip_address: "10.7.4.1" });
      expect(JSON.parse(syncs[0]!.details)).toEqual({ confirmed: 5, queued: 5 });
      // The worker sends them in the background: the first batch is refused as a whole and given up,
      // so a second Sync sends them all.
      await expect.poll(async () => (await db().selectFrom("outbox").select("id").where("topic", "=", "newsletter.provider-upsert").where("done_at", "is", null).execute()).length).toBe(0);
      await owner.post("/admin/subscribers", { intent: "sync" });
      const confirmed = ["ada.obi@example.org", "elodie@example.fr", "formula@example.org", "obinna@example.com", "xss@example.com"];
      await expect.poll(() => fake.subscribers.size).toBe(5);
      expect([...fake.subscribers.keys()].sort()).toEqual(confirmed);
      expect(fake.subscribers.has("kwame@example.com")).toBe(false);
      expect(fake.subscribers.has("gone@example.com")).toBe(false);
      const bad = await owner.post("/admin/subscribers", { intent: "drop" });
      expect(bad.status).toBe(400);
      expect(await rendered(bad)).toContain(escaped(en.sync.invalid));
    });

    it("says 'Sync operation failed. Please try again.' when the sync itself fails", async () => {
      const owner = await adminInMode("10.7.4.3");
      await sql`alter table subscribers rename to subscribers_away`.execute(db());
      try {
        const response = await owner.post("/admin/subscribers", { intent: "sync" });
        expect(response.status).toBe(500);
        expect(await rendered(response)).toContain(en.sync.failed);
      } finally {
        await sql`alter table subscribers_away rename to subscribers`.execute(db());
      }
    });

    it("counts the confirmed subscribers on the dashboard card", async () => {
      const owner = await adminInMode("10.7.4.2");
      const html = await rendered(await owner.get("/admin"));
      expect(html).toContain('href="/admin/subscribers"');
      expect(html).toContain(locales.en.dashboard.cards.subscribers.confirmed.replace("{number}", "5"));
      expect(html).toContain(locales.en.dashboard.cards.subscribers.waiting.replace("{number}", "1"));
    });
  });
});

describe.each(dialects)("subscriber management without MAILERLITE_API_KEY, on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { adminInMode } = people(app);

  it("answers the sync with 'API key not configured' and writes no audit row", async () => {
    await insertSubscriber(app.services.db, { email: "one@example.org" });
    const owner = await adminInMode("10.7.5.1");
    const response = await owner.post("/fr/admin/subscribers", { intent: "sync" });
    expect(response.status).toBe(503);
    expect(await rendered(response)).toContain(escaped(locales.fr.dashboard.subscribers.sync.notConfigured));
    expect(en.sync.notConfigured).toBe("API key not configured");
    expect(await app.services.db.selectFrom("audit_log").select("id").where("action", "=", "sync_mailerlite").execute()).toEqual([]);
  });

  it("says 'Failed to fetch subscribers' with an empty list when the database fails", async () => {
    const owner = await adminInMode("10.7.5.2");
    await sql`alter table subscribers rename to subscribers_away`.execute(app.services.db);
    try {
      const list = await owner.get("/admin/subscribers");
      expect(list.status).toBe(500);
      const html = await rendered(list);
      expect(html).toContain(en.errors.fetchFailed);
      expect(html).not.toContain("one@example.org");
    } finally {
      await sql`alter table subscribers_away rename to subscribers`.execute(app.services.db);
    }
    expect((await owner.get("/admin/subscribers")).status).toBe(200);
  });
});
