import { describe, expect, it } from "vitest";
import { LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { guess, readerAccount } from "../support/password-guesses";
import { confirmedAccount, enrolTwoFactor, PASSWORD } from "../support/two-factor";

// Password checks inside a signed-in session under bursts of parallel forms (a stolen session guessing the
// password): changing it, turning two-factor on or off, new backup codes. Each checks at most the limit.

describe.each(dialects)("password checks inside a session on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);

  const signedIn = async (email: string, ip: string) => {
    await readerAccount(app, email);
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
