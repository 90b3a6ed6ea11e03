import { describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { appOnTestDatabase, outboxDrained } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession, mailsIn } from "../support/http-session";
import { pngImage } from "../support/images";
import { people } from "../support/people";
import { uploadFile } from "../support/tus";
import { confirmedAccount, enrolTwoFactor, freshCode, PASSWORD, wrongCode } from "../support/two-factor";

// Every limited form under a burst of parallel requests: the limit is taken before the work, so no
// more than the limit gets through, and what is refused answers 429 having written and mailed nothing.

const SYSTEM = { userId: null, sessionId: null, ip: "test", userAgent: null };
const passed = (statuses: number[]) => statuses.filter((status) => status !== 429).length;
/** Says which statuses got through when a burst's count is wrong: a 500 under load is not a limit let through. */
const through = (statuses: number[]) => `statuses other than 429: ${statuses.filter((status) => status !== 429).join(", ")}`;
const parallel = (count: number, send: (index: number) => Promise<Response>) => Promise.all(Array.from({ length: count }, (_, index) => send(index).then((r) => r.status)));

describe.each(dialects)("limits under bursts on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { adminInMode } = people(app);
  const db = () => app.services.db;
  const post = (path: string, fields: Record<string, string>, ip: string) => new HttpSession(app.url, ip).post(path, fields);
  // Mails leave through the outbox: count them once it has nothing left to send.
  const mailsWith = async (email: string, pathname: string) => {
    await outboxDrained(app);
    return mailsIn(app.services.config.dataDir).filter((mail) => mail.includes(`To: ${email}`) && mail.includes(pathname));
  };

  it("contact: 40 parallel messages from one network store and mail 3", async () => {
    const statuses = await parallel(40, (index) => post("/contact", { name: "N", email: `c${index}@example.org`, message: `m${index}` }, "10.70.0.1"));
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMITS.contactPerAddress.limit);
    expect(await db().selectFrom("contact_messages").select("id").execute()).toHaveLength(LIMITS.contactPerAddress.limit);
  });

  it("contact: the addresses of one IPv6 /64 share the network's limit; the next /64 has its own", async () => {
    const statuses = [];
    for (let host = 1; host <= 4; host++) statuses.push((await post("/contact", { name: "S", email: `six${host}@example.org`, message: "m" }, `2001:db8:5:5::${host}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await post("/contact", { name: "S", email: "six9@example.org", message: "m" }, "2001:db8:5:6::1")).status).toBe(200);
  });

  it("comments: 40 parallel comments from one network store 3", async () => {
    const statuses = await parallel(40, (index) => post("/about", { name: "N", comment: `c${index}`, terms: "on" }, "10.71.0.1"));
    expect(passed(statuses), through(statuses)).toBe(LIMITS.commentPerAddress.limit);
    expect(await db().selectFrom("comments").select("id").execute()).toHaveLength(LIMITS.commentPerAddress.limit);
  });

  it("newsletter: 40 parallel subscriptions from one network store 20; 30 for one address from 30 networks get 5 tries", async () => {
    const network = await parallel(40, (index) => post("/newsletter", { email: `n${index}@example.org` }, "10.72.0.1"));
    expect(passed(network), through(network)).toBe(LIMITS.subscribePerNetwork.limit);
    expect(await db().selectFrom("subscribers").select("id").where("email", "like", "n%@example.org").execute()).toHaveLength(LIMITS.subscribePerNetwork.limit);
    const address = await parallel(30, (index) => post("/newsletter", { email: "one@example.org" }, `10.72.1.${index}`));
    expect(passed(address), through(address)).toBe(LIMITS.subscribePerAddress.limit);
    expect(await db().selectFrom("subscribers").select("id").where("email", "=", "one@example.org").execute()).toHaveLength(1);
  });

  it("sign-in links: 30 parallel requests for one address from 30 networks mail one link", async () => {
    await createOrPromoteAdmin(app.services, { email: "linked@example.org", password: PASSWORD }, SYSTEM, new Date());
    const statuses = await parallel(30, (index) => post("/sign-in-link", { email: "linked@example.org" }, `10.73.0.${index}`));
    expect(passed(statuses), through(statuses)).toBe(LIMITS.signInLinkInterval.limit);
    expect(await mailsWith("linked@example.org", "/sign-in-link/verify?token=")).toHaveLength(1);
  });

  it("password reset: 30 parallel requests for one address from 30 networks mail 3 links", async () => {
    await createOrPromoteAdmin(app.services, { email: "forgot@example.org", password: PASSWORD }, SYSTEM, new Date());
    const statuses = await parallel(30, (index) => post("/forgot-password", { email: "forgot@example.org" }, `10.74.0.${index}`));
    expect(passed(statuses), through(statuses)).toBe(LIMITS.passwordResetPerAddress.limit);
    expect(await mailsWith("forgot@example.org", "/reset-password?token=")).toHaveLength(LIMITS.passwordResetPerAddress.limit);
  });

  // The burst holds wrong codes only and the right one follows it: under load, a request sent last may reach
  // the server among the first, where it is rightly checked. The app's clock stands still meanwhile: the
  // limit is 3 per 10 s, and 61 requests on a slow machine can take longer than that.
  it("two-factor: 60 parallel codes on one challenge check at most 3, and the right code after them does not sign in", async () => {
    await confirmedAccount(app, "codes@example.org", "10.75.0.1");
    const enrolled = await enrolTwoFactor(app, "codes@example.org", "10.75.0.2");
    const challenge = new HttpSession(app.url, "10.75.0.3");
    expect((await challenge.post("/sign-in", { email: "codes@example.org", password: PASSWORD })).status).toBe(302);
    const right = await freshCode(enrolled.secret, enrolled.used);
    const wrong = wrongCode(enrolled.secret);
    const { statuses, last } = await app.clock.held(async () => {
      const statuses = await parallel(60, () => challenge.post("/two-factor", { code: wrong }));
      return { statuses, last: (await challenge.post("/two-factor", { code: right })).status };
    });
    expect(passed(statuses), through(statuses)).toBeLessThanOrEqual(LIMITS.twoFactorAttempts.limit);
    expect(last).toBe(429);
    expect((await challenge.get("/account")).status).toBe(302);
  });

  it("temporary cover: 10 parallel uploads by the admin save 3", async () => {
    const owner = await adminInMode("10.76.0.1");
    const operatorId = (await db().selectFrom("user").select("id").where("email", "=", "owner@example.org").executeTakeFirstOrThrow()).id;
    const image = await pngImage();
    const uploads: string[] = [];
    for (let index = 0; index < 10; index++) uploads.push(await uploadFile(owner, image, `cover-${index}.png`, "image"));
    const statuses = await parallel(10, (index) => owner.post("/shop.data", { intent: "saveTemporaryCover", operatorId, uploadId: uploads[index]! }));
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMITS.temporaryCoverPerUser.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10 - LIMITS.temporaryCoverPerUser.limit);
  });
});
