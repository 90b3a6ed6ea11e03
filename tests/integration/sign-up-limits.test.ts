import { describe, expect, it } from "vitest";
import { authBoolean } from "~/adapters/auth/auth.server";
import { LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { runUnconfirmedAccountCleanup } from "../../server/retention-job";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession, mailsIn } from "../support/http-session";

// Sign-up under bursts: limits per network and per address, confirmation mails limited per address,
// names without control characters, no chosen name in mails to unconfirmed addresses, and accounts
// never confirmed removed once their link has expired.

const PASSWORD = "correct horse battery";
const HOUR = 60 * 60 * 1000;

describe.each(dialects)("sign-up limits on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const users = (pattern: string) => app.services.db.selectFrom("user").selectAll().where("email", "like", pattern).execute();
  const mailsTo = (email: string) => mailsIn(app.services.config.dataDir).filter((mail) => mail.includes(`To: ${email}`) && mail.includes("/verify-email?token="));
  const signUp = (fields: Record<string, string>, ip: string) => new HttpSession(app.url, ip).post("/sign-up", { password: PASSWORD, ...fields });

  it("creates at most 10 accounts an hour from one network: 30 parallel sign-ups", async () => {
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, index) => signUp({ name: "N", email: `net${index}@example.org` }, "10.60.0.1").then((r) => r.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMITS.signUpPerNetwork.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LIMITS.signUpPerNetwork.limit);
    expect(await users("net%@example.org")).toHaveLength(LIMITS.signUpPerNetwork.limit);
    const refused = await signUp({ name: "N", email: "net-late@example.org" }, "10.60.0.1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many attempts.");
  });

  it("takes at most 3 sign-ups a day for one address, whatever the network: one account, one mail", async () => {
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, index) => signUp({ name: "A", email: "victim@example.org" }, `10.61.0.${index}`).then((r) => r.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMITS.signUpPerAddress.limit);
    expect(await users("victim@example.org")).toHaveLength(1);
    expect(mailsTo("victim@example.org")).toHaveLength(1);
  });

  it("mails at most 3 confirmations a day to an unconfirmed address however often its right password is tried", async () => {
    expect((await signUp({ name: "R", email: "resend@example.org" }, "10.62.0.1")).status).toBe(200);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => new HttpSession(app.url, `10.62.1.${index}`).post("/sign-in", { email: "resend@example.org", password: PASSWORD }).then((r) => r.status)),
    );
    expect(statuses.every((status) => status === 403)).toBe(true);
    expect(mailsTo("resend@example.org")).toHaveLength(LIMITS.confirmationMailPerAddress.limit);
  });

  it("stores a name without control characters or text-reordering marks", async () => {
    expect((await signUp({ name: " Ada\r\nBcc: x@evil.example\u0000\u202eLovelace\t", email: "ada@example.org" }, "10.63.0.1")).status).toBe(200);
    const [ada] = await users("ada@example.org");
    expect(ada!.name).toBe("Ada Bcc: x@evil.example Lovelace");
  });

  it("leaves the chosen name out of the confirmation mail", async () => {
    const name = "Your prize waits at https://evil.example/claim";
    expect((await signUp({ name, email: "prize@example.org" }, "10.64.0.1")).status).toBe(200);
    const [mail] = mailsTo("prize@example.org");
    expect(mail).toContain("/verify-email?token=");
    expect(mail).not.toContain("evil.example");
    expect(mail).not.toContain("Your prize");
  });

  it("removes accounts never confirmed once their latest link has expired, with their sessions and credentials", async () => {
    for (const [email, ip] of [["expired@example.org", "10.65.0.1"], ["resent@example.org", "10.65.0.2"], ["recent@example.org", "10.65.0.3"]] as const) {
      expect((await signUp({ name: "E", email }, ip)).status).toBe(200);
    }
    // The job runs 25 hours later: the link of one of them was mailed again 2 hours before, and one signed up then.
    const later = new Date(Date.now() + 25 * HOUR);
    const twoHoursBefore = new Date(later.getTime() - 2 * HOUR).toISOString();
    const db = app.services.db;
    await db.updateTable("user").set({ verificationSentAt: twoHoursBefore }).where("email", "=", "resent@example.org").execute();
    await db.updateTable("user").set({ createdAt: twoHoursBefore, verificationSentAt: twoHoursBefore }).where("email", "=", "recent@example.org").execute();
    const expired = (await users("expired@example.org"))[0]!;
    await db.insertInto("session").values({ id: "s-expired", token: "t-expired", userId: expired.id, expiresAt: later.toISOString(), createdAt: expired.createdAt, updatedAt: expired.createdAt, ipAddress: null, userAgent: null }).execute();
    const confirmed = (await db.selectFrom("user").select("email").where("emailVerified", "=", authBoolean(dialect, true)).execute()).length;

    const result = await runUnconfirmedAccountCleanup({ db, dialect, now: () => later });
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await users("expired@example.org")).toEqual([]);
    expect(await db.selectFrom("account").select("id").where("userId", "=", expired.id).execute()).toEqual([]);
    expect(await db.selectFrom("session").select("id").where("userId", "=", expired.id).execute()).toEqual([]);
    expect(await users("resent@example.org")).toHaveLength(1);
    expect(await users("recent@example.org")).toHaveLength(1);
    expect(await db.selectFrom("user").select("email").where("emailVerified", "=", authBoolean(dialect, true)).execute()).toHaveLength(confirmed);
    // The address is free again.
    expect((await signUp({ name: "E", email: "expired@example.org" }, "10.65.0.4")).status).toBe(200);
    expect(await users("expired@example.org")).toHaveLength(1);
  });
});
