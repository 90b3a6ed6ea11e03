import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * An account link's token waits in the outbox until its mail leaves (seconds, or longer while the mail
 * server is down). It waits sealed (AES-256-GCM, with a key derived from SESSION_SECRET for this one
 * purpose), so a copy of the database without the secret, a backup above all, holds no working link.
 */
const KEY_INFO = "diaspora-policy/outbox-link-tokens/v1";
const PREFIX = "sealed.v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyFrom = (secret: string) => Buffer.from(hkdfSync("sha256", secret, "", KEY_INFO, 32));

export function sealLinkToken(secret: string, token: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secret), iv);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

/**
 * The token, or null when it was sealed with another secret (a site restored from a backup starts with
 * its own) or is damaged. A token queued plain, before tokens were sealed, is returned as it is.
 */
export function openLinkToken(secret: string, value: string): string | null {
  if (!value.startsWith(PREFIX)) return value;
  const bytes = Buffer.from(value.slice(PREFIX.length), "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(secret), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
