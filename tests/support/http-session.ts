import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { until } from "./waiting";

export interface HttpSessionOptions {
  /** Another fetch (tests/support/nginx.ts: https with the test's own certificate). */
  fetch?: typeof fetch;
  /** The Origin a browser would send; the base URL's by default. */
  origin?: string;
}

/** A browser-like client for integration tests: keeps cookies, sends the site's Origin on POSTs. */
export class HttpSession {
  private readonly cookies: Map<string, string>;
  private readonly fetcher: typeof fetch;
  private readonly origin: string;

  constructor(private readonly baseUrl: string, private readonly ip = "10.9.0.1", options: HttpSessionOptions = {}, cookies = new Map<string, string>()) {
    this.fetcher = options.fetch ?? fetch;
    this.origin = options.origin ?? baseUrl;
    this.cookies = cookies;
  }

  /** The same browser (its cookies) talking to another address, e.g. one instance behind the proxy directly. */
  via(baseUrl: string, options: HttpSessionOptions = {}): HttpSession {
    return new HttpSession(baseUrl, this.ip, { origin: this.origin, ...options }, this.cookies);
  }

  get(pathname: string): Promise<Response> {
    return this.send(pathname, { method: "GET" });
  }

  /** A form POST; repeat a name by giving pairs: [["interests", "a"], ["interests", "b"]]. */
  post(pathname: string, fields: Record<string, string> | Array<[string, string]>): Promise<Response> {
    return this.send(pathname, { method: "POST", body: new URLSearchParams(fields) });
  }

  /** Any request with the session's cookies, Origin and address; `init.headers` are added to them. */
  request(pathname: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
    return this.send(pathname, init);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private async send(pathname: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
    const response = await this.fetcher(this.baseUrl + pathname, {
      ...init,
      redirect: "manual",
      headers: { cookie: this.cookieHeader(), origin: this.origin, "x-forwarded-for": this.ip, ...init.headers },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }
}

/** The mails the file mailer wrote (no SMTP_URL), oldest first, with quoted-printable undone. */
export function mailsIn(dataDir: string): string[] {
  const folder = path.join(dataDir, "mail");
  let files: string[];
  try {
    files = readdirSync(folder).filter((file) => file.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  return files.map((file) => readFileSync(path.join(folder, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="));
}

/** The first link in a mail that points at `pathname`. */
export function linkIn(mail: string, pathname: string): string {
  const match = mail.match(new RegExp(`https?://[^\\s]*${pathname}\\?token=[^\\s]+`));
  if (!match) throw new Error(`No ${pathname} link in the mail:\n${mail}`);
  return match[0];
}

/**
 * What a reader does with a mailed link: open it (the page only shows a button) and press the
 * button, which posts the link's token back to the same address. Returns the answer to the press.
 */
export async function pressLinkButton(session: HttpSession, link: string): Promise<Response> {
  const pathname = link.replace(/^https?:\/\/[^/]+/, "");
  const opened = await session.get(pathname);
  if (opened.status !== 200) throw new Error(`Opening ${pathname} answered ${opened.status}`);
  const token = new URL(pathname, "http://site").searchParams.get("token") ?? "";
  return session.post(pathname, { token });
}

/**
 * Mails are sent by the outbox worker a moment after the answer: waits until at least `count` mails that
 * `matches` are in the folder, and returns them, oldest first.
 */
export function mailsArriving(dataDir: string, matches: (mail: string) => boolean, count = 1): Promise<string[]> {
  return until(() => {
    const found = mailsIn(dataDir).filter(matches);
    return found.length >= count && found;
  }, 50);
}
