import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The "known device" cookie: a browser that once signed in to an account with its password carries the
 * account's id and a random id of its own, signed with a key derived from SESSION_SECRET for this one
 * purpose (HKDF). It opens nothing: it only lets password sign-in count this device's attempts apart
 * from the ones strangers share (LIMITS.signInPerDevice), so guesses from elsewhere cannot pause the
 * owner's own sign-in. Over https it takes the __Host- prefix, like the session cookie.
 */
export interface KnownDevice {
  userId: string;
  deviceId: string;
}

/** What the cookie needs from the configuration: the secret its key comes from, and whether the site is https. */
export interface DeviceCookieConfig {
  sessionSecret: string;
  appUrl: string;
}

const COOKIE = "dp.known_device";
/** Browsers keep a cookie at most 400 days; each password sign-in from the device sets it again. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const KEY_INFO = "diaspora-policy/known-device/v1";
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/; // 16 random bytes, base64url
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/; // HMAC-SHA256, base64url

const isHttps = (config: DeviceCookieConfig) => config.appUrl.startsWith("https://");
const cookieName = (config: DeviceCookieConfig) => (isHttps(config) ? `__Host-${COOKIE}` : COOKIE);

function signature(config: DeviceCookieConfig, { userId, deviceId }: KnownDevice): string {
  const key = Buffer.from(hkdfSync("sha256", config.sessionSecret, "", KEY_INFO, 32));
  return createHmac("sha256", key).update(`${userId}\n${deviceId}`).digest("base64url");
}

/** A new device's id: 128 random bits. */
export function newDeviceId(): string {
  return randomBytes(16).toString("base64url");
}

/** The Set-Cookie value that marks this browser as a known device of the account. */
export function knownDeviceCookie(config: DeviceCookieConfig, device: KnownDevice): string {
  const value = `${device.userId}.${device.deviceId}.${signature(config, device)}`;
  const attributes = ["Path=/", `Max-Age=${MAX_AGE_SECONDS}`, "HttpOnly", "SameSite=Lax", ...(isHttps(config) ? ["Secure"] : [])];
  return [`${cookieName(config)}=${value}`, ...attributes].join("; ");
}

/** The device the request's cookie names, when the site itself signed it; null for none, a malformed or a forged one. */
export function knownDeviceOf(config: DeviceCookieConfig, request: Request): KnownDevice | null {
  const name = cookieName(config);
  const pair = (request.headers.get("cookie") ?? "").split(";").find((part) => part.split("=", 1)[0]!.trim() === name);
  const [userId = "", deviceId = "", sig = "", ...rest] = (pair?.slice(pair.indexOf("=") + 1).trim() ?? "").split(".");
  if (rest.length || !USER_ID.test(userId) || !DEVICE_ID.test(deviceId) || !SIGNATURE.test(sig)) return null;
  const device = { userId, deviceId };
  return timingSafeEqual(Buffer.from(sig), Buffer.from(signature(config, device))) ? device : null;
}
