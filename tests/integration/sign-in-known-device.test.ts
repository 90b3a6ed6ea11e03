import { describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";

// Guesses from strangers pause password sign-in for an account, but not on a device that signed in to
// it with its password before: that device counts its attempts in its own allowance.

const PASSWORD = "correct horse battery";
const SYSTEM = { userId: null, sessionId: null, ip: "test", userAgent: null };
const DEVICE_COOKIE = "dp.known_device";
/** A status that means the password was checked: 401 wrong, 302 signed in (429 means refused unchecked). */
const checked = (statuses: number[]) => statuses.filter((status) => status === 401 || status === 302).length;

describe.each(dialects)("a known device's own sign-in allowance on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);

  const account = async (email: string) => {
    await createOrPromoteAdmin(app.services, { email, password: PASSWORD }, SYSTEM, new Date());
    await app.services.db.updateTable("user").set({ role: "user" }).where("email", "=", email).execute();
  };
  /** A browser that carries only these cookies (a device cookie kept after signing out, or one made up). */
  const browser = (ip: string, cookies: Record<string, string> = {}) => new HttpSession(app.url, ip, {}, new Map(Object.entries(cookies)));
  /** Signs in with the password on a new browser, signs out, and returns the device cookie the browser kept. */
  const deviceCookieOf = async (email: string, ip: string) => {
    const device = browser(ip);
    const signedIn = await device.post("/sign-in", { email, password: PASSWORD });
    expect(signedIn.status).toBe(302);
    const line = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    expect(line).toMatch(/; Path=\/; Max-Age=\d{8}; HttpOnly; SameSite=Lax$/);
    expect((await device.post("/sign-out", {})).status).toBe(302);
    const value = /dp\.known_device=([^;]*)/.exec(device.cookieHeader())?.[1];
    expect(value).toBeTruthy();
    return value!;
  };
  const wrongGuesses = (email: string, count: number, from: (index: number) => HttpSession) =>
    Promise.all(Array.from({ length: count }, (_, index) => from(index).post("/sign-in", { email, password: `wrong guess ${index}` }).then((r) => r.status)));

  it("after 100 parallel guesses from 100 networks, the owner's device still signs in; a stranger, a forged and another account's device cookie get 429", async () => {
    await account("owner@example.org");
    await account("other@example.org");
    const ownerDevice = await deviceCookieOf("owner@example.org", "10.60.0.1");
    const otherDevice = await deviceCookieOf("other@example.org", "10.60.0.2");

    const statuses = await wrongGuesses("owner@example.org", 100, (index) => browser(`10.61.${Math.floor(index / 50)}.${index % 50}`));
    expect(checked(statuses)).toBeLessThanOrEqual(LIMITS.signInPerAddress.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - checked(statuses));

    const signIn = (cookies: Record<string, string>, ip: string) => browser(ip, cookies).post("/sign-in", { email: "owner@example.org", password: PASSWORD });
    expect((await signIn({}, "10.62.0.1")).status).toBe(429);
    const flipped = ownerDevice.slice(0, -1) + (ownerDevice.endsWith("A") ? "B" : "A");
    expect((await signIn({ [DEVICE_COOKIE]: flipped }, "10.62.0.2")).status).toBe(429);
    const [otherUser, , otherSignature] = otherDevice.split(".");
    const [, ownerDeviceId] = ownerDevice.split(".");
    expect((await signIn({ [DEVICE_COOKIE]: otherDevice }, "10.62.0.3")).status).toBe(429);
    expect((await signIn({ [DEVICE_COOKIE]: `${otherUser}.${ownerDeviceId}.${otherSignature}` }, "10.62.0.4")).status).toBe(429);

    // The owner, from a network none of the guesses came from, on the device that signed in before.
    const owner = browser("10.62.0.5", { [DEVICE_COOKIE]: ownerDevice });
    expect((await owner.post("/sign-in", { email: "owner@example.org", password: PASSWORD })).status).toBe(302);
    expect(await (await owner.get("/account")).text()).toContain("owner@example.org");
  });

  it("holds the device's own allowance under a burst: at most 10 of 40 parallel guesses with its cookie are checked, then 429", async () => {
    await account("stolen@example.org");
    const device = await deviceCookieOf("stolen@example.org", "10.63.0.1");
    const statuses = await wrongGuesses("stolen@example.org", 40, (index) => browser(`10.63.1.${index}`, { [DEVICE_COOKIE]: device }));
    expect(checked(statuses)).toBeLessThanOrEqual(LIMITS.signInPerDevice.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - checked(statuses));
    expect((await browser("10.63.2.1", { [DEVICE_COOKIE]: device }).post("/sign-in", { email: "stolen@example.org", password: PASSWORD })).status).toBe(429);
    // The device's guesses were its own: a stranger's allowance for the account is untouched.
    expect((await browser("10.63.2.2").post("/sign-in", { email: "stolen@example.org", password: PASSWORD })).status).toBe(302);
  });

  it("gives no session by itself, and keeps its id when the device signs in again", async () => {
    await account("returning@example.org");
    const device = await deviceCookieOf("returning@example.org", "10.64.0.1");
    const carrier = browser("10.64.0.2", { [DEVICE_COOKIE]: device });
    const account_ = await carrier.get("/account");
    expect(account_.status).toBe(302);
    expect(account_.headers.get("location")).toMatch(/\/sign-in/);
    expect((await carrier.post("/sign-in", { email: "returning@example.org", password: PASSWORD })).status).toBe(302);
    const renewed = /dp\.known_device=([^;]*)/.exec(carrier.cookieHeader())?.[1];
    expect(renewed?.split(".")[1]).toBe(device.split(".")[1]);
  });
});
