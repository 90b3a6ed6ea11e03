import { createHmac } from "node:crypto";
import type { TestApp } from "./app-server";
import { HttpSession, linkIn, mailsArriving, pressLinkButton } from "./http-session";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const STEP_MS = 30_000;

function base32Decode(text: string): Buffer {
  let bits = "";
  for (const char of text.replace(/[\s=]/g, "").toUpperCase()) bits += BASE32.indexOf(char).toString(2).padStart(5, "0");
  return Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s steps, 6 digits) for a base32 key, at a time step. */
export function totp(secret: string, step = Math.floor(Date.now() / STEP_MS)): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** How long a code must stay good for the request that carries it: the last step's code only with this much of the step left. */
const MARGIN_MS = 5_000;

/**
 * A code the server accepts now and that was not used before: this step's, the next one's, or the
 * last one's while the step has some time left (the server accepts one step either side), else the
 * first of the next step once it comes. better-auth checks codes against real time, not the app's
 * clock, so a test that uses more than three codes in one 30-second step waits here.
 */
export async function freshCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / STEP_MS);
    const stepLeftMs = (step + 1) * STEP_MS - now;
    const candidates = [totp(secret, step), totp(secret, step + 1), ...(stepLeftMs > MARGIN_MS ? [totp(secret, step - 1)] : [])];
    const code = candidates.find((candidate) => !used.has(candidate));
    if (code) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, stepLeftMs + 100));
  }
}

/** Six digits the server does not accept now (no code of the steps around this one). */
export function wrongCode(secret: string): string {
  const step = Math.floor(Date.now() / STEP_MS);
  const valid = new Set([-2, -1, 0, 1, 2].map((offset) => totp(secret, step + offset)));
  let code = 0;
  while (valid.has(String(code).padStart(6, "0"))) code++;
  return String(code).padStart(6, "0");
}

export const PASSWORD = "correct horse battery";
export const pathOf = (link: string) => link.replace(/^https?:\/\/[^/]+/, "");

/** A confirmed reader account, made the way a reader does it: sign up, open the mailed link, press its button. */
export async function confirmedAccount(app: TestApp, email: string, ip: string, language = "en"): Promise<void> {
  const reader = new HttpSession(app.url, ip);
  const prefix = language === "en" ? "" : `/${language}`;
  await reader.post(`${prefix}/sign-up`, { name: "Reader", email, password: PASSWORD });
  const [mail] = await mailsArriving(app.services.config.dataDir, (text) => text.includes(email) && text.includes("/verify-email?token="));
  await pressLinkButton(reader, linkIn(mail!, "/verify-email"));
}

export interface Enrolled {
  secret: string;
  backupCodes: string[];
  /** The codes used so far, which the server refuses from now on. */
  used: Set<string>;
}

/** Signs in with the password and turns two-factor on from the account page, as a reader would. */
export async function enrolTwoFactor(app: TestApp, email: string, ip: string): Promise<Enrolled & { session: HttpSession }> {
  const session = new HttpSession(app.url, ip);
  await session.post("/sign-in", { email, password: PASSWORD });
  const started = await (await session.post("/account", { intent: "two-factor-start", password: PASSWORD })).text();
  const secret = started.match(/data-testid="two-factor-secret">([A-Z2-7 ]+)</)![1]!.replace(/ /g, "");
  const totpUri = started.match(/name="totpUri" value="([^"]+)"/)![1]!.replaceAll("&amp;", "&");
  const used = new Set<string>();
  const confirmed = await session.post("/account", { intent: "two-factor-confirm", totpUri, code: await freshCode(secret, used) });
  return { session, secret, used, backupCodes: backupCodesIn(await confirmed.text()) };
}

export function backupCodesIn(html: string): string[] {
  return [...html.matchAll(/<li>([A-Za-z0-9]{5}-[A-Za-z0-9]{5})<\/li>/g)].map((match) => match[1]!);
}
