import { describe, expect, it } from "vitest";
import { authBoolean } from "~/adapters/auth/auth.server";
import { locales } from "~/i18n/locales";
import { appOnTestDatabase, outboxDrained } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession, linkIn, mailsIn, pressLinkButton } from "../support/http-session";
import { confirmedAccount, PASSWORD } from "../support/two-factor";

describe.each(dialects)("sign-in links on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);

  // Mails leave through the outbox worker: each read waits until it has nothing left to do.
  const mails = async () => {
    await outboxDrained(app);
    return mailsIn(app.services.config.dataDir);
  };
  const linkMailsTo = async (email: string) => (await mails()).filter((mail) => mail.includes(email) && mail.includes("/sign-in-link/verify?token="));
  const users = () => app.services.db.selectFrom("user").select(["email", "emailVerified"]).execute();

  it("is offered on the sign-in page", async () => {
    expect(await (await new HttpSession(app.url).get("/fr/sign-in")).text()).toContain('href="/fr/sign-in-link"');
  });

  it("answers known and unknown addresses alike, mails only the known one, in its language, and creates no account", async () => {
    await confirmedAccount(app, "known@example.org", "10.30.1.1", "fr");
    const before = (await mails()).length;
    const visitor = new HttpSession(app.url, "10.30.1.2");
    const unknown = await visitor.post("/sign-in-link", { email: "nobody@example.org" });
    const known = await visitor.post("/sign-in-link", { email: " Known@Example.org " });
    expect([unknown.status, known.status]).toEqual([200, 200]);
    const strip = (html: string) => html.replaceAll("nobody@example.org", "X").replaceAll("known@example.org", "X").replace(/nonce="[^"]+"/g, "");
    expect(strip(await unknown.text())).toBe(strip(await known.text()));

    expect(await mails()).toHaveLength(before + 1);
    const [mail] = await linkMailsTo("known@example.org");
    expect(mail).toContain(locales.fr.accounts.mail.signInLink.subject.split(" - ")[0]);
    expect(mail).toContain("/fr/sign-in-link/verify?token=");
    expect((await users()).map((user) => user.email)).not.toContain("nobody@example.org");

    const requested = await app.services.db.selectFrom("audit_log").select(["resource", "details"]).where("action", "=", "auth.magic_link_requested").execute();
    expect(requested.map((row) => row.resource).sort()).toEqual([expect.stringMatching(/^user:[0-9a-f-]{36}$/), "user:unknown"]);
    expect(requested.every((row) => !row.details.includes("@"))).toBe(true);
  });

  it("signs in once by the link; the same link again answers 400 in the reader's language", async () => {
    const reader = new HttpSession(app.url, "10.30.2.1");
    const link = linkIn((await linkMailsTo("known@example.org")).at(-1)!, "/fr/sign-in-link/verify");
    const opened = await pressLinkButton(reader, link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/fr/account");
    expect(await (await reader.get("/fr/account")).text()).toContain("known@example.org");
    const signedIn = await app.services.db.selectFrom("audit_log").select("details").where("action", "=", "auth.signed_in").execute();
    expect(signedIn.map((row) => JSON.parse(row.details))).toContainEqual({ method: "magic_link" });

    const again = await pressLinkButton(new HttpSession(app.url, "10.30.2.2"), link);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(locales.fr.accounts.errors.linkInvalid);
    expect((await pressLinkButton(new HttpSession(app.url), "/sign-in-link/verify?token=made-up")).status).toBe(400);
  });

  it("never opens or alters an account whose address is not confirmed", async () => {
    const stranger = new HttpSession(app.url, "10.30.3.1");
    await stranger.post("/sign-up", { name: "Unconfirmed", email: "unconfirmed@example.org", password: PASSWORD });
    expect((await stranger.post("/sign-in-link", { email: "unconfirmed@example.org" })).status).toBe(200);
    expect(await linkMailsTo("unconfirmed@example.org")).toEqual([]);

    // A link mailed while the address was confirmed, opened after it no longer is, changes nothing either.
    await confirmedAccount(app, "lapsed@example.org", "10.30.3.2");
    await new HttpSession(app.url, "10.30.3.3").post("/sign-in-link", { email: "lapsed@example.org" });
    const link = linkIn((await linkMailsTo("lapsed@example.org"))[0]!, "/sign-in-link/verify");
    const { db } = app.services;
    await db.updateTable("user").set({ emailVerified: authBoolean(dialect, false) }).where("email", "=", "lapsed@example.org").execute();
    const accountsBefore = await db.selectFrom("account").selectAll().execute();
    const opened = await pressLinkButton(new HttpSession(app.url, "10.30.3.4"), link);
    expect(opened.status).toBe(400);
    expect(await db.selectFrom("account").selectAll().execute()).toEqual(accountsBefore);
    expect((await users()).find((user) => user.email === "lapsed@example.org")?.emailVerified).toBeFalsy();
  });

  it("refuses a second link for one address within a minute, and an 11th from one network within an hour, with 429", async () => {
    await confirmedAccount(app, "twice@example.org", "10.30.4.1");
    const visitor = new HttpSession(app.url, "10.30.4.1");
    expect((await visitor.post("/es/sign-in-link", { email: "twice@example.org" })).status).toBe(200);
    const before = (await mails()).length;
    const soon = await visitor.post("/es/sign-in-link", { email: "twice@example.org" });
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await soon.text()).toContain(locales.es.accounts.errors.tooMany);
    expect(await mails()).toHaveLength(before);

    const sprayer = new HttpSession(app.url, "10.30.4.2");
    for (let i = 1; i <= 10; i++) expect((await sprayer.post("/sign-in-link", { email: `spray${i}@example.org` })).status).toBe(200);
    expect((await sprayer.post("/sign-in-link", { email: "spray11@example.org" })).status).toBe(429);
  });
});
