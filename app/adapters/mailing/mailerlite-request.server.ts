import { MailingProviderError } from "./provider-error";
import { createPace, type ProviderPace } from "./provider-pace";

/**
 * One HTTP request to MailerLite's "connect" API, shared by the subscriber client (mailerlite.server.ts)
 * and the campaigns client (mailerlite-campaigns.server.ts): bearer auth, JSON, a time-out, no
 * redirects, and every answer read into the pace (X-RateLimit-Remaining, a 429's Retry-After). The
 * key is sent only in the Authorization header: it is never logged, never put in an error and never
 * returned, and addresses are blanked out of the bodies errors carry.
 */

export interface MailerLiteOptions {
  apiKey: string;
  baseUrl: string;
  /** Per request; the provider's own limit is about 60 s, a worker should not wait that long. */
  timeoutMs?: number;
  /** The services' clock, for a Retry-After given as a date and for the pace. */
  now: () => Date;
  /** Another client's pace, so that two clients of one account wait for each other; a new one otherwise. */
  pace?: ProviderPace;
}

/** One request's answer: inside a batch, or alone. */
export interface ProviderReply {
  status: number;
  body: unknown;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface MailerLiteRequest {
  pace: ProviderPace;
  /**
   * One HTTP request; an answer of any other status is returned with its text. Throws a
   * MailingProviderError when there is no answer (network, time-out), for 401, 429 and 5xx, and when
   * an answer that has a body is not JSON.
   */
  exchange(method: HttpMethod, path: string, body?: unknown): Promise<ProviderReply & { text: string }>;
  /** The error for an answer, its body shortened and scrubbed. */
  failure(status: number | null, body: string, retryAfterMs?: number): MailingProviderError;
}

const BODY_LIMIT = 500;

export function createMailerLiteRequest({ apiKey, baseUrl, timeoutMs = 10_000, now, pace = createPace() }: MailerLiteOptions): MailerLiteRequest {
  const base = baseUrl.replace(/\/+$/, "");
  const scrub = (text: string) => {
    const blanked = (apiKey ? text.split(apiKey).join("[redacted]") : text).replace(/[^\s"'<>(),;:@]+@[^\s"'<>(),;:@]+/g, "[email]");
    return blanked.length > BODY_LIMIT ? `${blanked.slice(0, BODY_LIMIT)}…` : blanked;
  };
  const failure = (status: number | null, body: string, retryAfterMs?: number) => new MailingProviderError(status, scrub(body), retryAfterMs);

  async function exchange(method: HttpMethod, path: string, body?: unknown): Promise<ProviderReply & { text: string }> {
    let response: Response;
    try {
      response = await fetch(`${base}/${path}`, {
        method,
        headers: { Authorization: `Bearer ${apiKey}`, Accept: "application/json", "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      throw failure(null, timedOut ? `no answer within ${timeoutMs} ms` : `${error instanceof Error ? error.message : String(error)}${cause}`);
    }
    const text = await response.text().catch(() => "");
    const at = now();
    const retryAfterMs = pace.observe(response.status, response.headers, text, at);
    if (response.status === 401 || response.status === 429 || response.status >= 500) throw failure(response.status, text, retryAfterMs);
    if (text === "") return { status: response.status, body: undefined, text };
    try {
      return { status: response.status, body: JSON.parse(text) as unknown, text };
    } catch {
      throw failure(response.status, `answer is not JSON: ${text}`);
    }
  }

  return { pace, exchange, failure };
}
