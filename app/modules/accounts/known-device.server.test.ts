import { describe, expect, it } from "vitest";
import { knownDeviceCookie, knownDeviceOf, newDeviceId } from "./known-device.server";

const http = { sessionSecret: "s".repeat(64), appUrl: "http://localhost:3000" };
const https = { sessionSecret: "s".repeat(64), appUrl: "https://policy.example" };
const device = { userId: "0b5c3f7e-2a61-4c1e-9d0a-6f4b2c8e1a37", deviceId: newDeviceId() };

/** A request carrying the cookie a Set-Cookie line set (its name=value pair), beside other cookies. */
const requestWith = (setCookie: string) => new Request("http://localhost/sign-in", { headers: { cookie: `theme=dark; ${setCookie.split(";")[0]}; lang=fr` } });

describe("the known-device cookie", () => {
  it("is HttpOnly, SameSite=Lax, kept for 400 days; over https Secure with the __Host- prefix", () => {
    expect(knownDeviceCookie(http, device)).toMatch(/^dp\.known_device=[^;]+; Path=\/; Max-Age=34560000; HttpOnly; SameSite=Lax$/);
    expect(knownDeviceCookie(https, device)).toMatch(/^__Host-dp\.known_device=[^;]+; Path=\/; Max-Age=34560000; HttpOnly; SameSite=Lax; Secure$/);
  });

  it("names the account and the device it was set for, and only on the site it was set for", () => {
    expect(knownDeviceOf(http, requestWith(knownDeviceCookie(http, device)))).toEqual(device);
    expect(knownDeviceOf(https, requestWith(knownDeviceCookie(https, device)))).toEqual(device);
    // An https site reads only its __Host- cookie, which no other site of the domain can set.
    expect(knownDeviceOf(https, requestWith(knownDeviceCookie(http, device)))).toBeNull();
  });

  it("counts as no device when forged, signed with another secret, altered or malformed", () => {
    const value = knownDeviceCookie(http, device).split(";")[0]!.slice("dp.known_device=".length);
    const [userId, deviceId, signature] = value.split(".");
    const other = { ...http, sessionSecret: "t".repeat(64) };
    const forged = [
      `${userId}.${deviceId}.${"A".repeat(43)}`,
      `${userId}.${newDeviceId()}.${signature}`,
      `0b5c3f7e-2a61-4c1e-9d0a-6f4b2c8e1a38.${deviceId}.${signature}`,
      `${value}.extra`,
      `${userId}.${deviceId}`,
      "",
      "%00",
    ];
    for (const text of forged) expect(knownDeviceOf(http, requestWith(`dp.known_device=${text}`))).toBeNull();
    expect(knownDeviceOf(other, requestWith(knownDeviceCookie(http, device)))).toBeNull();
    expect(knownDeviceOf(http, new Request("http://localhost/sign-in"))).toBeNull();
  });

  it("gives every new device its own 128-bit id", () => {
    const ids = new Set(Array.from({ length: 1000 }, newDeviceId));
    expect(ids.size).toBe(1000);
    expect([...ids].every((id) => Buffer.from(id, "base64url").length === 16)).toBe(true);
  });
});
