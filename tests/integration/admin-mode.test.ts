import { beforeAll, describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { deleteStaleAdminModes } from "~/modules/accounts/admin-mode.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";

const PASSWORD = "correct horse battery";
const MINUTE = 60_000;
const page = locales.en.dashboard.states;
const auditCard = locales.en.dashboard.cards.audit.title;
// The page's strings also travel in its hydration data; assertions look at what is rendered.
const rendered = async (response: Response) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

describe.each(dialects)("admin mode on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const system = { userId: null, sessionId: null, ip: "test", userAgent: null };
  beforeAll(async () => {
    await createOrPromoteAdmin(app.services, { email: "owner@example.org", password: PASSWORD }, system, new Date());
  });

  const db = () => app.services.db;
  const auditActions = async () => (await db().selectFrom("audit_log").select("action").orderBy("timestamp").execute()).map((row) => row.action);
  const modes = () => db().selectFrom("admin_modes").selectAll().execute();
  async function signedInOwner(ip: string) {
    const owner = new HttpSession(app.url, ip);
    expect((await owner.post("/sign-in", { email: "owner@example.org", password: PASSWORD })).status).toBe(302);
    return owner;
  }
  const verify = (session: HttpSession) => session.post("/admin-access", { intent: "verify" });

  it("offers the Admin Access prompt on the podcast and shop pages and in the footer", async () => {
    for (const path of ["/", "/shop", "/podcast"]) {
      const html = await rendered(await fetch(app.url + path));
      const prompts = html.split(`>${locales.en.admin.access.open}</button>`).length - 1;
      expect(prompts, path).toBe(path === "/" ? 1 : 2);
    }
  });

  it("answers 'Authentication Required' to a visitor who is not signed in, and changes nothing", async () => {
    const visitor = new HttpSession(app.url, "10.7.0.1");
    const answer = await verify(visitor);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ ok: false, errors: { form: "authRequired" } });
    expect(await (await visitor.get("/admin-access")).json()).toEqual({ state: "signedOut", email: null });
    expect(await modes()).toEqual([]);
  });

  it("refuses a reader with 'Access Denied' and a high security event", async () => {
    const actor = { ...system, ip: "cli" };
    await createOrPromoteAdmin(app.services, { email: "reader@example.org", password: PASSWORD }, actor, new Date());
    await db().updateTable("user").set({ role: "user" }).where("email", "=", "reader@example.org").execute();
    const reader = new HttpSession(app.url, "10.7.0.2");
    await reader.post("/sign-in", { email: "reader@example.org", password: PASSWORD });
    const answer = await verify(reader);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ ok: false, errors: { form: "denied" } });
    const events = await db().selectFrom("security_events").selectAll().where("event_type", "=", "admin.verify_denied").execute();
    expect(events.map((event) => [event.severity, event.ip_address])).toEqual([["high", "10.7.0.2"]]);
    expect(await modes()).toEqual([]);
  });

  it("asks an admin to verify, then opens the dashboard; Logout Admin ends admin mode and keeps the session", async () => {
    const owner = await signedInOwner("10.7.0.3");
    const before = await owner.get("/admin");
    expect(before.status).toBe(200);
    const beforeHtml = await rendered(before);
    expect(beforeHtml).toContain(page.verifyTitle);
    expect(beforeHtml).not.toContain(auditCard);

    const granted = await verify(owner);
    expect(await granted.json()).toEqual({ ok: true, outcome: "granted" });
    expect(await (await owner.get("/admin-access")).json()).toEqual({ state: "admin", email: "owner@example.org" });
    const dashboard = await rendered(await owner.get("/admin"));
    expect(dashboard).toContain(auditCard);
    expect(dashboard).toContain(locales.en.admin.access.logout);
    expect(await auditActions()).toContain("admin.mode_verified");

    expect(await (await owner.post("/admin-access", { intent: "logout" })).json()).toEqual({ ok: true, outcome: "ended" });
    expect(await modes()).toEqual([]);
    expect((await owner.get("/account")).status).toBe(200);
    expect(await rendered(await owner.get("/admin"))).toContain(page.verifyTitle);
    expect(await auditActions()).toContain("admin.mode_ended");
  });

  it("verifies and logs out through the /admin page's own forms, which work without JavaScript", async () => {
    const owner = await signedInOwner("10.7.0.4");
    const granted = await owner.post("/fr/admin", { intent: "verify" });
    expect(granted.status).toBe(200);
    expect(await rendered(granted)).toContain(locales.fr.dashboard.cards.audit.title);
    const ended = await owner.post("/fr/admin", { intent: "logout" });
    expect(await rendered(ended)).toContain(locales.fr.dashboard.states.verifyTitle);
  });

  it("ends admin mode after 30 minutes without use; the admin must verify again", async () => {
    const owner = await signedInOwner("10.7.0.5");
    await verify(owner);
    const stale = new Date(Date.now() - 31 * MINUTE).toISOString();
    await db().updateTable("admin_modes").set({ active_at: stale }).execute();
    const html = await rendered(await owner.get("/admin"));
    expect(html).toContain(page.verifyAgainText);
    expect(html).not.toContain(auditCard);
    expect(await modes()).toEqual([]);
    expect(await auditActions()).toContain("admin.mode_timed_out");
  });

  it("keeps admin mode alive while used", async () => {
    const owner = await signedInOwner("10.7.0.6");
    await verify(owner);
    const earlier = new Date(Date.now() - 29 * MINUTE).toISOString();
    await db().updateTable("admin_modes").set({ active_at: earlier }).execute();
    expect(await rendered(await owner.get("/admin"))).toContain(auditCard);
    const [mode] = await modes();
    expect(new Date(mode!.active_at).getTime()).toBeGreaterThan(Date.now() - MINUTE);
    await owner.post("/admin-access", { intent: "logout" });
  });

  it("re-reads the role on every request: a revoked role ends admin mode at once", async () => {
    const owner = await signedInOwner("10.7.0.7");
    await verify(owner);
    await db().updateTable("user").set({ role: "user" }).where("email", "=", "owner@example.org").execute();
    const revoked = await owner.get("/admin");
    expect(revoked.status).toBe(403);
    expect(await rendered(revoked)).toContain(page.accessDenied);
    expect(await modes()).toEqual([]);
    expect(await auditActions()).toContain("admin.mode_revoked");
    await db().updateTable("user").set({ role: "admin" }).where("email", "=", "owner@example.org").execute();
  });

  it("cleans admin-mode rows unused for over 30 minutes, and only those", async () => {
    const now = new Date();
    const row = (id: string, minutesAgo: number) => {
      const at = new Date(now.getTime() - minutesAgo * MINUTE).toISOString();
      return { session_id: id, user_id: "u", verified_at: at, checked_at: at, active_at: at };
    };
    await db().insertInto("admin_modes").values([row("stale", 31), row("fresh", 10)]).execute();
    expect(await deleteStaleAdminModes(db(), now)).toBe(1);
    expect((await modes()).map((mode) => mode.session_id)).toEqual(["fresh"]);
    await db().deleteFrom("admin_modes").execute();
  });
});
