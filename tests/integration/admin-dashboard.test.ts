import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Severity } from "~/adapters/db/schema";
import { locales } from "~/i18n/locales";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { AUDIT_PAGE_SIZE, queryAuditLog } from "~/modules/audit/audit-log.server";
import { appOnTestDatabase } from "../support/app-server";
import { csvDownloadLines } from "../support/csv-download";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { securityEventTotal } from "../support/security-events";

// Longer than most files: one app per dialect serves the four admin pages, their access rules
// (anonymous, reader, admin without admin mode, admin in admin mode) and every moderation change.

const PASSWORD = "correct horse battery";
const en = locales.en.dashboard;
const refused = locales.en.admin.refused;
// The page's strings also travel in its hydration data; assertions look at what is rendered.
const rendered = async (response: Response) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
// Text only, for names the page lets wrap after their dots (<wbr> between spans).
const textOf = (html: string) => html.replace(/<[^>]+>/g, "");
const escaped = (text: string) => text.replace(/'/g, "&#x27;");

const PAGES = ["/admin/audit-log", "/admin/audit-log.csv", "/admin/security-events", "/admin/moderation"];
const DAY = 86_400_000;
// Seeded rows sit on whole UTC days well inside the retention window.
const today = new Date(new Date().toISOString().slice(0, 10) + "T00:00:00.000Z").getTime();
const dayString = (daysAgo: number) => new Date(today - daysAgo * DAY).toISOString().slice(0, 10);
const at = (daysAgo: number, hour: number) => new Date(today - daysAgo * DAY + hour * 3_600_000).toISOString();

describe.each(dialects)("admin dashboard pages on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  let ownerId = "";
  let readerId = "";
  const system = { userId: null, sessionId: null, ip: "test", userAgent: null };

  beforeAll(async () => {
    await createOrPromoteAdmin(app.services, { email: "owner@example.org", password: PASSWORD }, system, new Date());
    await createOrPromoteAdmin(app.services, { email: "reader@example.org", password: PASSWORD }, system, new Date());
    await db().updateTable("user").set({ role: "user" }).where("email", "=", "reader@example.org").execute();
    const users = await db().selectFrom("user").select(["id", "email"]).execute();
    ownerId = users.find((user) => user.email === "owner@example.org")!.id;
    readerId = users.find((user) => user.email === "reader@example.org")!.id;
  });

  const db = () => app.services.db;
  const auditRows = (action?: string) => {
    const query = db().selectFrom("audit_log").selectAll();
    return (action ? query.where("action", "=", action) : query).execute();
  };
  const count = async (table: "audit_log" | "security_events" | "comments" | "contact_messages") =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  async function signIn(email: string, ip: string): Promise<HttpSession> {
    const session = new HttpSession(app.url, ip);
    expect((await session.post("/sign-in", { email, password: PASSWORD })).status).toBe(302);
    return session;
  }
  async function adminInMode(ip: string): Promise<HttpSession> {
    const owner = await signIn("owner@example.org", ip);
    expect((await owner.post("/admin", { intent: "verify" })).status).toBe(200);
    return owner;
  }
  async function addComment(name: string, body: string, status: "pending" | "approved" = "pending", createdAt = new Date().toISOString()) {
    const id = randomUUID();
    await db().insertInto("comments").values({ id, page: "about", name, body, language: "en", status, created_at: createdAt, moderated_at: null }).execute();
    // Stored here without a form, so the page cache is told as the admin's form would tell it.
    await app.services.pageChanges.changed(["settings"], new Date());
    return id;
  }
  async function addMessage(name: string, message: string, createdAt = new Date().toISOString()) {
    const id = randomUUID();
    await db()
      .insertInto("contact_messages")
      .values({ id, name, email: "ama@example.org", topic: "press", message, language: "fr", status: "new", created_at: createdAt, mailed_at: null })
      .execute();
    return id;
  }

  describe("access", () => {
    it("answers 401 to anonymous visitors, with the translated refusal and a sign-in link, and an empty CSV body", async () => {
      const visitor = new HttpSession(app.url, "10.6.0.1");
      for (const path of PAGES) {
        const response = await visitor.get(path);
        expect(response.status, path).toBe(401);
        expect(response.headers.get("cache-control"), path).toBe("private, no-store");
        if (path.endsWith(".csv")) {
          expect(await response.text()).toBe("");
          continue;
        }
        const html = await rendered(response);
        expect(html, path).toContain(escaped(refused.signedOut));
        expect(html, path).toContain('href="/sign-in"');
      }
      const french = await rendered(await visitor.get("/fr/admin/moderation"));
      expect(french).toContain(escaped(locales.fr.admin.refused.signedOut));
      expect(french).toContain('href="/fr/sign-in"');
    });

    it("answers 403 to a signed-in reader and writes a high security event for each attempt", async () => {
      const reader = await signIn("reader@example.org", "10.6.0.2");
      for (const path of PAGES) {
        const before = await count("security_events");
        const response = await reader.get(path);
        expect(response.status, path).toBe(403);
        if (!path.endsWith(".csv")) expect(await rendered(response), path).toContain(escaped(refused.denied));
        else expect(await response.text()).toBe("");
        const events = await db().selectFrom("security_events").selectAll().where("user_id", "=", readerId).orderBy("timestamp", "desc").execute();
        expect(await count("security_events"), path).toBe(before + 1);
        expect(events[0]).toMatchObject({ severity: "high", event_type: "admin.refused.denied", ip_address: "10.6.0.2" });
        expect(JSON.parse(events[0]!.details)).toEqual({ resource: path });
      }
    });

    it("answers 403 to an admin who has not verified admin mode, with a link to verify on the dashboard", async () => {
      const owner = await signIn("owner@example.org", "10.6.0.3");
      for (const path of PAGES) {
        const response = await owner.get(path);
        expect(response.status, path).toBe(403);
        if (path.endsWith(".csv")) continue;
        const html = await rendered(response);
        expect(html, path).toContain(escaped(refused.verify));
        expect(html, path).toContain(`href="/admin"`);
        expect(html, path).toContain(en.refusal.verify);
      }
    });

    it("refuses every moderation action without admin mode and writes nothing", async () => {
      const comment = await addComment("Kofi", "refused-action-comment");
      const message = await addMessage("Efua", "refused-action-message");
      const visitors = [
        { who: new HttpSession(app.url, "10.6.0.4"), status: 401 },
        { who: await signIn("reader@example.org", "10.6.0.5"), status: 403 },
        { who: await signIn("owner@example.org", "10.6.0.6"), status: 403 },
      ];
      const attempts: Array<Record<string, string>> = [
        { intent: "approve-comment", id: comment },
        { intent: "delete-comment", id: comment, confirm: "yes" },
        { intent: "handle-message", id: message },
        { intent: "delete-message", id: message, confirm: "yes" },
      ];
      for (const { who, status } of visitors) {
        for (const fields of attempts) {
          const audit = await count("audit_log");
          // Repeats from one visitor are counted into one row, so the events are summed, not the rows.
          const events = await securityEventTotal(db());
          const response = await who.post("/admin/moderation", fields);
          expect(response.status, `${fields.intent} as ${status}`).toBe(status);
          expect(await count("audit_log")).toBe(audit);
          expect(await securityEventTotal(db())).toBeGreaterThan(events);
        }
      }
      expect(await db().selectFrom("comments").select("status").where("id", "=", comment).executeTakeFirst()).toEqual({ status: "pending" });
      expect(await db().selectFrom("contact_messages").select("status").where("id", "=", message).executeTakeFirst()).toEqual({ status: "new" });
    });
  });

  describe("audit log", () => {
    const seeded = (action: string, daysAgo: number, hour: number, extra: Partial<{ user_id: string | null; resource: string; user_agent: string | null; details: string }> = {}) => ({
      id: randomUUID(),
      user_id: null,
      action,
      resource: `seed:${action}:${daysAgo}:${hour}`,
      details: "{}",
      ip_address: "192.0.2.9",
      user_agent: "seed agent",
      session_id: null,
      timestamp: at(daysAgo, hour),
      ...extra,
    });

    beforeAll(async () => {
      await db()
        .insertInto("audit_log")
        .values([
          seeded("test.alpha", 10, 0, { user_id: ownerId }),
          seeded("test.alpha", 9, 23, { user_id: readerId }),
          seeded("test.beta", 8, 12, { user_id: ownerId }),
          seeded("test.beta", 7, 0),
          seeded("test.formula", 6, 6, { user_id: ownerId, resource: "=HYPERLINK(\"http://evil.example\",\"x\")", user_agent: "+cmd|' /C calc'!A0", details: '{"note":"@SUM(1,2)"}' }),
        ])
        .execute();
    });

    it("lists the entries newest first for an admin in admin mode, and records the view", async () => {
      const owner = await adminInMode("10.6.1.1");
      const response = await owner.get("/admin/audit-log");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const html = await rendered(response);
      expect(html).toContain(`<title>${en.auditLog.title} - Diaspora Policy</title>`);
      const seeds = [...html.matchAll(/seed:(test\.\w+:\d+:\d+)/g)].map((match) => match[1]);
      expect(seeds).toEqual(["test.beta:7:0", "test.beta:8:12", "test.alpha:9:23", "test.alpha:10:0"]);
      // Reader-written text is shown escaped, and the newest seeded entry comes first.
      const formula = html.indexOf("=HYPERLINK(&quot;http://evil.example&quot;");
      expect(formula).toBeGreaterThan(0);
      expect(formula).toBeLessThan(html.indexOf("seed:test.beta:7:0"));
      expect(html).toContain("owner@example.org");
      const views = await auditRows("admin.audit_viewed");
      expect(views).toHaveLength(1);
      expect(views[0]).toMatchObject({ user_id: ownerId, resource: "audit_log", ip_address: "10.6.1.1" });
      expect(views[0]!.session_id).toBeTruthy();
    });

    it("narrows by action, by actor (id or email) and by inclusive UTC days", async () => {
      const owner = await adminInMode("10.6.1.2");
      const seeds = async (query: string) => {
        const response = await owner.get(`/admin/audit-log?${query}`);
        expect(response.status, query).toBe(200);
        return [...(await rendered(response)).matchAll(/seed:(test\.\w+:\d+:\d+)/g)].map((match) => match[1]);
      };
      expect(await seeds("action=test.alpha")).toEqual(["test.alpha:9:23", "test.alpha:10:0"]);
      expect(await seeds(`actor=${readerId}`)).toEqual(["test.alpha:9:23"]);
      expect(await seeds("actor=Reader%40Example.org")).toEqual(["test.alpha:9:23"]);
      expect(await seeds(`actor=owner%40example.org&action=test.beta`)).toEqual(["test.beta:8:12"]);
      // From the first instant of `from` to the last of `to`, in UTC.
      expect(await seeds(`from=${dayString(9)}&to=${dayString(8)}`)).toEqual(["test.beta:8:12", "test.alpha:9:23"]);
      expect(await seeds(`from=${dayString(10)}&to=${dayString(10)}&action=test.alpha`)).toEqual(["test.alpha:10:0"]);
      const none = await rendered(await owner.get("/admin/audit-log?action=no.such.action"));
      expect(none).toContain(en.list.empty);
      const views = await auditRows("admin.audit_viewed");
      const emailView = views.map((row) => JSON.parse(row.details)).find((details) => "actorEmail" in details);
      expect(emailView).toMatchObject({ actorEmail: "[redacted]" });
    });

    it("offers the recorded actions in the filter and pages 50 entries at a time", async () => {
      const { db: database } = app.services;
      const many = Array.from({ length: 55 }, (_, index) => seeded("test.many", 20, 0, { resource: `many-${index}` }));
      many.forEach((row, index) => (row.timestamp = new Date(today - 20 * DAY + index * 1000).toISOString()));
      await database.insertInto("audit_log").values(many).execute();
      const filters = { action: "test.many", actor: null, from: null, to: null };
      const first = await queryAuditLog(database, filters, 1);
      expect(first).toMatchObject({ total: 55, page: 1, pageCount: 2 });
      expect(first.items).toHaveLength(AUDIT_PAGE_SIZE);
      expect(first.items[0]!.resource).toBe("many-54");
      const second = await queryAuditLog(database, filters, 2);
      expect(second.items.map((item) => item.resource)).toEqual(["many-4", "many-3", "many-2", "many-1", "many-0"]);
      expect((await queryAuditLog(database, filters, 9)).page).toBe(2);

      const owner = await adminInMode("10.6.1.3");
      const html = await rendered(await owner.get("/admin/audit-log?action=test.many&page=2"));
      expect(html).toContain('<option value="test.many" selected="">test.many</option>');
      expect(html).toContain("Page 2 of 2");
      expect(html).toContain('href="/admin/audit-log?action=test.many&amp;page=1"');
      expect(html.match(/many-\d+/g)).toHaveLength(5);
    });

    it("answers bad filters with a translated 400, never a 500", async () => {
      const owner = await adminInMode("10.6.1.4");
      const cases = [
        ["/admin/audit-log?from=2026-02-30", en.filters.errors.invalidDate],
        ["/admin/audit-log?from=2026-02-02&to=2026-02-01", en.filters.errors.dateOrder],
        ["/admin/audit-log?page=zero", en.filters.errors.invalidPage],
        [`/admin/audit-log?actor=${"x".repeat(300)}`, en.filters.errors.tooLong],
        ["/es/admin/audit-log?to=ayer", locales.es.dashboard.filters.errors.invalidDate],
        ["/admin/security-events?severity=extreme", en.filters.errors.invalidSeverity],
        ["/fr/admin/security-events?page=-2", locales.fr.dashboard.filters.errors.invalidPage],
        ["/admin/moderation?page=0", en.filters.errors.invalidPage],
      ] as const;
      for (const [path, message] of cases) {
        const response = await owner.get(path);
        expect(response.status, path).toBe(400);
        expect(await rendered(response), path).toContain(escaped(message));
      }
      const csv = await owner.get("/pt/admin/audit-log.csv?from=31-01-2026");
      expect(csv.status).toBe(400);
      expect(await csv.text()).toBe(locales.pt.dashboard.filters.errors.invalidDate);
    });

    it("exports the filtered entries as CSV with neutralised formulas, and records the export", async () => {
      const owner = await adminInMode("10.6.1.5");
      const exportsBefore = (await auditRows("admin.audit_exported")).length;
      const response = await owner.get("/admin/audit-log.csv?action=test.formula");
      const lines = await csvDownloadLines(response, "audit-log.csv");
      expect(lines[0]).toBe("timestamp,action,user_id,user_email,resource,ip_address,user_agent,details");
      expect(lines).toHaveLength(3);
      expect(lines[2]).toBe("");
      expect(lines[1]).toBe(
        [at(6, 6), "test.formula", ownerId, "owner@example.org", `"'=HYPERLINK(""http://evil.example"",""x"")"`, "192.0.2.9", "'+cmd|' /C calc'!A0", `"{""note"":""@SUM(1,2)""}"`].join(","),
      );

      const alpha = await (await owner.get(`/admin/audit-log.csv?action=test.alpha&from=${dayString(9)}`)).text();
      expect(alpha.split("\r\n").filter(Boolean)).toHaveLength(2);
      expect(alpha).toContain("seed:test.alpha:9:23");

      const exports = await auditRows("admin.audit_exported");
      expect(exports).toHaveLength(exportsBefore + 2);
      const details = exports.map((row) => JSON.parse(row.details));
      expect(details).toContainEqual({ action: "test.formula", rows: 1 });
      expect(details).toContainEqual({ action: "test.alpha", from: dayString(9), rows: 1 });
    });
  });

  describe("security events", () => {
    it("lists events newest first and narrows them by severity", async () => {
      const event = (type: string, severity: Severity, hour: number) => ({
        id: randomUUID(),
        event_type: type,
        user_id: null,
        details: "{}",
        severity,
        ip_address: "198.51.100.7",
        user_agent: null,
        timestamp: at(3, hour),
      });
      await db()
        .insertInto("security_events")
        .values([event("seed.low", "low", 1), event("seed.medium", "medium", 2), event("seed.critical", "critical", 3)])
        .execute();
      const owner = await adminInMode("10.6.2.1");
      const types = async (query: string) => {
        const response = await owner.get(`/admin/security-events${query}`);
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toBe("private, no-store");
        return [...textOf(await rendered(response)).matchAll(/seed\.(low|medium|critical)/g)].map((match) => match[1]);
      };
      expect(await types("")).toEqual(["critical", "medium", "low"]);
      expect(await types("?severity=critical")).toEqual(["critical"]);
      expect(await types("?severity=medium")).toEqual(["medium"]);
      const high = textOf(await rendered(await owner.get("/admin/security-events?severity=high")));
      expect(high).toContain("admin.refused.denied");
      expect(high).not.toContain("seed.");
    });
  });

  describe("moderation", () => {
    const moderate = (session: HttpSession, fields: Record<string, string>, path = "/admin/moderation") => session.post(path, fields);
    const aboutPage = async () => rendered(await fetch(`${app.url}/about`));

    it("lists pending comments first and contact messages newest first", async () => {
      await addComment("Published", "an-approved-comment", "approved", new Date(Date.now() - 1000).toISOString());
      await addComment("Waiting", "a-pending-comment", "pending", new Date(Date.now() - DAY).toISOString());
      await addMessage("Older", "an-older-message", new Date(Date.now() - DAY).toISOString());
      await addMessage("Newer", "a-newer-message");
      const owner = await adminInMode("10.6.3.1");
      const comments = await rendered(await owner.get("/admin/moderation"));
      expect(comments.indexOf("a-pending-comment")).toBeGreaterThan(0);
      expect(comments.indexOf("a-pending-comment")).toBeLessThan(comments.indexOf("an-approved-comment"));
      expect(comments).toContain(en.moderation.approve);
      const messages = await rendered(await owner.get("/admin/moderation?tab=messages"));
      expect(messages.indexOf("a-newer-message")).toBeGreaterThan(0);
      expect(messages.indexOf("a-newer-message")).toBeLessThan(messages.indexOf("an-older-message"));
      expect(messages).toContain(locales.en.contact.topics.press);
      expect(messages).not.toContain("a-pending-comment");
    });

    it("approves a comment: it appears on /about and the change is audited", async () => {
      const id = await addComment("Abena", "approve-me-please");
      expect(await aboutPage()).not.toContain("approve-me-please");
      const owner = await adminInMode("10.6.3.2");
      const response = await moderate(owner, { intent: "approve-comment", id });
      expect(response.status).toBe(200);
      expect(await rendered(response)).toContain(escaped(en.moderation.done.approved));
      expect(await aboutPage()).toContain("approve-me-please");
      const [row] = (await auditRows("comment.approved")).filter((audit) => audit.resource === `comment:${id}`);
      expect(row).toMatchObject({ user_id: ownerId, ip_address: "10.6.3.2" });
      expect(row!.session_id).toBeTruthy();
      expect(JSON.parse(row!.details)).toEqual({ page: "about", previous: "pending" });
    });

    it("deletes a comment only after the confirmation step, and audits it", async () => {
      const id = await addComment("Yaw", "delete-me-please", "approved");
      expect(await aboutPage()).toContain("delete-me-please");
      const owner = await adminInMode("10.6.3.3");
      const confirmPage = await rendered(await owner.get(`/admin/moderation?confirm=${id}`));
      expect(confirmPage).toContain(escaped(en.moderation.confirmComment));
      expect(confirmPage).toContain(en.moderation.confirmDelete);

      const audit = await count("audit_log");
      const unconfirmed = await moderate(owner, { intent: "delete-comment", id });
      expect(unconfirmed.status).toBe(400);
      expect(await rendered(unconfirmed)).toContain(escaped(en.moderation.errors.confirmRequired));
      expect(await count("audit_log")).toBe(audit);
      expect(await aboutPage()).toContain("delete-me-please");

      const deleted = await moderate(owner, { intent: "delete-comment", id, confirm: "yes" });
      expect(deleted.status).toBe(200);
      expect(await rendered(deleted)).toContain(en.moderation.done.commentDeleted);
      expect(await aboutPage()).not.toContain("delete-me-please");
      expect(await db().selectFrom("comments").select("id").where("id", "=", id).execute()).toEqual([]);
      expect((await auditRows("comment.deleted")).filter((row) => row.resource === `comment:${id}`)).toHaveLength(1);
    });

    it("marks a contact message handled and deletes one, each audited once", async () => {
      const handled = await addMessage("Kwame", "handle-this-message");
      const removed = await addMessage("Esi", "delete-this-message");
      const owner = await adminInMode("10.6.3.4");
      const response = await moderate(owner, { intent: "handle-message", id: handled }, "/fr/admin/moderation?tab=messages");
      expect(response.status).toBe(200);
      expect(await rendered(response)).toContain(escaped(locales.fr.dashboard.moderation.done.handled));
      expect(await db().selectFrom("contact_messages").select("status").where("id", "=", handled).executeTakeFirst()).toEqual({ status: "handled" });
      expect((await auditRows("contact.handled")).map((row) => row.resource)).toEqual([`contact_message:${handled}`]);

      expect((await moderate(owner, { intent: "delete-message", id: removed, confirm: "yes" })).status).toBe(200);
      expect(await db().selectFrom("contact_messages").select("id").where("id", "=", removed).execute()).toEqual([]);
      expect((await auditRows("contact.deleted")).map((row) => row.resource)).toEqual([`contact_message:${removed}`]);
    });

    it("answers an unknown item with 404 and nonsense with 400, writing nothing", async () => {
      const owner = await adminInMode("10.6.3.5");
      const audit = await count("audit_log");
      const missing = await moderate(owner, { intent: "approve-comment", id: randomUUID() });
      expect(missing.status).toBe(404);
      expect(await rendered(missing)).toContain(en.moderation.errors.notFound);
      expect((await moderate(owner, { intent: "delete-message", id: randomUUID(), confirm: "yes" })).status).toBe(404);
      const nonsense: Array<Record<string, string>> = [{}, { intent: "drop-tables", id: "x" }, { intent: "approve-comment" }, { intent: "approve-comment", id: "x".repeat(65) }];
      for (const fields of nonsense) {
        const response = await moderate(owner, fields);
        expect(response.status, JSON.stringify(fields)).toBe(400);
        expect(await rendered(response)).toContain(en.moderation.errors.invalid);
      }
      expect(await count("audit_log")).toBe(audit);
    });
  });

  describe("dashboard", () => {
    it("shows a card per area with its counts and links", async () => {
      await db().deleteFrom("comments").execute();
      await db().deleteFrom("contact_messages").execute();
      await addComment("One", "pending-one");
      await addComment("Two", "pending-two");
      await addMessage("Three", "new-three");
      const owner = await adminInMode("10.6.4.1");
      const html = await rendered(await owner.get("/admin"));
      expect(html).toContain(en.cards.moderation.comments.replace("{number}", "2"));
      expect(html).toContain(en.cards.moderation.messages.replace("{number}", "1"));
      expect(html).toMatch(new RegExp(en.cards.security.count.replace("{number}", "\\d+")));
      for (const href of ["/admin/audit-log", "/admin/security-events", "/admin/moderation", "/admin/subscribers", "/admin/settings"]) expect(html).toContain(`href="${href}"`);
      expect(html).toContain(en.cards.subscribers.confirmed.replace("{number}", "0"));
      expect(html).toContain(en.cards.subscribers.waiting.replace("{number}", "0"));
    });
  });
});
