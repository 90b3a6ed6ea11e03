import type { AppConfig } from "~/lib/config.server";
import { parseRetryAfter } from "./retry-after";

/**
 * The mailing provider's REST API (MailerLite "connect" API): bearer auth, JSON, base URL
 * from MAILERLITE_BASE_URL. The key is sent only in the Authorization header of these requests: it
 * is never logged, never put in an error and never returned.
 */

export type ProviderStatus = "active" | "unsubscribed";

export interface ProviderSubscriber {
  email: string;
  name?: string | null;
  lastName?: string | null;
  /** Group ids (see listGroups). */
  groups?: string[];
  status?: ProviderStatus;
}

export type ProviderSubscriberChange = Omit<ProviderSubscriber, "email">;

export interface ProviderGroup {
  id: string;
  name: string;
}

export interface MailingProvider {
  /** POST /subscribers: adds the subscriber, or updates the one with that email (the provider upserts). */
  upsertSubscriber(subscriber: ProviderSubscriber): Promise<{ id: string | null }>;
  /** PUT /subscribers/{id or email}. */
  updateSubscriber(idOrEmail: string, change: ProviderSubscriberChange): Promise<{ id: string | null }>;
  /** GET /groups, every page. */
  listGroups(): Promise<ProviderGroup[]>;
}

/** A failed call: an HTTP error answer (status set) or no answer at all (status null: network, timeout). */
export class MailingProviderError extends Error {
  override name = "MailingProviderError";

  /**
   * Recognised by name: the server builds the provider from its own copy of this module, and the
   * app's build, which catches its errors, holds another, so the two classes are not the same object.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === "MailingProviderError";
  }

  constructor(
    readonly status: number | null,
    /** The answer's body, shortened, with email addresses and the key blanked out. */
    readonly body: string,
    /** From the answer's Retry-After header, when it had one. */
    readonly retryAfterMs: number | undefined,
  ) {
    super(status === null ? `Network error: ${body}` : `API error: ${status} - ${body}`);
  }

  /** Worth trying again later: no answer, a timeout, too many requests, or a server-side error. */
  get retryable(): boolean {
    return this.status === null || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

export interface MailerLiteOptions {
  apiKey: string;
  baseUrl: string;
  /** Per request; the provider's own limit is about 60 s, a worker should not wait that long. */
  timeoutMs?: number;
  /** The services' clock, for a Retry-After given as a date. */
  now: () => Date;
}

const BODY_LIMIT = 500;
const GROUP_PAGES_MAX = 50;

/** The mailing provider the settings name, or null when MAILERLITE_API_KEY is unset (the sync is then skipped). */
export function createMailingProvider(settings: AppConfig["mailerLite"], { now }: { now: () => Date }): MailingProvider | null {
  return settings.apiKey ? createMailerLiteClient({ apiKey: settings.apiKey, baseUrl: settings.baseUrl, now }) : null;
}

export function createMailerLiteClient({ apiKey, baseUrl, timeoutMs = 10_000, now }: MailerLiteOptions): MailingProvider {
  const base = baseUrl.replace(/\/+$/, "");
  const scrub = (text: string) => {
    const blanked = (apiKey ? text.split(apiKey).join("[redacted]") : text).replace(/[^\s"'<>(),;:@]+@[^\s"'<>(),;:@]+/g, "[email]");
    return blanked.length > BODY_LIMIT ? `${blanked.slice(0, BODY_LIMIT)}…` : blanked;
  };

  async function call(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${apiKey}`,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      throw new MailingProviderError(null, scrub(timedOut ? `no answer within ${timeoutMs} ms` : `${error instanceof Error ? error.message : String(error)}${cause}`), undefined);
    }
    const text = await response.text().catch(() => "");
    if (!response.ok) {
      throw new MailingProviderError(response.status, scrub(text), parseRetryAfter(response.headers.get("retry-after"), now()));
    }
    if (text === "") return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new MailingProviderError(response.status, scrub(`answer is not JSON: ${text}`), undefined);
    }
  }

  const fieldsOf = (change: ProviderSubscriberChange) => {
    const fields: Record<string, string> = {};
    if (change.name) fields.name = change.name;
    if (change.lastName) fields.last_name = change.lastName;
    return fields;
  };
  const bodyOf = (change: ProviderSubscriberChange) => {
    const fields = fieldsOf(change);
    return {
      ...(Object.keys(fields).length > 0 ? { fields } : {}),
      ...(change.groups && change.groups.length > 0 ? { groups: change.groups } : {}),
      ...(change.status ? { status: change.status } : {}),
    };
  };

  return {
    async upsertSubscriber(subscriber) {
      return { id: idOf(await call("POST", "/subscribers", { email: subscriber.email, ...bodyOf(subscriber) })) };
    },
    async updateSubscriber(idOrEmail, change) {
      return { id: idOf(await call("PUT", `/subscribers/${encodeURIComponent(idOrEmail)}`, bodyOf(change))) };
    },
    async listGroups() {
      const groups: ProviderGroup[] = [];
      for (let page = 1; page <= GROUP_PAGES_MAX; page++) {
        const answer = (await call("GET", `/groups?limit=100&page=${page}`)) as { data?: unknown; meta?: { last_page?: unknown } } | undefined;
        const data = Array.isArray(answer?.data) ? (answer.data as Array<{ id?: unknown; name?: unknown }>) : [];
        for (const group of data) {
          if ((typeof group.id === "string" || typeof group.id === "number") && typeof group.name === "string") {
            groups.push({ id: String(group.id), name: group.name });
          }
        }
        const lastPage = Number(answer?.meta?.last_page);
        if (data.length === 0 || !Number.isFinite(lastPage) || page >= lastPage) break;
      }
      return groups;
    },
  };
}

function idOf(answer: unknown): string | null {
  const id = (answer as { data?: { id?: unknown } } | undefined)?.data?.id;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
}
