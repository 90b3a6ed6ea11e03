import { describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { appOnTestDatabase, outboxDrained, type TestApp } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession, linkIn, mailsArriving } from "../support/http-session";
import { confirmedAccount, PASSWORD, pathOf } from "../support/two-factor";

const FOREIGN_SITE = "https://evil.example";

/** A mailed link of each kind that acts: its path, and the rows an early use would change. */
interface MailedLink {
  path: string;
  token: string;
  /** The database rows the link would use up or write, to compare before and after a GET. */
  state: () => Promise<unknown>;
}

const tokenOf = (path: string) => new URL(path, "http://site").searchParams.get("token")!;

async function lastMailLink(app: TestApp, email: string, pathname: string): Promise<string> {
  const mails = await mailsArriving(app.services.config.dataDir, (text) => text.includes(email) && text.includes(`${pathname}?token=`));
  const mail = mails.at(-1);
  return pathOf(linkIn(mail!, pathname));
}

async function signInLink(app: TestApp, email: string, ip: string): Promise<MailedLink> {
  await confirmedAccount(app, email, ip);
  await new HttpSession(app.url, ip).post("/sign-in-link", { email });
  const path = await lastMailLink(app, email, "/sign-in-link/verify");
  const { db } = app.services;
  const state = async () => ({
    verification: await db.selectFrom("verification").selectAll().orderBy("id").execute(),
    sessions: await db.selectFrom("session").select("id").orderBy("id").execute(),
  });
  return { path, token: tokenOf(path), state };
}

async function accountConfirmation(app: TestApp, email: string, ip: string): Promise<MailedLink> {
  await new HttpSession(app.url, ip).post("/sign-up", { name: "Reader", email, password: PASSWORD });
  const path = await lastMailLink(app, email, "/verify-email");
  const { db } = app.services;
  const state = async () => ({
    user: await db.selectFrom("user").select(["emailVerified", "updatedAt"]).where("email", "=", email).executeTakeFirst(),
    sessions: await db.selectFrom("session").select("id").orderBy("id").execute(),
  });
  return { path, token: tokenOf(path), state };
}

async function newsletterConfirmation(app: TestApp, email: string, ip: string): Promise<MailedLink> {
  await new HttpSession(app.url, ip).post("/newsletter", { email });
  const { db } = app.services;
  const { id } = await db.selectFrom("subscribers").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  // The worker mails the link; once the outbox is drained no later attempt replaces its token.
  await outboxDrained(app);
  const path = await lastMailLink(app, email, "/newsletter/confirm");
  const state = async () => ({
    subscriber: await db.selectFrom("subscribers").select(["is_verified", "confirmed_at", "confirm_token_hash"]).where("id", "=", id).executeTakeFirst(),
    outbox: await db.selectFrom("outbox").select("id").orderBy("id").execute(),
  });
  return { path, token: tokenOf(path), state };
}

