import { describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { confirmedAccount, enrolTwoFactor } from "../support/two-factor";

// Password sign-in under bursts of parallel requests: the limits are taken before the password is
// checked, per address and network, per network (an IPv6 /64 is one), and per address from anywhere.

const PASSWORD = "correct horse battery";
const SYSTEM = { userId: null, sessionId: null, ip: "test", userAgent: null };

/** The password of guess `index`: wrong, except the last one of the burst. */
const guess = (index: number, count: number) => (index === count - 1 ? PASSWORD : wrongGuess(index));
/**
 * A wrong password. A sign-in burst holds wrong guesses only, and the right password follows it: under load,
 * a request sent last may still reach the server among the first, where it is rightly checked.
 */
const wrongGuess = (index: number) => `wrong guess ${index}`;
/** A status that means the password was checked: 401 wrong, 302 signed in (429 means refused unchecked). */
const checked = (statuses: number[]) => statuses.filter((status) => status === 401 || status === 302).length;

describe.each(dialects)("sign-in limits under bursts on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);

  /** A confirmed reader account; returns its id. */
  const account = async (email: string) => {
    await createOrPromoteAdmin(app.services, { email, password: PASSWORD }, SYSTEM, new Date());
    await app.services.db.updateTable("user").set({ role: "user" }).where("email", "=", email).execute();
    return (await app.services.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  };
  const signIn = (email: string, password: string, ip: string) => new HttpSession(app.url, ip).post("/sign-in", { email, password });

  it("checks at most 5 of 100 parallel guesses from one network, and the right password after them does not sign in", async () => {
    await account("burst@example.org");
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, index) => signIn("burst@example.org", wrongGuess(index), "10.50.1.1").then((r) => r.status)));
    expect(checked(statuses)).toBeLessThanOrEqual(LIMITS.signInPerAccount.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - checked(statuses));
    expect((await signIn("burst@example.org", PASSWORD, "10.50.1.1")).status).toBe(429);
  });

  it("holds the per-account limit whatever address the guesses come from: 100 guesses from 100 networks", async () => {
    await account("spread@example.org");
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => signIn("spread@example.org", wrongGuess(index), `10.51.${Math.floor(index / 50)}.${index % 50}`).then((r) => r.status)),
    );
    expect(checked(statuses)).toBeLessThanOrEqual(LIMITS.signInPerAddress.limit);
    expect((await signIn("spread@example.org", PASSWORD, "10.51.9.9")).status).toBe(429);
  });

  it("counts every address of one IPv6 /64 as one network, and a neighbouring /64 apart", async () => {
    await account("six@example.org");
    const statuses = [];
    for (let host = 1; host <= 6; host++) statuses.push((await signIn("six@example.org", `wrong ${host}`, `2001:db8:7:7::${host}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await signIn("six@example.org", "wrong again", "2001:db8:7:8::1")).status).toBe(401);
  });

  it("gives a right password's attempt back: a reader who signs in often is never refused", async () => {
    await account("often@example.org");
    for (let attempt = 0; attempt < LIMITS.signInPerAccount.limit + 3; attempt++) {
      expect((await signIn("often@example.org", PASSWORD, "10.52.0.1")).status).toBe(302);
    }
    expect((await signIn("often@example.org", "one wrong guess", "10.52.0.1")).status).toBe(401);
  });

  it("records the failed sign-in burst with the id of the account under attack", async () => {
    const id = await account("target@example.org");
    for (let attempt = 1; attempt <= LIMITS.signInPerAccount.limit; attempt++) await signIn("target@example.org", `wrong ${attempt}`, "10.53.0.1");
    const events = await app.services.db.selectFrom("security_events").selectAll().where("event_type", "=", "auth.failed_sign_in_burst").where("ip_address", "=", "10.53.0.1").execute();
    expect(events.map((event) => [event.user_id, event.severity])).toEqual([[id, "medium"]]);
    expect(events[0]!.details).not.toContain("target@example.org");
  });
});

describe.each(dialects)("password checks inside a session on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);

  const signedIn = async (email: string, ip: string) => {
    await createOrPromoteAdmin(app.services, { email, password: PASSWORD }, SYSTEM, new Date());
    await app.services.db.updateTable("user").set({ role: "user" }).where("email", "=", email).execute();
    const session = new HttpSession(app.url, ip);
    expect((await session.post("/sign-in", { email, password: PASSWORD })).status).toBe(302);
    return session;
  };
  /** A burst of 40 forms of one intent, wrong passwords except the last; the statuses in order. */
  const burst = (session: HttpSession, fields: (password: string) => Record<string, string>) =>
    Promise.all(Array.from({ length: 40 }, (_, index) => session.post("/account", fields(guess(index, 40))).then((r) => r.status)));
  const limit = LIMITS.sessionPasswordPerUser.limit;

  it("checks at most 5 passwords of 40 parallel password changes, then 429 with Retry-After; the password stays", async () => {
    const session = await signedIn("change@example.org", "10.54.0.1");
    const statuses = await burst(session, (currentPassword) => ({ intent: "change-password", currentPassword, password: "a stolen session's choice" }));
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(limit);
    expect(statuses[39]).toBe(429);
    const refused = await session.post("/account", { intent: "change-password", currentPassword: PASSWORD, password: "a stolen session's choice" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many attempts.");
    expect((await new HttpSession(app.url, "10.54.0.2").post("/sign-in", { email: "change@example.org", password: PASSWORD })).status).toBe(302);
  });

  it("checks at most 5 passwords of 40 parallel attempts to turn two-factor on", async () => {
    const session = await signedIn("enable@example.org", "10.54.1.1");
    const statuses = await burst(session, (password) => ({ intent: "two-factor-start", password }));
    expect(statuses.filter((status) => status === 400 || status === 200).length).toBeLessThanOrEqual(limit);
    expect(statuses[39]).toBe(429);
  });

  it("checks at most 5 passwords of 40 parallel requests for new backup codes or to turn two-factor off; it stays on", async () => {
    await confirmedAccount(app, "enrolled@example.org", "10.54.2.1");
    const { session } = await enrolTwoFactor(app, "enrolled@example.org", "10.54.2.2");
    const statuses = await burst(session, (password) => ({ intent: password.length % 2 ? "two-factor-codes" : "two-factor-disable", password }));
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(limit);
    expect(statuses[39]).toBe(429);
    const user = await app.services.db.selectFrom("user").select("twoFactorEnabled").where("email", "=", "enrolled@example.org").executeTakeFirstOrThrow();
    expect(Boolean(user.twoFactorEnabled)).toBe(true);
  });
});
