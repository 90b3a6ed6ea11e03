import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Expiring links to private files: `/files/podcast/x.mp3?exp=1767225600&sig=…`. The signature is an
 * HMAC-SHA256 over the URL path and the expiry (seconds since 1970), base64url, with a key derived
 * from SESSION_SECRET for this one purpose (HKDF), so it can sign nothing else. Checking compares in
 * constant time (timingSafeEqual) and checks the signature before the expiry, so an expired answer
 * is only ever given for a link the site itself made.
 */
export type LinkCheck = "valid" | "expired" | "invalid";

export interface SignedLinkParams {
  exp: string;
  sig: string;
}

export interface SignedLinks {
  /** The query parameters that make `path` (a URL path, starting with /) openable until `expiresAt`. */
  sign(path: string, expiresAt: Date): SignedLinkParams;
  /** `path?exp=…&sig=…` */
  url(path: string, expiresAt: Date): string;
  /** Whether the request for `path` carries a valid, unexpired signature in its query. */
  verify(path: string, query: URLSearchParams, now: Date): LinkCheck;
}

const KEY_INFO = "diaspora-policy/signed-object-links/v1";
const EXP = /^\d{1,12}$/;
const SIG = /^[A-Za-z0-9_-]{43}$/; // 32 bytes, base64url without padding

export function createSignedLinks(secret: string): SignedLinks {
  if (secret.length < 32) throw new Error("The link-signing secret must have at least 32 characters");
  const key = Buffer.from(hkdfSync("sha256", secret, "", KEY_INFO, 32));
  const mac = (path: string, exp: string) => createHmac("sha256", key).update(`${path}\n${exp}`).digest("base64url");

  function sign(path: string, expiresAt: Date): SignedLinkParams {
    if (!/^\/[^?#\s]*$/.test(path)) throw new TypeError(`Only a URL path can be signed: ${JSON.stringify(path)}`);
    const exp = String(Math.floor(expiresAt.getTime() / 1000));
    return { exp, sig: mac(path, exp) };
  }

  return {
    sign,
    url(path, expiresAt) {
      const { exp, sig } = sign(path, expiresAt);
      return `${path}?${new URLSearchParams({ exp, sig })}`;
    },
    verify(path, query, now) {
      const exp = query.get("exp") ?? "";
      const sig = query.get("sig") ?? "";
      if (!EXP.test(exp) || !SIG.test(sig)) return "invalid";
      if (!timingSafeEqual(Buffer.from(sig), Buffer.from(mac(path, exp)))) return "invalid";
      return Number(exp) * 1000 <= now.getTime() ? "expired" : "valid";
    },
  };
}
