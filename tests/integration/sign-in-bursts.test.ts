import { describe, expect, it } from "vitest";
import { LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { readerAccount, wrongGuess } from "../support/password-guesses";
import { PASSWORD } from "../support/two-factor";

// Password sign-in under bursts of parallel requests: the limits are taken before the password is
// checked, per address and network, per network (an IPv6 /64 is one), and per address from anywhere.
// Password checks inside a session under bursts: session-password-bursts.test.ts.
/** A status that means the password was checked: 401 wrong, 302 signed in (429 means refused unchecked). */
const checked = (statuses: number[]) => statuses.filter((status) => status === 401 || status === 302).length;

describe.each(dialects)("sign-in limits under bursts on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);

  const account = (email: string) => readerAccount(app, email);
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