describe.each(dialects)("mailed links that act on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);

  const kinds = [
    { kind: "sign-in link", make: signInLink, pressed: { status: 302, location: "/account" }, pressedAgain: 400 },
    // A confirmed address's link only leads to the account page again, without signing anyone in.
    { kind: "account confirmation", make: accountConfirmation, pressed: { status: 302, location: "/account?verified=1" }, pressedAgain: 302 },
    { kind: "newsletter confirmation", make: newsletterConfirmation, pressed: { status: 200, location: null, text: locales.en.subscription.confirm.doneTitle }, pressedAgain: 400 },
  ] as const;

  it.each(kinds.map((entry, index) => ({ ...entry, index })))(
    "$kind: opened twice (a scanner, then the reader) it changes nothing and sets no cookie; the button then acts once",
    async ({ make, pressed, pressedAgain, index }) => {
      const link = await make(app, `opened-${index}@example.org`, `10.40.${index}.1`);
      const before = await link.state();
      for (const opener of ["10.40.9.1", `10.40.${index}.2`]) {
        const opened = await fetch(app.url + link.path, { headers: { "x-forwarded-for": opener } });
        expect(opened.status).toBe(200);
        expect(opened.headers.getSetCookie()).toEqual([]);
        expect(opened.headers.get("cache-control")).toMatch(/\bno-store$/);
        expect(opened.headers.get("referrer-policy")).toBe("same-origin");
        const html = await opened.text();
        expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
        const form = html.match(/<form [^>]*action="([^"]*)" method="post">/);
        expect(form?.[1]).toBe(link.path.split("?")[0]);
        expect(html).toContain(`name="token" value="${link.token}"`);
      }
      expect(await link.state()).toEqual(before);

      // The button posts to the page's own path, the token in the body only, as a browser without JavaScript does.
      const formPath = link.path.split("?")[0]!;
      const reader = new HttpSession(app.url, `10.40.${index}.3`);
      const answer = await reader.post(formPath, { token: link.token });
      expect(answer.status).toBe(pressed.status);
      if ("text" in pressed) expect(await answer.text()).toContain(pressed.text);
      if (pressed.location) {
        expect(answer.headers.get("location")).toBe(pressed.location);
        expect(reader.cookieHeader()).toContain("dp.session_token=");
      }
      expect(await link.state()).not.toEqual(before);
      const again = await new HttpSession(app.url, `10.40.${index}.4`).post(formPath, { token: link.token });
      expect(again.status).toBe(pressedAgain);
      expect(again.headers.getSetCookie()).toEqual([]);
    },
  );

  it("acts once when the button of one link is pressed ten times at once", async () => {
    for (const [index, make] of [signInLink, newsletterConfirmation].entries()) {
      const link = await make(app, `parallel-${index}@example.org`, `10.40.7.${index}`);
      const presses = await Promise.all(
        Array.from({ length: 10 }, (_, press) => new HttpSession(app.url, `10.40.8.${index * 10 + press}`).post(link.path, { token: link.token })),
      );
      const statuses = presses.map((answer) => answer.status).sort();
      expect(statuses).toEqual([index === 0 ? 302 : 200, ...Array(9).fill(400)].sort());
      expect(presses.filter((answer) => answer.headers.getSetCookie().some((line) => line.startsWith("dp.session_token=")))).toHaveLength(index === 0 ? 1 : 0);
    }
  });

  it("answers a press without a valid token with the translated error, 400 and no stack trace", async () => {
    const cases = [
      { path: "/es/sign-in-link/verify", text: locales.es.accounts.errors.linkInvalid },
      { path: "/es/verify-email", text: locales.es.accounts.verify.failed },
      { path: "/es/newsletter/confirm", text: locales.es.subscription.confirm.invalidTitle },
    ];
    const visitor = new HttpSession(app.url, "10.40.5.1");
    for (const { path, text } of cases) {
      const bodies: Array<Record<string, string>> = [{}, { token: "" }, { token: "made-up" }, { token: "x".repeat(5000) }, { token: "a\u0000b" }];
      for (const body of bodies) {
        const answer = await visitor.post(`${path}?token=made-up`, body);
        expect(answer.status, `${path} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
        const html = (await answer.text()).replace(/<script[\s\S]*?<\/script>/g, "");
        expect(html).toContain(text.replaceAll("'", "&#x27;"));
        expect(html).not.toMatch(/at .*\.(js|ts):\d+/);
        expect(answer.headers.get("cache-control")).toMatch(/\bno-store$/);
      }
      const bare = await visitor.get(path);
      expect(bare.status).toBe(400);
      expect((await bare.text()).replace(/<script[\s\S]*?<\/script>/g, "")).toContain(text.replaceAll("'", "&#x27;"));
    }
  });

  it("login CSRF: another site can neither sign a browser in by a GET nor press the button for it", async () => {
    const link = await signInLink(app, "victim@example.org", "10.40.6.1");
    const before = await link.state();
    // A link, image or top-level navigation from another site is a cross-site GET.
    const navigated = await fetch(app.url + link.path, { headers: { "sec-fetch-site": "cross-site", referer: `${FOREIGN_SITE}/`, "x-forwarded-for": "10.40.6.2" }, redirect: "manual" });
    expect(navigated.status).toBe(200);
    expect(navigated.headers.getSetCookie()).toEqual([]);
    // A form on another site that posts the attacker's token to the button's address.
    const posted = await fetch(app.url + link.path, {
      method: "POST",
      body: new URLSearchParams({ token: link.token }),
      headers: { origin: FOREIGN_SITE, "sec-fetch-site": "cross-site", "x-forwarded-for": "10.40.6.2" },
      redirect: "manual",
    });
    expect(posted.status).toBe(403);
    expect(posted.headers.getSetCookie()).toEqual([]);
    // The same form on a page of the other site that sends no Origin (its own no-referrer policy).
    const hidden = await fetch(app.url + link.path, {
      method: "POST",
      body: new URLSearchParams({ token: link.token }),
      headers: { origin: "null", "sec-fetch-site": "cross-site", "x-forwarded-for": "10.40.6.2" },
      redirect: "manual",
    });
    expect(hidden.status).toBe(403);
    expect(await link.state()).toEqual(before);
    // The owner of the link can still use it.
    expect((await new HttpSession(app.url, "10.40.6.3").post(link.path, { token: link.token })).status).toBe(302);
  });
});
