import { describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { appOnTestDatabase, outboxDrained } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession, linkIn, mailsIn, pressLinkButton } from "../support/http-session";
import { backupCodesIn, confirmedAccount, enrolTwoFactor, freshCode, PASSWORD, totp, wrongCode } from "../support/two-factor";

const en = locales.en.accounts;

describe.each(dialects)("two-factor sign-in on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);

  const audit = (action: string) => app.services.db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();
  const signInWithPassword = async (email: string, ip: string) => {
    const session = new HttpSession(app.url, ip);
    const response = await session.post("/sign-in", { email, password: PASSWORD });
    return { session, response };
  };

  it("turns on after the password and a code from the app, showing a QR code, the key and the backup codes once", async () => {
    await confirmedAccount(app, "enrol@example.org", "10.20.1.1");
    const reader = new HttpSession(app.url, "10.20.1.2");
    await reader.post("/sign-in", { email: "enrol@example.org", password: PASSWORD });
    expect(await (await reader.get("/account")).text()).toContain(en.twoFactor.start);

    const wrongPassword = await reader.post("/account", { intent: "two-factor-start", password: "not my password" });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.text()).toContain(en.errors.currentPasswordWrong);

    const started = await (await reader.post("/account", { intent: "two-factor-start", password: PASSWORD })).text();
    expect(started).toMatch(/<svg role="img" aria-label="QR code for your authenticator app" viewBox="0 0 \d+ \d+"/);
    const secret = started.match(/data-testid="two-factor-secret">([A-Z2-7 ]+)</)![1]!.replace(/ /g, "");
    const totpUri = started.match(/name="totpUri" value="([^"]+)"/)![1]!.replaceAll("&amp;", "&");
    expect(totpUri).toMatch(/issuer=Diaspora(%20|\+)Policy/);

    const wrong = await reader.post("/account", { intent: "two-factor-confirm", totpUri, code: wrongCode(secret) });
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain(en.errors.wrongCode);
    expect(wrongPage).toContain("data-testid=\"two-factor-secret\"");

    const confirmed = await reader.post("/account", { intent: "two-factor-confirm", totpUri, code: await freshCode(secret, new Set()) });
    expect(confirmed.status).toBe(200);
    const page = await confirmed.text();
    expect(backupCodesIn(page)).toHaveLength(10);
    expect(page).toContain(en.twoFactor.on);
    // The session better-auth renewed works; the codes are not shown again.
    const later = await reader.get("/account");
    expect(later.status).toBe(200);
    expect(backupCodesIn(await later.text())).toEqual([]);
    expect(await audit("auth.two_factor_enabled")).toHaveLength(1);
  });

  it("asks for the code after the password, signs in with it, and refuses a code already used", async () => {
    await confirmedAccount(app, "totp@example.org", "10.20.2.1");
    const enrolled = await enrolTwoFactor(app, "totp@example.org", "10.20.2.2");

    const { session, response } = await signInWithPassword("totp@example.org", "10.20.2.3");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/two-factor");
    expect(session.cookieHeader()).not.toContain("dp.session_token");
    expect((await session.get("/account")).status).toBe(302);
    expect(await (await session.get("/two-factor")).text()).toContain(en.twoFactorChallenge.intro);

    const code = await freshCode(enrolled.secret, enrolled.used);
    const verified = await session.post("/two-factor", { code });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/account");
    expect((await session.get("/account")).status).toBe(200);

    const again = await signInWithPassword("totp@example.org", "10.20.2.4");
    const replay = await again.session.post("/two-factor", { code });
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain(en.errors.codeUsed);
    expect((await again.session.get("/account")).status).toBe(302);

    const signedIn = (await audit("auth.signed_in")).filter((row) => row.details.includes("totp"));
    expect(signedIn.map((row) => JSON.parse(row.details))).toEqual([{ method: "password", factor: "totp" }]);
    expect(await audit("auth.two_factor_verified")).toHaveLength(1);
  });

  it("lets only one of two sign-ins racing with the same code through", async () => {
    await confirmedAccount(app, "race@example.org", "10.20.7.1");
    const enrolled = await enrolTwoFactor(app, "race@example.org", "10.20.7.2");
    const first = await signInWithPassword("race@example.org", "10.20.7.3");
    const second = await signInWithPassword("race@example.org", "10.20.7.4");
    const code = await freshCode(enrolled.secret, enrolled.used);
    const answers = await Promise.all([first.session.post("/two-factor", { code }), second.session.post("/two-factor", { code })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 401]);
  });

  it("answers a wrong code with 401 in the reader's language, the 4th try within 10 s with 429, and records a burst", async () => {
    await confirmedAccount(app, "burst@example.org", "10.20.3.1");
    const enrolled = await enrolTwoFactor(app, "burst@example.org", "10.20.3.2");
    // The enrolment's code counted as an attempt: start from a fresh 10-second window.
    app.clock.advance(10_500);
    const { session } = await signInWithPassword("burst@example.org", "10.20.3.3");
    for (let attempt = 1; attempt <= 3; attempt++) {
      const wrong = await session.post("/es/two-factor", { code: wrongCode(enrolled.secret) });
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain(locales.es.accounts.errors.wrongCode);
    }
    // Even the right code is refused now: the attempt is not even checked.
    const fourth = await session.post("/es/two-factor", { code: await freshCode(enrolled.secret, enrolled.used) });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await fourth.text()).toContain(locales.es.accounts.errors.tooMany);
    expect((await session.get("/account")).status).toBe(302);

    // Once the 10 seconds have passed, codes are checked again.
    app.clock.advance(10_500);
    for (let attempt = 4; attempt <= 5; attempt++) expect((await session.post("/two-factor", { code: wrongCode(enrolled.secret) })).status).toBe(401);
    const events = await app.services.db.selectFrom("security_events").selectAll().where("event_type", "=", "auth.two_factor_failure_burst").execute();
    expect(events.map((event) => [event.severity, event.ip_address])).toEqual([["medium", "10.20.3.3"]]);
  });

  it("signs in with a backup code once", async () => {
    await confirmedAccount(app, "backup@example.org", "10.20.4.1");
    const [first] = (await enrolTwoFactor(app, "backup@example.org", "10.20.4.2")).backupCodes;
    const withCode = await signInWithPassword("backup@example.org", "10.20.4.3");
    const signedIn = await withCode.session.post("/two-factor", { code: first! });
    expect(signedIn.headers.get("location")).toBe("/account");
    expect((await withCode.session.get("/account")).status).toBe(200);
    const reused = await signInWithPassword("backup@example.org", "10.20.4.4");
    const refused = await reused.session.post("/two-factor", { code: first! });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain(en.errors.wrongCode);
    const verified = (await audit("auth.two_factor_verified")).map((row) => JSON.parse(row.details));
    expect(verified).toContainEqual({ factor: "backup_code" });
  });

  it("replaces the backup codes and turns off with the password, after which signing in asks for no code", async () => {
    await confirmedAccount(app, "off@example.org", "10.20.5.1");
    const { session, backupCodes } = await enrolTwoFactor(app, "off@example.org", "10.20.5.2");
    const wrongCodes = await session.post("/account", { intent: "two-factor-codes", password: "wrong password" });
    expect(wrongCodes.status).toBe(400);
    expect(await wrongCodes.text()).toContain(en.errors.currentPasswordWrong);
    const renewed = backupCodesIn(await (await session.post("/account", { intent: "two-factor-codes", password: PASSWORD })).text());
    expect(renewed).toHaveLength(10);
    expect(renewed).not.toContain(backupCodes[0]);
    const old = await signInWithPassword("off@example.org", "10.20.5.3");
    expect((await old.session.post("/two-factor", { code: backupCodes[0]! })).status).toBe(401);
    expect((await old.session.post("/two-factor", { code: renewed[0]! })).status).toBe(302);
    expect(await audit("auth.two_factor_backup_codes_regenerated")).toHaveLength(1);

    const wrong = await session.post("/account", { intent: "two-factor-disable", password: "not it" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(en.errors.currentPasswordWrong);
    const off = await session.post("/account", { intent: "two-factor-disable", password: PASSWORD });
    expect(off.status).toBe(302);
    expect(off.headers.get("location")).toBe("/account?done=twoFactorDisabled");
    const page = await (await session.get(off.headers.get("location")!)).text();
    expect(page).toContain(en.account.twoFactorDisabled);
    expect(page).toContain(en.twoFactor.start);
    expect((await signInWithPassword("off@example.org", "10.20.5.4")).response.headers.get("location")).toBe("/account");
    expect(await audit("auth.two_factor_disabled")).toHaveLength(1);
  });

  it("asks for the code after a mailed sign-in link too", async () => {
    await confirmedAccount(app, "link2fa@example.org", "10.20.6.1");
    const enrolled = await enrolTwoFactor(app, "link2fa@example.org", "10.20.6.2");
    const reader = new HttpSession(app.url, "10.20.6.3");
    expect((await reader.post("/sign-in-link", { email: "link2fa@example.org" })).status).toBe(200);
    await outboxDrained(app);
    const mail = mailsIn(app.services.config.dataDir).filter((text) => text.includes("link2fa@example.org")).at(-1)!;
    const opened = await pressLinkButton(reader, linkIn(mail, "/sign-in-link/verify"));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/two-factor?via=link");
    expect(reader.cookieHeader()).not.toContain("dp.session_token");
    expect((await reader.get("/account")).status).toBe(302);

    const verified = await reader.post("/two-factor?via=link", { code: await freshCode(enrolled.secret, enrolled.used) });
    expect(verified.headers.get("location")).toBe("/account");
    expect((await reader.get("/account")).status).toBe(200);
    const rows = (await audit("auth.signed_in")).filter((row) => row.user_id && row.details.includes("magic_link"));
    expect(rows.map((row) => JSON.parse(row.details))).toEqual([{ method: "magic_link", factor: "totp" }]);
  });

  // Last in the block: it moves the app's clock ten minutes on.
  it("ends a challenge left unanswered for 10 minutes, after a password or a mailed link, and asks to sign in again", async () => {
    await confirmedAccount(app, "late@example.org", "10.20.8.1");
    const enrolled = await enrolTwoFactor(app, "late@example.org", "10.20.8.2");
    const { session } = await signInWithPassword("late@example.org", "10.20.8.3");
    const viaLink = new HttpSession(app.url, "10.20.8.4");
    await viaLink.post("/sign-in-link", { email: "late@example.org" });
    await outboxDrained(app);
    const mail = mailsIn(app.services.config.dataDir).filter((text) => text.includes("late@example.org") && text.includes("/sign-in-link/verify")).at(-1)!;
    expect((await pressLinkButton(viaLink, linkIn(mail, "/sign-in-link/verify"))).headers.get("location")).toBe("/two-factor?via=link");
    // The page's own strings travel in its data too: whether the code field is there tells the two states apart.
    const asksForCode = async (reader: HttpSession) => (await (await reader.get("/two-factor")).text()).includes('name="code"');
    for (const reader of [session, viaLink]) expect(await asksForCode(reader)).toBe(true);

    app.clock.advance(10 * 60_000 + 1_000);
    for (const [reader, path] of [[session, "/two-factor"], [viaLink, "/two-factor?via=link"]] as const) {
      expect(await asksForCode(reader)).toBe(false);
      // A code from the app, refused before it is even checked.
      const late = await reader.post(path, { code: totp(enrolled.secret) });
      expect(late.status).toBe(401);
      expect(await late.text()).not.toContain('name="code"');
      expect((await reader.get("/account")).status).toBe(302);
    }
  });
});
