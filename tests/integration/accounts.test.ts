import { describe, expect, it } from "vitest";
import { appOnTestDatabase, outboxDrained } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession, linkIn, mailsIn, pressLinkButton } from "../support/http-session";
import { locales } from "~/i18n/locales";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";

const PASSWORD = "correct horse battery";

describe.each(dialects)("accounts on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);

  const pathOf = (link: string) => link.replace(/^https?:\/\/[^/]+/, "");
  const audit = (action: string) => app.services.db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();

  it("signs up, mails the confirmation link in the reader's language, and signs in once confirmed", async () => {
    const reader = new HttpSession(app.url, "10.9.1.1");
    const signUp = await reader.post("/fr/sign-up", { name: "Adjoa", email: " Adjoa@Example.org ", password: PASSWORD });
    expect(signUp.status).toBe(200);
    expect(await signUp.text()).toContain("adjoa@example.org");

    // Not confirmed yet: sign-in is refused with a clear message (and a new link is mailed).
    const early = await reader.post("/sign-in", { email: "adjoa@example.org", password: PASSWORD });
    expect(early.status).toBe(403);
    expect(await early.text()).toContain("Please confirm your email address first.");

    await outboxDrained(app);
    const [mail] = mailsIn(app.services.config.dataDir);
    expect(mail).toContain("Confirmez votre adresse");
    const verify = await pressLinkButton(reader, linkIn(mail!, "/fr/verify-email"));
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/fr/account?verified=1");
    const account = await reader.get("/fr/account?verified=1");
    expect(account.status).toBe(200);
    expect(await account.text()).toContain("adjoa@example.org");
    expect(await audit("auth.email_verified")).toHaveLength(1);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax, and keeps no token in the page", async () => {
    const reader = new HttpSession(app.url, "10.9.1.2");
    const response = await reader.post("/sign-in", { email: "adjoa@example.org", password: PASSWORD });
    expect(response.status).toBe(302);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("dp.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const page = await (await reader.get("/account")).text();
    expect(page).not.toContain(reader.cookieHeader().split("=")[1]!.split(".")[0]!);
    expect((await audit("auth.signed_in")).length).toBeGreaterThanOrEqual(1);
  });

  it("answers a wrong password with 401 and a translated message, then 429 after five failures", async () => {
    const attacker = new HttpSession(app.url, "10.9.2.1");
    const first = await attacker.post("/es/sign-in", { email: "adjoa@example.org", password: "wrong password" });
    expect(first.status).toBe(401);
    expect(await first.text()).toContain(locales.es.accounts.errors.invalidCredentials);
    for (let attempt = 2; attempt <= 5; attempt++) {
      expect((await attacker.post("/sign-in", { email: "adjoa@example.org", password: `wrong ${attempt}` })).status).toBe(401);
    }
    const refused = await attacker.post("/sign-in", { email: "adjoa@example.org", password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const events = await app.services.db.selectFrom("security_events").selectAll().where("event_type", "=", "auth.failed_sign_in_burst").execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.severity).toBe("medium");
    expect(events[0]!.details).not.toContain("adjoa@example.org");
  });

  it("shows /admin as 'Authentication Required' (401), 'Access Denied' (403, a high security event) and the dashboard", async () => {
    const anonymous = await new HttpSession(app.url).get("/admin");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain("Authentication Required");

    const reader = new HttpSession(app.url, "10.9.3.1");
    await reader.post("/sign-in", { email: "adjoa@example.org", password: PASSWORD });
    const denied = await reader.get("/admin");
    expect(denied.status).toBe(403);
    expect(await denied.text()).toContain("adjoa@example.org");
    const events = await app.services.db.selectFrom("security_events").selectAll().where("event_type", "=", "admin.access_denied").execute();
    expect(events.map((event) => [event.severity, event.ip_address])).toEqual([["high", "10.9.3.1"]]);

    const actor = { userId: null, sessionId: null, ip: "test", userAgent: null };
    expect(await createOrPromoteAdmin(app.services, { email: "adjoa@example.org" }, actor, new Date())).toBe("needs-password");
    expect(await createOrPromoteAdmin(app.services, { email: "adjoa@example.org", password: PASSWORD }, actor, new Date())).toBe("promoted");
    // The promotion ended the account's sessions: it signs in again, as the admin.
    expect((await reader.get("/admin")).status).toBe(401);
    expect((await reader.post("/sign-in", { email: "adjoa@example.org", password: PASSWORD })).status).toBe(302);
    const promoted = await reader.get("/admin");
    expect(promoted.status).toBe(200);
    expect(await promoted.text()).toContain(locales.en.dashboard.states.verifyTitle);
    expect((await reader.post("/admin-access", { intent: "verify" })).status).toBe(200);
    const dashboard = (await (await reader.get("/admin")).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(dashboard).toContain(locales.en.dashboard.cards.audit.title);
    expect(await audit("admin.promoted")).toHaveLength(1);
  });

  it("creates a verified admin from the command line's function, who can sign in at once", async () => {
    const actor = { userId: null, sessionId: null, ip: "command line", userAgent: null };
    expect(await createOrPromoteAdmin(app.services, { email: "owner@example.org", password: PASSWORD }, actor, new Date())).toBe("created");
    expect(await createOrPromoteAdmin(app.services, { email: "owner@example.org" }, actor, new Date())).toBe("already-admin");
    const owner = new HttpSession(app.url, "10.9.4.1");
    expect((await owner.post("/sign-in", { email: "owner@example.org", password: PASSWORD })).status).toBe(302);
    expect((await owner.get("/admin")).status).toBe(200);
  });

  it("signs out with POST only, and the old cookie no longer opens the account", async () => {
    const reader = new HttpSession(app.url, "10.9.5.1");
    await reader.post("/sign-in", { email: "owner@example.org", password: PASSWORD });
    const oldCookie = reader.cookieHeader();
    expect((await reader.get("/sign-out")).status).toBe(302);
    expect((await reader.get("/account")).status).toBe(200);
    expect((await reader.post("/sign-out", {})).status).toBe(302);
    const replay = await fetch(`${app.url}/account`, { headers: { cookie: oldCookie }, redirect: "manual" });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe("/sign-in");
  });

  it("resets a forgotten password once by the mailed link, answering alike for unknown addresses", async () => {
    const visitor = new HttpSession(app.url, "10.9.6.1");
    const mailCount = mailsIn(app.services.config.dataDir).length;
    const unknown = await visitor.post("/forgot-password", { email: "nobody@example.org" });
    const known = await visitor.post("/forgot-password", { email: "owner@example.org" });
    expect([unknown.status, known.status]).toEqual([200, 200]);
    const strip = (html: string) =>
      html.replaceAll("nobody@example.org", "X").replaceAll("owner@example.org", "X").replace(/nonce="[^"]+"/g, "");
    expect(strip(await unknown.text())).toBe(strip(await known.text()));
    await outboxDrained(app);
    const mails = mailsIn(app.services.config.dataDir);
    expect(mails).toHaveLength(mailCount + 1);
    const link = pathOf(linkIn(mails.at(-1)!, "/reset-password"));
    const token = new URL(link, app.url).searchParams.get("token")!;

    const tooShort = await visitor.post("/reset-password", { token, password: "short" });
    expect(tooShort.status).toBe(400);
    expect((await visitor.post("/reset-password", { token, password: "a brand new passphrase" })).status).toBe(200);
    const reused = await visitor.post("/reset-password", { token, password: "another new passphrase" });
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain(locales.en.accounts.errors.linkInvalid);

    const owner = new HttpSession(app.url, "10.9.6.2");
    expect((await owner.post("/sign-in", { email: "owner@example.org", password: PASSWORD })).status).toBe(401);
    expect((await owner.post("/sign-in", { email: "owner@example.org", password: "a brand new passphrase" })).status).toBe(302);
  });

  it("lists the devices, signs out the others, changes the password and signs out everywhere", async () => {
    const actor = { userId: null, sessionId: null, ip: "test", userAgent: null };
    await createOrPromoteAdmin(app.services, { email: "devices@example.org", password: PASSWORD }, actor, new Date());
    const laptop = new HttpSession(app.url, "10.9.7.1");
    const phone = new HttpSession(app.url, "10.9.7.2");
    for (const device of [laptop, phone]) await device.post("/sign-in", { email: "devices@example.org", password: PASSWORD });
    const page = await (await laptop.get("/account")).text();
    expect(page.match(/Last active [^{]/g)).toHaveLength(2);
    expect(page).toContain("(This device)");

    expect((await laptop.post("/account", { intent: "sign-out-others" })).status).toBe(200);
    expect((await phone.get("/account")).status).toBe(302);
    expect((await laptop.get("/account")).status).toBe(200);

    const wrong = await laptop.post("/account", { intent: "change-password", currentPassword: "not it", password: "a new passphrase here" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(locales.en.accounts.errors.currentPasswordWrong);
    const changed = await laptop.post("/account", { intent: "change-password", currentPassword: PASSWORD, password: "a new passphrase here" });
    expect(changed.status).toBe(302);
    const after = await laptop.get(changed.headers.get("location")!);
    expect(after.status).toBe(200);
    expect(await after.text()).toContain(locales.en.accounts.account.passwordChanged);
    expect((await new HttpSession(app.url, "10.9.7.3").post("/sign-in", { email: "devices@example.org", password: PASSWORD })).status).toBe(401);

    const oldCookie = laptop.cookieHeader();
    expect((await laptop.post("/account", { intent: "sign-out-all" })).status).toBe(302);
    const replay = await fetch(`${app.url}/account`, { headers: { cookie: oldCookie }, redirect: "manual" });
    expect(replay.status).toBe(302);
    const actions = (await app.services.db.selectFrom("audit_log").select("action").where("action", "like", "auth.%").execute()).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["auth.signed_out_others", "auth.password_changed", "auth.signed_out_everywhere"]));
  });

  it("refuses a POST from another site before anything is written", async () => {
    const before = await app.services.db.selectFrom("user").select("id").execute();
    const response = await fetch(`${app.url}/sign-up`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
      body: new URLSearchParams({ name: "X", email: "x@example.org", password: PASSWORD }),
    });
    expect(response.status).toBe(403);
    const plain = await fetch(`${app.url}/sign-up`, {
      method: "POST",
      headers: { origin: app.url, "content-type": "text/plain" },
      body: "name=X&email=x@example.org&password=a-long-passphrase",
    });
    expect(plain.status).toBe(415);
    expect(await app.services.db.selectFrom("user").select("id").execute()).toHaveLength(before.length);
  });
});
